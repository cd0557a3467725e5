import type { ReportSpec } from '../catalog/types';
import { isYmd } from '../dates/calendar';
import { CreatorError, isCreatorError } from '../shared/errors';
import { sortRows } from './local-sort';
import type { FetchRowsResult, RowQuery } from './types';

/** What the response cache holds for one request's rows. */
export type Cached = Omit<FetchRowsResult, 'fromCache'>;

export function isCachedResult(value: unknown): value is Cached {
  const v = value as Partial<Cached> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.rows) &&
    typeof v.truncated === 'boolean' &&
    typeof v.pages === 'number' &&
    (v.recordCount === null || typeof v.recordCount === 'number') &&
    (v.notices === undefined || Array.isArray(v.notices))
  );
}

export function checkLimit(limit: number | undefined): void {
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
    throw new CreatorError('BAD_INPUT', 'The limit must be a whole number of rows, 1 or more.');
  }
}

export function checkDate(name: string, value: string | undefined): void {
  if (value !== undefined && !isYmd(value)) {
    throw new CreatorError('BAD_INPUT', `The ${name} date must look like 2026-10-31.`);
  }
}

/** Applies what the API was not asked to do (non-paginated reports): sort, then limit. */
export function shapeLocally(rows: Record<string, unknown>[], query: RowQuery): { rows: Record<string, unknown>[]; truncated: boolean } {
  const sorted = query.sort ? sortRows(rows, query.sort) : rows;
  if (query.limit === undefined || sorted.length <= query.limit) return { rows: sorted, truncated: false };
  return { rows: sorted.slice(0, query.limit), truncated: true };
}

/**
 * The API would not sort by `sort`: every row is fetched and sorted here, then cut to the limit.
 * When every row would not fit the time or the row cap, the first `limit` rows come in the API's
 * order instead, and the user, who asked for that sort, is told.
 */
export function sortedHere(sort: string, query: RowQuery, pages: (limit: number | undefined) => Cached): Cached {
  let all: Cached;
  try {
    all = pages(undefined);
  } catch (error) {
    if (query.limit === undefined || !isCreatorError(error) || error.code !== 'TOO_LARGE') throw error;
    const limited = pages(query.limit);
    const field = sort.replace(/^[-+]/, '');
    const notices =
      query.sort === undefined
        ? []
        : [
            `The Creator API would not sort by ${field}, and the whole report is too big to sort here: these are its first ${query.limit} rows in the API's own order.`,
          ];
    return { ...limited, notices };
  }
  const { rows, truncated } = shapeLocally(all.rows, { ...query, sort });
  return { ...all, rows, truncated };
}

/** Rows seen so far, and whether any carried a date (for seriesNotice, batch by batch). */
export interface SeriesSeen {
  rows: number;
  dated: boolean;
}

export function seeSeries(seen: SeriesSeen, rows: Record<string, unknown>[]): void {
  seen.rows += rows.length;
  if (!seen.dated) seen.dated = rows.some((row) => 'date' in row);
}

/** A day-by-day report whose rows carry no date: the API sent a summary instead of a series. */
export function seriesNotice(spec: ReportSpec, seen: SeriesSeen, query: RowQuery): string[] {
  if (spec.series !== 'daily' || seen.rows === 0 || seen.dated) return [];
  const range = query.startDate && query.endDate ? ` for ${query.startDate} to ${query.endDate}` : '';
  const what = seen.rows === 1 ? 'one summary row' : `${seen.rows} rows without dates`;
  return [`The Creator API sent ${what}${range}, not a day-by-day series, so there is no Date column.`];
}
