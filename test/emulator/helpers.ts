import { createEmulator, inProcessTransport, type Emulator, type EmulatorOptions } from '../../emulator';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';

/**
 * An in-process server for emulator tests: echoes the request as JSON; `/status/N` answers N,
 * `/delay/N` takes N virtual ms, `/down` is a network failure.
 */
export function echoHandler(seen: TransportRequest[] = []) {
  return (req: TransportRequest): TransportResponse | { networkError: string } => {
    seen.push(req);
    const path = req.url.replace(/^https?:\/\/[^/]+/, '');
    if (path.startsWith('/down')) return { networkError: 'ECONNREFUSED' };
    const status = /^\/status\/(\d+)/.exec(path);
    const delay = /^\/delay\/(\d+)/.exec(path);
    return {
      status: status ? Number(status[1]) : 200,
      headers: { 'content-type': 'application/json', 'x-path': path },
      body: JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: req.body }),
      delayMs: delay ? Number(delay[1]) : undefined,
    };
  };
}

export function newEmulator(opts: Partial<EmulatorOptions> = {}, seen: TransportRequest[] = []): Emulator {
  return createEmulator({ transport: inProcessTransport(echoHandler(seen)), ...opts });
}

/** Errors from a vm context are not `instanceof Error` here; compare messages instead. */
export function thrownMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return String((e as { message?: unknown }).message ?? e);
  }
  throw new Error('expected a throw');
}
