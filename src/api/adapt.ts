import type { ReportSpec } from '../catalog/types';
import type { Execution } from '../platform/execution';
import { isCreatorError } from '../shared/errors';
import { BAD_REQUEST_ADVICE } from './response-errors';

/**
 * What to ask a credential's API for when it refuses what we would ask first. Only `page[size]=250`
 * and `sort=-pageviews` are confirmed on the public API; 500-row pages, other sorts and
 * `aggregationPeriod` are guesses. On a 400 the client adapts one thing at a time, each once:
 * smaller pages, then the one sort seen working, then the API's own order (the sort then done
 * here), then no extra parameters. What worked is remembered for the credential (user cache, 6 h),
 * so the next pull asks right the first time.
 */
export interface Attempt {
  pageSize: number;
  /** The sort sent to the API; undefined = none (the API's own order). */
  sort: string | undefined;
  /** Send the catalog's extra parameters (`aggregationPeriod=daily`). */
  extraParams: boolean;
}

/** The page size confirmed on the public API. */
export const SAFE_PAGE_SIZE = 250;
/** The only sort seen working on the public API. */
export const SAFE_SORT = '-pageviews';

interface Learned {
  pageSize?: number;
  /** `report|sort asked` -> the sort that worked ('' = none). */
  sorts?: Record<string, string>;
  /** Reports whose extra parameters were refused. */
  noExtraParams?: Record<string, true>;
}

const CACHE_S = 21_600;

export interface Adaptation {
  /** The first attempt, from what the credential's API has accepted before. */
  first(spec: ReportSpec, pageSize: number, sort: string | undefined): Attempt;
  /** The next attempt after `error`, or null when there is nothing left to change (rethrow). */
  next(spec: ReportSpec, attempt: Attempt, error: unknown): Attempt | null;
  /** Remembers what worked for the user's `sort`, when it differs from the first attempt. */
  learn(spec: ReportSpec, sort: string | undefined, first: Attempt, worked: Attempt): void;
}

/** What a 400 seems to be about, from the provider's code and words; null when it does not say. */
function blame(error: { message: string; providerCode?: string }): 'size' | 'sort' | 'param' | 'other' | null {
  const text = `${error.providerCode ?? ''} ${error.message.replace(BAD_REQUEST_ADVICE, '')}`.toLowerCase();
  if (/page.?size|page\[size\]|\bsize\b/.test(text)) return 'size';
  if (/sort/.test(text)) return 'sort';
  if (/aggregation|period|parameter/.test(text)) return 'param';
  if (/date|range/.test(text)) return 'other';
  return null;
}

export function createAdaptation(execution: Execution, fingerprint: string): Adaptation {
  const key = `api.adapt.${fingerprint.slice(0, 16)}`;
  const cache = execution.platform.userCache;
  const load = (): Learned => {
    if (execution.memory.has(key)) return execution.memory.get(key) as Learned;
    let learned: Learned = {};
    try {
      const raw = cache.get(key);
      if (raw) learned = JSON.parse(raw) as Learned;
    } catch (_) {
      // A corrupt entry is relearned: it costs one refused request.
    }
    execution.memory.set(key, learned);
    return learned;
  };
  const save = (learned: Learned): void => {
    execution.memory.set(key, learned);
    try {
      cache.put(key, JSON.stringify(learned), CACHE_S);
    } catch (_) {
      // Remembering is an optimisation; the pull itself succeeded.
    }
  };
  const sortKey = (spec: ReportSpec, sort: string | undefined): string => `${spec.key}|${sort ?? ''}`;

  return {
    first(spec, pageSize, sort) {
      const learned = load();
      const remembered = learned.sorts?.[sortKey(spec, sort)];
      return {
        pageSize: learned.pageSize !== undefined ? Math.min(pageSize, learned.pageSize) : pageSize,
        sort: remembered === undefined ? sort : remembered || undefined,
        extraParams: !learned.noExtraParams?.[spec.key],
      };
    },
    next(spec, attempt, error) {
      if (!isCreatorError(error) || error.code !== 'BAD_INPUT' || error.status !== 400) return null;
      const about = blame(error);
      if (about === 'other') return null;
      if ((about === null || about === 'size') && spec.paginated && attempt.pageSize > SAFE_PAGE_SIZE) {
        return { ...attempt, pageSize: SAFE_PAGE_SIZE };
      }
      if ((about === null || about === 'sort') && attempt.sort !== undefined) {
        const sortable = spec.columns.some((c) => c.field === SAFE_SORT.slice(1));
        return { ...attempt, sort: attempt.sort !== SAFE_SORT && sortable ? SAFE_SORT : undefined };
      }
      if ((about === null || about === 'param') && attempt.extraParams && (spec.params ?? []).length > 0) {
        return { ...attempt, extraParams: false };
      }
      return null;
    },
    learn(spec, sort, first, worked) {
      if (first.pageSize === worked.pageSize && first.sort === worked.sort && first.extraParams === worked.extraParams) return;
      const learned = { ...load() };
      if (worked.pageSize < first.pageSize) learned.pageSize = worked.pageSize;
      if (worked.sort !== first.sort) learned.sorts = { ...learned.sorts, [sortKey(spec, sort)]: worked.sort ?? '' };
      if (!worked.extraParams && first.extraParams) learned.noExtraParams = { ...learned.noExtraParams, [spec.key]: true };
      save(learned);
    },
  };
}
