import { MAX_CACHE_TTL_S } from '../api/freshness';
import type { Execution } from '../platform/execution';
import type { Cache } from '../platform/types';

/**
 * "Refresh formulas" must make every formula skip the response cache once. The menu starts a new
 * generation; a formula compares it with the generation it last fetched under (a marker per
 * spreadsheet and request) and bypasses the cache when they differ.
 *
 * Where it lives: the generation goes to the SCRIPT cache, keyed by spreadsheet ID (never a
 * secret), because whoever clicks the menu (owner or editor) and the formulas (which run with the
 * owner's stores) both reach it; also to the clicker's own user cache, which is the formulas'
 * when the owner clicked. The script cache is one store for every user of the add-on and evicts
 * its oldest items past about 1,000, so the generation can vanish long before its 6-hour expiry
 * while responses cached after it survive. A missing generation therefore fails toward fresh
 * data: the formula that finds none starts a new one and skips the response cache, and so does
 * every other formula once (their markers name an older generation). The markers live in the
 * formulas' own user cache, out of reach of other users' churn. Only a cache that fails outright
 * means "no refresh pending": then the response cache is unreachable too.
 */
const GENERATION_TTL_SECONDS = MAX_CACHE_TTL_S;

function optionalCache(get: () => Cache): Cache | null {
  try {
    return get();
  } catch (_) {
    return null;
  }
}

function spreadsheetId(execution: Execution): string | null {
  try {
    return execution.platform.spreadsheet()?.getId() || null;
  } catch (_) {
    return null;
  }
}

const generationKey = (ssId: string) => `creator.formulas.gen.${ssId}`;
const seenKey = (execution: Execution, ssId: string, requestKey: string) =>
  `creator.formulas.seen.${execution.platform.sha256Hex(`${ssId}\n${requestKey}`)}`;

/**
 * Time-based, not a counter, so a generation that was lost and started again never repeats one;
 * always later than `after` (a generation started by a formula in the same millisecond).
 */
function newGeneration(execution: Execution, caches: Cache[], ssId: string, after?: string): string {
  const generation = Math.max(execution.platform.now(), after === undefined ? 0 : parseInt(after, 36) + 1).toString(36);
  let stored = false;
  for (const cache of caches) {
    try {
      cache.put(generationKey(ssId), generation, GENERATION_TTL_SECONDS);
      stored = true;
    } catch (_) {
      // The other cache may still hold it.
    }
  }
  if (!stored) throw new Error('no cache took the generation');
  return generation;
}

/** The later of two generations (base-36 epoch milliseconds). */
function newest(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return parseInt(a, 36) >= parseInt(b, 36) ? a : b;
}

/** A new generation for this spreadsheet (the menu's refresh). Returns it, or null if unstored. */
export function bumpGeneration(execution: Execution): string | null {
  const { platform } = execution;
  const ssId = spreadsheetId(execution);
  const caches = [optionalCache(() => platform.scriptCache), optionalCache(() => platform.userCache)].filter((c): c is Cache => c !== null);
  if (!ssId || caches.length === 0) return null;
  try {
    const known = caches.map((c) => c.get(generationKey(ssId)) ?? undefined);
    return newGeneration(execution, caches, ssId, known.reduce(newest, undefined));
  } catch (_) {
    return null;
  }
}

export interface RefreshCheck {
  /** Skip the response cache for this request. */
  bypass: boolean;
  /** Call after a successful fetch, so the next recalculation uses the cache again. */
  markFetched(): void;
}

/** Whether a refresh happened since this request (in this spreadsheet) last fetched. */
export function checkRefresh(execution: Execution, requestKey: string): RefreshCheck {
  const none: RefreshCheck = { bypass: false, markFetched: () => undefined };
  const { platform } = execution;
  const shared = optionalCache(() => platform.scriptCache);
  const own = optionalCache(() => platform.userCache);
  const ssId = spreadsheetId(execution);
  if (!shared || !own || !ssId) return none;
  try {
    const gKey = generationKey(ssId);
    const sKey = seenKey(execution, ssId, requestKey);
    const mine = own.getAll([gKey, sKey]);
    const fromShared = shared.get(gKey) ?? undefined;
    // Evicted or expired everywhere: whether a refresh happened since is unknown, so assume one did.
    const generation = newest(mine[gKey], fromShared) ?? newGeneration(execution, [shared], ssId, mine[sKey]);
    if (mine[sKey] === generation) return none;
    return {
      bypass: true,
      markFetched: () => {
        try {
          own.put(sKey, generation, GENERATION_TTL_SECONDS);
        } catch (_) {
          // Worst case the next recalculation fetches once more.
        }
      },
    };
  } catch (_) {
    return none;
  }
}
