import type { ReportSpec } from '../catalog/types';
import { withCatalogNames } from '../catalog/aliases';
import type { Attempt } from './adapt';
import type { ClientCore } from './client-core';
import type { ClientMetadata } from './client-metadata';
import { readPage } from './envelope';
import { TTL_RECENT_S } from './freshness';
import { fetchPages } from './pagination';
import { mayFitCache } from './response-cache';
import {
  type Cached,
  checkDate,
  checkLimit,
  isCachedResult,
  type SeriesSeen,
  seeSeries,
  seriesNotice,
  shapeLocally,
  sortedHere,
} from './row-shaping';
import { secretCheck } from './secret-forms';
import type { FetchRowsOptions, FetchRowsResult, RowQuery } from './types';
import { buildUrl, resolvePath, type QueryParam } from './url';

type Rows = Record<string, unknown>[];
type Context = { siteId?: string; path: string };

/** One call's report, query and the first request (which carries the bounds along). */
interface RowRequest {
  spec: ReportSpec;
  query: RowQuery;
  fetchOpts: FetchRowsOptions;
  path: string;
  dates: QueryParam[];
  sort: string | undefined;
  context: Context;
  first(url: string, context: Context): unknown;
}

/** Where the rows go while they arrive, and whether they could still be kept for the cache. */
interface Stream {
  seen: SeriesSeen;
  /** A streamed result keeps its rows only while the whole of it could still fit the cache. */
  keep: boolean;
  handed: boolean;
  /** `expected`: the rows of the whole result, where the API said (for progress). */
  hand(rows: Rows, expected: number | null): void;
}

/**
 * The caller's check (boundsAlong) runs once, after the first answer and before any row is used;
 * the bounds nobody has yet ride along on that first request.
 */
function firstRequest(meta: ClientMetadata, fetchOpts: FetchRowsOptions): Pick<RowRequest, 'first'> & { check(): void } {
  let checked = false;
  const check = (): void => {
    if (checked) return;
    checked = true;
    fetchOpts.boundsAlong?.check();
  };
  const along = (): string[] => {
    const wanted = fetchOpts.boundsAlong?.siteIds ?? [];
    return wanted.filter((siteId, i) => wanted.indexOf(siteId) === i && meta.peekRawBounds(siteId) === undefined);
  };
  const first = (url: string, context: Context): unknown => {
    const answer = meta.sendFirst(url, context, checked ? [] : along());
    check();
    if (!answer.ok) throw answer.error;
    return answer.body;
  };
  return { check, first };
}

function paramsFor(req: RowRequest, attempt: Attempt): QueryParam[] {
  return [
    ...req.dates,
    ...(attempt.extraParams ? (req.spec.params ?? []).map(([name, v]): QueryParam => [name, v]) : []),
    ...(req.spec.paginated && attempt.sort ? [['sort', attempt.sort] as QueryParam] : []),
  ];
}

/** A paginated report's pages, to `limit`; `streamed` hands each page over as it arrives. */
function pagesOf(
  core: ClientCore,
  req: RowRequest,
  stream: Stream,
  attempt: Attempt,
  limit: number | undefined,
  streamed: boolean,
): Cached {
  const { spec, query, fetchOpts } = req;
  const kept: Rows = [];
  // Rows are handed over page by page: the kept rows' fit is estimated again only once they grew
  // by half since the last estimate (a sample stringified and gzipped), not at every page.
  let estimatedAt = 0;
  const got = fetchPages(core.execution, core.requester, {
    baseUrl: core.credential.apiBaseUrl,
    path: req.path,
    siteId: query.siteId,
    params: paramsFor(req, attempt),
    limit,
    ...(query.upToBudget !== undefined ? { upToBudget: query.upToBudget } : {}),
    pageSize: attempt.pageSize,
    fanOut: core.fanOut,
    onProgress: fetchOpts.onProgress,
    sendFirst: (url) => req.first(url, req.context),
    ...(streamed && fetchOpts.resume ? { fromRow: fetchOpts.resume.fromRow, mayPause: fetchOpts.resume.mayPause } : {}),
    ...(streamed
      ? {
          onRows: (batch: Rows, recordCount: number | null) => {
            const rows = withCatalogNames(spec, batch);
            seeSeries(stream.seen, rows);
            if (stream.keep && !kept.length) stream.keep = mayFitCache(core.platform, rows, Math.min(recordCount ?? 0, limit ?? Infinity));
            if (stream.keep) {
              kept.push(...rows);
              if (kept.length >= estimatedAt * 1.5) {
                estimatedAt = kept.length;
                stream.keep = mayFitCache(core.platform, kept, kept.length);
              }
              if (!stream.keep) kept.length = 0;
            }
            stream.hand(rows, recordCount === null ? null : Math.min(recordCount, limit ?? Infinity));
          },
        }
      : {}),
  });
  return { ...got, rows: streamed ? (stream.keep ? kept : []) : withCatalogNames(spec, got.rows) };
}

/** One attempt at the rows with what the API is thought to accept (adapt.ts). */
function runAttempt(core: ClientCore, req: RowRequest, stream: Stream, attempt: Attempt): Cached {
  const { spec, query, fetchOpts, sort } = req;
  if (!spec.paginated) {
    const url = buildUrl(core.credential.apiBaseUrl, req.path, paramsFor(req, attempt));
    const page = readPage(req.first(url, req.context), secretCheck(core.execution));
    fetchOpts.onProgress?.(1, 1);
    return { ...shapeLocally(withCatalogNames(spec, page.rows), query), recordCount: page.recordCount, pages: 1 };
  }
  if (attempt.sort === sort || sort === undefined) return pagesOf(core, req, stream, attempt, query.limit, !!fetchOpts.onRows);
  return sortedHere(sort, query, (limit) => pagesOf(core, req, stream, attempt, limit, false));
}

/** The rows from the API (not the cache), with the notices they earn. */
function fetchFresh(core: ClientCore, req: RowRequest, stream: Stream): Cached {
  const { spec, query } = req;
  const result = core.adapted(
    spec,
    spec.paginated ? req.sort : undefined,
    (attempt) => runAttempt(core, req, stream, attempt),
    () => stream.handed,
  );
  if (!stream.handed) {
    seeSeries(stream.seen, result.rows);
    if (req.fetchOpts.onRows) stream.hand(result.rows, result.rows.length);
  }
  return { ...result, notices: [...(result.notices ?? []), ...seriesNotice(spec, stream.seen, query)] };
}

/** The sites list and a site's date bounds are rows too, read through the metadata. */
function metadataRows(meta: ClientMetadata, spec: ReportSpec, query: RowQuery): FetchRowsResult {
  if (spec.key === 'sites') {
    const { rows, truncated } = shapeLocally(meta.listSites(), query);
    return { rows, recordCount: null, truncated, pages: 1, fromCache: false };
  }
  return { rows: [meta.rawBounds(query.siteId ?? '')], recordCount: null, truncated: false, pages: 1, fromCache: false };
}

export function createFetchRows(
  core: ClientCore,
  meta: ClientMetadata,
): (spec: ReportSpec, query: RowQuery, fetchOpts?: FetchRowsOptions) => FetchRowsResult {
  return (spec, query, fetchOpts = {}) => {
    checkLimit(query.limit);
    checkDate('start', query.startDate);
    checkDate('end', query.endDate);
    const { check, first } = firstRequest(meta, fetchOpts);
    const sink = fetchOpts.onRows;
    // A whole result at once: to the sink as one batch, when there is one.
    const whole = (result: FetchRowsResult): FetchRowsResult => {
      if (!sink) return result;
      sink(result.rows, result.rows.length);
      return { ...result, rows: [] };
    };
    if (spec.key === 'sites' || spec.shape === 'date-bounds') {
      check();
      return whole(metadataRows(meta, spec, query));
    }
    const path = resolvePath(spec.path, query.siteId);
    const dates: QueryParam[] = [];
    if (query.startDate) dates.push(['startDate', query.startDate]);
    if (query.endDate) dates.push(['endDate', query.endDate]);
    const sort = query.sort ?? (spec.paginated ? spec.defaultSort : undefined);
    // Everything that changes the answer is in the key; page size and the sort the API accepted
    // do not (the rows are the same, sorted here when the API would not), nor upToBudget (a cut
    // result is not kept).
    const request = { what: 'rows', path, params: dates, extra: spec.params ?? [], limit: query.limit ?? null, sort: sort ?? null };
    const req: RowRequest = { spec, query, fetchOpts, path, dates, sort, context: { siteId: query.siteId, path }, first };
    const stream: Stream = {
      seen: { rows: 0, dated: false },
      // A continued run's rows are only part of the result: never cached.
      keep: !fetchOpts.resume,
      handed: false,
      hand(rows, expected) {
        this.handed = true;
        sink?.(rows, expected);
      },
    };
    // A continued run asks from the row after those it has: a cached whole result would bring them again.
    const resumed = (fetchOpts.resume?.fromRow ?? 0) > 0;
    const { value, hit } = core.cached(
      request,
      fetchOpts.cacheTtlSeconds ?? TTL_RECENT_S,
      isCachedResult,
      () => {
        const fresh = fetchFresh(core, req, stream);
        // A budget cut depends on the time this execution had left: the next may get every row.
        if (fresh.cut) stream.keep = false;
        return fresh;
      },
      () => stream.keep,
      resumed,
    );
    // A cached result still has to pass the caller's check before it is used.
    check();
    if (hit) return whole({ ...value, fromCache: true });
    return { ...value, ...(sink ? { rows: [] } : {}), fromCache: false };
  };
}
