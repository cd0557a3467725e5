import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { NetworkFailure, Transport, TransportRequest, TransportResponse } from '../transport-types';

export interface HttpTransport extends Transport {
  /** Stops the worker; further sends fail. Jest exits without it too (the worker is unref'd). */
  close(): void;
}

interface Reply {
  id: number;
  results: Array<TransportResponse | NetworkFailure>;
}

/**
 * Real HTTP, synchronously: a worker thread fetches (a whole batch in parallel) while this thread
 * blocks in Atomics.wait. The server must not live on this thread: it would be blocked too.
 */
export function httpTransport(opts: { timeoutMs?: number } = {}): HttpTransport {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  let nextId = 1;
  let closed = false;
  const signal = new SharedArrayBuffer(4);
  const flag = new Int32Array(signal);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(join(__dirname, 'http-worker.js'), { workerData: { port: port2, signal }, transferList: [port2] });
  worker.unref();
  // Seen only between sends (this thread blocks during them); a dead worker makes sends time out.
  worker.on('error', () => {
    closed = true;
  });
  port1.unref();

  const fail = (requests: TransportRequest[], why: string): NetworkFailure[] => requests.map(() => ({ networkError: why }));

  return {
    send(requests) {
      if (closed) return fail(requests, 'transport closed');
      if (requests.length === 0) return [];
      const id = nextId++;
      port1.postMessage({ id, requests, timeoutMs });
      // Worker start-up and the per-request abort both fit inside this margin.
      const deadline = Date.now() + timeoutMs + 2_000;
      for (;;) {
        const reply = receiveMessageOnPort(port1)?.message as Reply | undefined;
        if (reply?.id === id) return reply.results;
        if (reply) continue; // a stale reply from a batch that timed out earlier
        const left = deadline - Date.now();
        if (left <= 0) return fail(requests, `timeout after ${timeoutMs} ms`);
        // The worker posts the reply, then sets the flag to the batch id and wakes us.
        const seen = Atomics.load(flag, 0);
        Atomics.wait(flag, 0, seen, seen === id ? 1 : Math.min(left, 1_000));
      }
    },
    close() {
      closed = true;
      port1.close();
      void worker.terminate();
    },
  };
}
