import { deniedScope, permissionError } from '../platform/permissions';
import { timeLeft, type Execution } from '../platform/execution';
import type { FetchRequest, FetchResponse } from '../platform/types';
import { tryAgainLater, whereLabel, makeItSmaller } from './advice';
import { CreatorError, isCreatorError } from '../shared/errors';
import type { FanOut } from './fan-out';
import { providerCodeOf, statusLabel } from './response-errors';
import { isAllowlistRefusal, notAllowedError } from './allowlist';
import { secretCheck } from './secret-forms';

export interface RetryContext {
  execution: Execution;
  /** Jitter source in [0, 1). */
  random: () => number;
  /** Host name for "could not reach" messages. */
  host: string;
  /**
   * A shorter patience for a person waiting on a check (saving settings): at most this many
   * tries and no single wait longer than `maxWaitMs`. The same policy otherwise; a report run
   * keeps the full one because a failed refresh costs more than a wait.
   */
  patience?: { maxTries: number; maxWaitMs: number };
}

/** Tries per request, the first included. */
const MAX_TRIES = 5;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 16_000;
/** A request's duration is assumed to be at least this when deciding whether a wait still fits. */
const MIN_REQUEST_MS = 1_000;

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in seconds (the HTTP-date form is ignored: plain backoff applies). */
function retryAfterSeconds(response: FetchResponse): number | undefined {
  const raw = response.headers['retry-after'];
  if (raw === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** "Full jitter": anywhere between 0 and the exponential ceiling, so parallel cells spread out. */
function backoffMs(retry: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
  return Math.max(50, Math.floor(random() * ceiling));
}

type Failure = { kind: 'status'; response: FetchResponse } | { kind: 'network' };

function detailsOf(ctx: RetryContext, response: FetchResponse): { status: number; providerCode?: string; retryAfter?: number } {
  const clean = secretCheck(ctx.execution);
  // The wait is quoted in the message: a header that echoes a secret of digits is not.
  const retryAfter = clean(response.headers['retry-after'] ?? '') ? retryAfterSeconds(response) : undefined;
  return { status: response.status, providerCode: providerCodeOf(response.text, clean), retryAfter };
}

function exhausted(ctx: RetryContext, failure: Failure, tries: number): CreatorError {
  const kind = ctx.execution.kind;
  if (failure.kind === 'network') {
    return new CreatorError(
      'NETWORK',
      `Could not reach the Creator API at ${ctx.host} (no answer after ${tries} tries). Check the internet connection and the API URLs in Settings, then try again.`,
    );
  }
  const details = detailsOf(ctx, failure.response);
  const label = statusLabel(details.status, details.providerCode);
  if (details.status === 429) {
    return new CreatorError(
      'RATE_LIMITED',
      `The Creator API kept answering "too many requests" (${label}) after ${tries} ${tries === 1 ? 'try' : 'tries'}. ${tryAgainLater(kind)}`,
      details,
    );
  }
  return new CreatorError(
    'SERVER_ERROR',
    `The Creator API kept failing with a server error (${label}) after ${tries} ${tries === 1 ? 'try' : 'tries'}. ${tryAgainLater(kind)}`,
    details,
  );
}

function outOfTime(ctx: RetryContext, failure: Failure, waitMs: number): CreatorError {
  const kind = ctx.execution.kind;
  const wait = `${Math.ceil(waitMs / 1000)} s`;
  if (failure.kind === 'network') {
    return new CreatorError(
      'NETWORK',
      `Could not reach the Creator API at ${ctx.host}, and there is no time left in ${whereLabel(kind)} to try again. ${tryAgainLater(kind)}`,
    );
  }
  const details = detailsOf(ctx, failure.response);
  const label = statusLabel(details.status, details.providerCode);
  if (details.status === 429) {
    // A wait read from a header that holds a secret is not quoted, nor the pause made from it.
    const unquoted = details.retryAfter === undefined && retryAfterSeconds(failure.response) !== undefined;
    const asked =
      details.retryAfter !== undefined
        ? `asked to wait ${details.retryAfter} s`
        : unquoted
          ? 'asked for a pause'
          : `needs a pause of about ${wait}`;
    return new CreatorError(
      'RATE_LIMITED',
      `The Creator API is limiting requests (${label}) and ${asked}, more than is left in ${whereLabel(kind)}. ${tryAgainLater(kind)}`,
      details,
    );
  }
  return new CreatorError(
    'SERVER_ERROR',
    `The Creator API had a server error (${label}), and there is no time left in ${whereLabel(kind)} to try again. ${tryAgainLater(kind)}`,
    details,
  );
}

function timeBudgetError(execution: Execution): CreatorError {
  return new CreatorError(
    'TIME_BUDGET',
    `This report did not finish within ${whereLabel(execution.kind)}. ${makeItSmaller(execution.kind)}`,
  );
}

/** UrlFetchApp's own quota errors: retrying only burns more of the quota. */
function quotaError(error: unknown): CreatorError | null {
  const message = error instanceof Error ? error.message : String(error);
  if (!/invoked too many times|quota|bandwidth/i.test(message)) return null;
  return new CreatorError(
    'RATE_LIMITED',
    "Google's daily limit on web requests for your account is used up; it resets within a day. Fewer formulas, or formulas with a longer refresh, use fewer requests.",
  );
}

function shrinkingFanOut(start: number): FanOut {
  let size = Math.max(1, Math.floor(start));
  return {
    get size() {
      return size;
    },
    answered: () => undefined,
    rateLimited: () => void (size = Math.max(1, Math.ceil(size / 2))),
  };
}

/**
 * Sends requests (one: UrlFetchApp.fetch; several: fetchAll in batches of `batchSize`) and retries
 * only what may succeed later: 429, 5xx and network failures, with backoff and Retry-After.
 * Only the failed requests are resent, in smaller batches after a 429. Every wait must leave time
 * for one more request before the execution's deadline; if not, it fails now with words a user
 * can act on, rather than being killed mid-wait. Every other status is returned to the caller.
 */
export function sendWithRetry(ctx: RetryContext, requests: FetchRequest[], batchSize: number | FanOut): FetchResponse[] {
  const { execution } = ctx;
  const { platform } = execution;
  const results: FetchResponse[] = new Array(requests.length);
  let pending = requests.map((_, i) => i);
  // A plain number is this call's own size: halved on a 429, never grown.
  const fanOut = typeof batchSize === 'number' ? shrinkingFanOut(batchSize) : batchSize;
  let requestMs = MIN_REQUEST_MS;
  for (let attempt = 1; ; attempt++) {
    const failed: number[] = [];
    let failure: Failure = { kind: 'network' };
    let rateLimited = false;
    let askedWaitMs: number | undefined;
    for (let next = 0; next < pending.length; ) {
      const group = pending.slice(next, next + fanOut.size);
      next += group.length;
      if (timeLeft(execution) <= 0) throw timeBudgetError(execution);
      const started = platform.now();
      let responses: FetchResponse[];
      try {
        responses = group.length === 1 ? [platform.http.fetch(requests[group[0]])] : platform.http.fetchAll(group.map((i) => requests[i]));
      } catch (error) {
        if (isCreatorError(error)) throw error;
        // The user did not grant the fetch permission: no retry changes that.
        const denied = deniedScope(error);
        if (denied) throw permissionError(denied, platform);
        // Not a network problem and never worth a retry: nothing changes until the manifest does.
        if (isAllowlistRefusal(error)) throw notAllowedError(requests[group[0]].url);
        const quota = quotaError(error);
        if (quota) throw quota;
        failed.push(...group);
        failure = { kind: 'network' };
        continue;
      }
      requestMs = Math.max(MIN_REQUEST_MS, platform.now() - started);
      let limitedHere = false;
      for (let k = 0; k < group.length; k++) {
        const response = responses[k];
        if (!isRetryableStatus(response.status)) {
          results[group[k]] = response;
          continue;
        }
        failed.push(group[k]);
        failure = { kind: 'status', response };
        if (response.status === 429) limitedHere = true;
        const after = retryAfterSeconds(response);
        if (after !== undefined) askedWaitMs = Math.max(askedWaitMs ?? 0, after * 1000);
      }
      if (limitedHere) rateLimited = true;
      else fanOut.answered(group.length);
    }
    if (failed.length === 0) return results;
    if (attempt >= (ctx.patience?.maxTries ?? MAX_TRIES)) throw exhausted(ctx, failure, attempt);
    // A little jitter on top of Retry-After too, so cells told the same wait do not return together.
    const waitMs = askedWaitMs !== undefined ? askedWaitMs + Math.floor(ctx.random() * 250) : backoffMs(attempt, ctx.random);
    if (ctx.patience && waitMs > ctx.patience.maxWaitMs) throw exhausted(ctx, failure, attempt);
    if (waitMs + requestMs > timeLeft(execution)) throw outOfTime(ctx, failure, waitMs);
    platform.sleep(waitMs);
    pending = failed;
    if (rateLimited) fanOut.rateLimited();
  }
}
