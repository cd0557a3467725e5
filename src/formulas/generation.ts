import { MAX_CACHE_TTL_S } from '../api/freshness';
import type { Execution } from '../platform/execution';
import type { Cache } from '../platform/types';

/**
 * "Refresh formulas" must make every formula skip the response cache once. The menu bumps a
 * generation; a formula compares it with the generation it last fetched under (a marker per
 * spreadsheet and request) and bypasses the cache when they differ.
 *
 * Where it lives: the SCRIPT cache, keyed by spreadsheet ID. Custom functions are documented to
 * reach CacheService, but whether the document cache or document properties work inside an
 * add-on's custom function is unconfirmed; the script cache works in both the menu and the
 * formula. It is shared by every user and document of the add-on, hence the spreadsheet ID in
 * the key (never a secret). It expires after 6 hours, the cache maximum: by then every response
 * cached before the refresh (also capped at 6 hours) has expired too, so a lost generation
 * can never serve pre-refresh data. Any cache failure falls back to "no refresh pending".
 */
const GENERATION_TTL_SECONDS = MAX_CACHE_TTL_S;

function cacheOf(execution: Execution): Cache | null {
  try {
    return execution.platform.scriptCache;
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

/** A new generation for this spreadsheet (the menu's refresh). Returns it, or null if unstored. */
export function bumpGeneration(execution: Execution): string | null {
  const cache = cacheOf(execution);
  const ssId = spreadsheetId(execution);
  if (!cache || !ssId) return null;
  // Time-based, not a counter: a generation that expired and is bumped again never repeats one.
  const generation = execution.platform.now().toString(36);
  try {
    cache.put(generationKey(ssId), generation, GENERATION_TTL_SECONDS);
    return generation;
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
  const cache = cacheOf(execution);
  const ssId = spreadsheetId(execution);
  if (!cache || !ssId) return none;
  try {
    const gKey = generationKey(ssId);
    const sKey = seenKey(execution, ssId, requestKey);
    const found = cache.getAll([gKey, sKey]);
    const generation = found[gKey];
    if (!generation || found[sKey] === generation) return none;
    return {
      bypass: true,
      markFetched: () => {
        try {
          cache.put(sKey, generation, GENERATION_TTL_SECONDS);
        } catch (_) {
          // Worst case the next recalculation fetches once more.
        }
      },
    };
  } catch (_) {
    return none;
  }
}
