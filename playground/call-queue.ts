import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

/** A request as the HTTP front (http-front.js) hands it over. */
export interface FrontRequest {
  id: number;
  method: string;
  url: string;
  body: string;
}

export interface FrontAnswer {
  status: number;
  type: string;
  body: string;
}

/**
 * The main thread's side of the HTTP front. Requests are answered one at a time, in order, by
 * `answer`, which runs synchronously (a server function on the emulator). While one runs, each of
 * its waits (`whileWaiting`: a round trip, a cache write) answers the requests `alongside`
 * accepts, as Google runs a page's google.script.run calls concurrently (a progress poll during a
 * pull); every other request is held until the running one ends, as if it waited for the lock.
 */
export class CallQueue {
  private readonly held: FrontRequest[] = [];
  private running = false;
  private inAlongside = false;

  constructor(
    private readonly port: MessagePort,
    private readonly nudge: Int32Array,
    private readonly answer: (request: FrontRequest, alongside: boolean) => FrontAnswer,
    private readonly alongside: (request: FrontRequest) => boolean,
  ) {
    port.on('message', (request: FrontRequest) => {
      this.held.push(request);
      this.answerHeld();
    });
  }

  private reply(request: FrontRequest, alongside: boolean): void {
    let answer: FrontAnswer;
    try {
      answer = this.answer(request, alongside);
    } catch {
      // A request that breaks the server must not leave its page waiting, nor stop the queue.
      answer = { status: 500, type: 'application/json', body: JSON.stringify({ error: 'The playground server failed on this request.' }) };
    }
    this.port.postMessage({ id: request.id, ...answer });
  }

  private answerHeld(): void {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.held.shift(); next; next = this.held.shift()) this.reply(next, false);
    } finally {
      this.running = false;
    }
  }

  /**
   * The running call waits `ms` (0: one service call): requests that may run alongside it are
   * answered meanwhile. Outside a call (start-up) it only waits: the held ones are the queue's.
   */
  whileWaiting(ms: number): void {
    const until = Date.now() + ms;
    for (;;) {
      const seen = Atomics.load(this.nudge, 0);
      if (this.running && !this.inAlongside) {
        for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
          const request = m.message as FrontRequest;
          if (!this.alongside(request)) {
            this.held.push(request);
            continue;
          }
          this.inAlongside = true;
          try {
            this.reply(request, true);
          } finally {
            this.inAlongside = false;
          }
        }
      }
      const left = until - Date.now();
      if (left <= 0) return;
      Atomics.wait(this.nudge, 0, seen, left);
    }
  }
}
