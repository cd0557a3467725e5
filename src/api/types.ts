/** Shapes the client hands to its callers (pull, sidebar, settings). */

/** One site from `/sites`. Fields beyond these are kept as the API sent them. */
export interface SiteRow extends Record<string, unknown> {
  id: string;
  name: string;
  url: string;
  status: string;
}

export type { DateBounds, DateRange, FamilyBounds } from '../shared/date-bounds';

export interface RowQuery {
  siteId?: string;
  startDate?: string;
  endDate?: string;
  /** At most this many rows. Paginated reports ask the API for no more; others are cut here. */
  limit?: number;
  /** `-field` descending, `field` ascending. Sent to paginated reports; applied here for the rest. */
  sort?: string;
  /**
   * Without a limit: the pages that fit this share (0 to 1) of the time left and the row cap,
   * rather than an error when all would not (a comparison's earlier period); the result then says
   * `cut`. Not part of the cache key: a cut result is not kept.
   */
  upToBudget?: number;
}

export interface FetchRowsOptions {
  /** After each page or batch of pages: pages done, and the total when known. */
  onProgress?(page: number, pages: number | null): void;
  /**
   * How long the result may be served from the cache (see freshnessTtl). 0 = do not cache.
   * Default 300. A function is asked once the rows are in (after `boundsAlong` has run).
   */
  cacheTtlSeconds?: number | (() => number);
  /**
   * Date bounds to fetch in the same round trip as the first request for rows, for a caller whose
   * query does not depend on them (explicit days) but who must check it against them. Sites whose
   * bounds are already known are not asked again. `check` runs once, after the bounds are in and
   * before any row is used (also when the rows come from the cache); if it throws, so does
   * fetchRows, and no further page is requested.
   */
  boundsAlong?: { siteIds: string[]; check(): void };
  /**
   * Rows handed over in batches as they arrive (in order, after `boundsAlong`'s check), so a big
   * pull never holds every row at once; the result's `rows` is then empty. One batch when the rows
   * come from the cache or must be sorted here. A result small enough for the cache is still kept
   * and cached; a bigger one is not. `expected`: how many rows the whole result will have, where
   * the API said (its total, less any limit), for progress.
   */
  onRows?(rows: Record<string, unknown>[], expected: number | null): void;
}

export interface FetchRowsResult {
  rows: Record<string, unknown>[];
  /** The API's own total when it sent one (before any limit). */
  recordCount: number | null;
  /** The limit cut the result short: more rows exist. */
  truncated: boolean;
  /** Pages the API served for this result (the original pull's count when it came from the cache). */
  pages: number;
  /** `upToBudget` stopped early: the rows are the report's first rows only, not all of them. */
  cut?: boolean;
  fromCache: boolean;
  /**
   * What the user should know about how the rows differ from what was asked (a sort the API would
   * not do on a report too big to sort here; a summary row instead of a daily series).
   */
  notices?: string[];
}

export interface ClientOptions {
  /** Skip cache reads (a forced refresh); results are still written. */
  bypassCache?: boolean;
  /** Pages per UrlFetchApp.fetchAll batch, fixed. Default: adaptive (8, doubling while the API allows). */
  fanOut?: number;
  /** Jitter source for backoff; tests pass a fixed one. Default Math.random. */
  random?: () => number;
  /** A shorter retry patience for a check a person waits on (see RetryContext). */
  patience?: { maxTries: number; maxWaitMs: number };
}
