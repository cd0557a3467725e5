import type { ReportSpec } from '../catalog/types';
import type { Execution } from '../platform/execution';
import type { Platform } from '../platform/types';
import { createAdaptation, type Attempt } from './adapt';
import { createAuth, type Auth } from './auth';
import { credentialFingerprint, type Credential } from './credential';
import { adaptiveFanOut, MAX_FAN_OUT, type FanOut } from './fan-out';
import { MAX_PAGE_SIZE } from './pagination';
import { createRequester, type Requester } from './requester';
import { readCached, responseCacheKey, writeCached } from './response-cache';
import type { RetryContext } from './retry';
import type { ClientOptions } from './types';
import { buildUrl, hostOf, type QueryParam } from './url';

/** What every part of one client shares: the credential, its requester, memo, cache and adaptation. */
export interface ClientCore {
  execution: Execution;
  platform: Platform;
  credential: Credential;
  opts: ClientOptions;
  fingerprint: string;
  fanOut: number | FanOut;
  requester: Requester;
  /** The execution-memo key for `key`, per credential. */
  memoKey(key: string): string;
  memo<T>(key: string, compute: () => T): T;
  /**
   * Read-through cache; bypassCache skips the read but still refreshes the entry. `complete` says
   * whether the computed value holds the whole answer (a streamed one may have let its rows go);
   * `skipRead` skips the read for this request alone (a continued run wants only the rows after its own).
   */
  cached<T>(
    request: unknown,
    ttl: number | (() => number),
    valid: (v: unknown) => v is T,
    compute: () => T,
    complete?: () => boolean,
    skipRead?: boolean,
  ): { value: T; hit: boolean };
  /**
   * Runs `run` with what the API accepts, adapting on a 400 (adapt.ts) and remembering what worked.
   * Once rows were handed over (`started`), a failure is final: another attempt would repeat them.
   */
  adapted<T>(spec: ReportSpec, sort: string | undefined, run: (attempt: Attempt) => T, started?: () => boolean): T;
  /** One GET's JSON body. */
  getOne(path: string, params: QueryParam[], siteId?: string): unknown;
}

export function createClientCore(execution: Execution, credential: Credential, opts: ClientOptions): ClientCore {
  const { platform } = execution;
  const fingerprint = credentialFingerprint(platform, credential);
  const ctx: RetryContext = {
    execution,
    random: opts.random ?? Math.random,
    host: hostOf(credential.apiBaseUrl),
    ...(opts.patience ? { patience: opts.patience } : {}),
  };
  const auth: Auth = createAuth({ ...ctx, host: hostOf(credential.tokenUrl) }, credential, fingerprint);
  // One fan-out per client: what one batch learns about the API's limit, the next one uses.
  const fanOut: number | FanOut =
    opts.fanOut === undefined ? adaptiveFanOut() : Math.max(1, Math.min(MAX_FAN_OUT, Math.floor(opts.fanOut)));
  const requester = createRequester(ctx, auth, credential.clientSecret, fanOut);
  // Per credential, so every client over it in this execution shares what one has fetched.
  const memoKey = (key: string): string => `api.${fingerprint.slice(0, 16)}.${key}`;
  const memo = <T>(key: string, compute: () => T): T => {
    const full = memoKey(key);
    if (execution.memory.has(full)) return execution.memory.get(full) as T;
    const value = compute();
    execution.memory.set(full, value);
    return value;
  };
  const cached = <T>(
    request: unknown,
    ttl: number | (() => number),
    valid: (v: unknown) => v is T,
    compute: () => T,
    complete: () => boolean = () => true,
    skipRead = false,
  ): { value: T; hit: boolean } => {
    const key = responseCacheKey(platform, fingerprint, request);
    if (!opts.bypassCache && !skipRead) {
      const hit = readCached(platform, key, valid);
      if (hit !== undefined) return { value: hit, hit: true };
    }
    const value = compute();
    if (complete()) writeCached(platform, key, value, typeof ttl === 'function' ? ttl() : ttl);
    return { value, hit: false };
  };
  const adaptation = createAdaptation(execution, fingerprint);
  const adapted = <T>(
    spec: ReportSpec,
    sort: string | undefined,
    run: (attempt: Attempt) => T,
    started: () => boolean = () => false,
  ): T => {
    const firstAttempt = adaptation.first(spec, MAX_PAGE_SIZE, sort);
    let attempt = firstAttempt;
    for (;;) {
      try {
        const value = run(attempt);
        adaptation.learn(spec, sort, firstAttempt, attempt);
        return value;
      } catch (error) {
        const next = started() ? null : adaptation.next(spec, attempt, error);
        if (!next) throw error;
        attempt = next;
      }
    }
  };
  const getOne = (path: string, params: QueryParam[], siteId?: string): unknown =>
    requester.getJson([buildUrl(credential.apiBaseUrl, path, params)], { siteId, path })[0];
  return { execution, platform, credential, opts, fingerprint, fanOut, requester, memoKey, memo, cached, adapted, getOne };
}
