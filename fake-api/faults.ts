/**
 * Injected failures. Each fault fires on requests it applies to (kind, path substring), after
 * letting `after` of them pass, for `times` requests. Faults without a `path` leave the token
 * endpoint alone (except tokenDown, which is only for it), so "the next call fails" means the next
 * data call.
 */
export type FaultKind =
  | 'status'
  | 'malformed'
  | 'html'
  | 'challenge'
  | 'latency'
  | 'network'
  | 'tokenDown'
  | 'revoke'
  | 'expireToken'
  | 'cycle'
  | 'countChange'
  | 'shortPage'
  | 'nextNotIncreasing';

export const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'malformed',
  'html',
  'challenge',
  'latency',
  'network',
  'tokenDown',
  'revoke',
  'expireToken',
  'cycle',
  'countChange',
  'shortPage',
  'nextNotIncreasing',
];

interface Common {
  /** Requests it fires on; default 1. */
  times?: number;
  /** Substring of the decoded path and query, e.g. `pages/performance` or `page[number]=2`. */
  path?: string;
  /** Matching requests to let through first. */
  after?: number;
}

export type Fault = Common &
  (
    | { kind: 'status'; status: 429 | 500 | 502 | 503 | 504 | number; retryAfter?: number }
    | { kind: 'latency'; delayMs: number }
    | { kind: Exclude<FaultKind, 'status' | 'latency'> }
  );

interface Active {
  fault: Fault;
  left: number;
  waiting: number;
}

export interface RequestInfo {
  /** Decoded path and query. */
  target: string;
  isToken: boolean;
}

export class FaultBook {
  private active: Active[] = [];

  inject(fault: Fault): void {
    if (!fault || !FAULT_KINDS.includes(fault.kind)) throw new Error(`unknown fault kind: ${String(fault?.kind)}`);
    if (fault.kind === 'status' && !(fault.status >= 400 && fault.status <= 599)) throw new Error('status fault needs a 4xx/5xx status');
    this.active.push({ fault: { ...fault }, left: fault.times ?? 1, waiting: fault.after ?? 0 });
  }

  clear(): void {
    this.active = [];
  }

  get pending(): Fault[] {
    return this.active.map((a) => a.fault);
  }

  /**
   * The first fault of the given kinds that fires for this request. Faults still waiting count the
   * request as one they let through.
   */
  take(req: RequestInfo, kinds: readonly FaultKind[], applies: (f: Fault) => boolean = () => true): Fault | undefined {
    let fired: Active | undefined;
    for (const a of this.active) {
      const f = a.fault;
      if (!kinds.includes(f.kind) || !this.matches(f, req) || !applies(f)) continue;
      if (a.waiting > 0) {
        a.waiting--;
        continue;
      }
      if (!fired) fired = a;
    }
    if (!fired) return undefined;
    fired.left--;
    if (fired.left <= 0) this.active = this.active.filter((a) => a !== fired);
    return fired.fault;
  }

  private matches(f: Fault, req: RequestInfo): boolean {
    if (f.kind === 'tokenDown') return req.isToken && (f.path === undefined || req.target.includes(f.path));
    if (f.path === undefined) return !req.isToken;
    return req.target.includes(f.path);
  }
}
