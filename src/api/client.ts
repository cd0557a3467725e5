import type { ReportSpec } from '../catalog/types';
import type { Execution } from '../platform/execution';
import { withCatalogNames } from '../catalog/aliases';
import { createAdaptation, type Attempt } from './adapt';
import { createAuth, type Auth } from './auth';
import { parseDateBounds } from './bounds';
import { credentialFingerprint, type Credential } from './credential';
import { readPage } from './envelope';
import { secretCheck } from './secret-forms';
import { CreatorError, isCreatorError } from '../shared/errors';
import { TTL_METADATA_S, TTL_RECENT_S } from './freshness';
import { sortRows } from './local-sort';
import { adaptiveFanOut, MAX_FAN_OUT, type FanOut } from './fan-out';
import { fetchPages, MAX_PAGE_SIZE } from './pagination';
import { createRequester, type Settled } from './requester';
import { mayFitCache, readCached, responseCacheKey, writeCached } from './response-cache';
import type { RetryContext } from './retry';
import type { ClientOptions, DateBounds, FetchRowsOptions, FetchRowsResult, RowQuery, SiteRow } from './types';
import { buildUrl, hostOf, resolvePath, type QueryParam } from './url';
import { isYmd } from '../dates/calendar';

export interface CreatorClient {
  /** Every site the credential sees (cached 30 min). */
  listSites(): SiteRow[];
  /** The sites if this execution or the cache already has them; never a request. */
  knownSites(): SiteRow[] | undefined;
  /** The site's analytics and earnings bounds (once per execution; cached 30 min). */
  dateBounds(siteId: string): DateBounds;
  /** The bounds if this execution or the cache already has them; never a request. */
  knownBounds(siteId: string): DateBounds | undefined;
  /** A report's rows: all pages, or the first `limit` rows. Cached per request. */
  fetchRows(spec: ReportSpec, query: RowQuery, opts?: FetchRowsOptions): FetchRowsResult;
  /** The credential's fingerprint (cache keys, progress keys); never the secret. */
  readonly fingerprint: string;
}

type Cached = Omit<FetchRowsResult, 'fromCache'>;

function isCachedResult(value: unknown): value is Cached {
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

function isRowArray(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null);
}

function checkLimit(limit: number | undefined): void {
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
    throw new CreatorError('BAD_INPUT', 'The limit must be a whole number of rows, 1 or more.');
  }
}

function checkDate(name: string, value: string | undefined): void {
  if (value !== undefined && !isYmd(value)) {
    throw new CreatorError('BAD_INPUT', `The ${name} date must look like 2026-10-31.`);
  }
}

function toSiteRow(row: Record<string, unknown>): SiteRow {
  const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  return { ...row, id: text(row.id), name: text(row.name), url: text(row.url), status: text(row.status) };
}

/** Applies what the API was not asked to do (non-paginated reports): sort, then limit. */
function shapeLocally(rows: Record<string, unknown>[], query: RowQuery): { rows: Record<string, unknown>[]; truncated: boolean } {
  const sorted = query.sort ? sortRows(rows, query.sort) : rows;
  if (query.limit === undefined || sorted.length <= query.limit) return { rows: sorted, truncated: false };
  return { rows: sorted.slice(0, query.limit), truncated: true };
}

/**
 * The API would not sort by `sort`: every row is fetched and sorted here, then cut to the limit.
 * When every row would not fit the time or the row cap, the first `limit` rows come in the API's
 * order instead, and the user, who asked for that sort, is told.
 */
function sortedHere(sort: string, query: RowQuery, pages: (limit: number | undefined) => Cached): Cached {
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
interface SeriesSeen {
  rows: number;
  dated: boolean;
}

function seeSeries(seen: SeriesSeen, rows: Record<string, unknown>[]): void {
  seen.rows += rows.length;
  if (!seen.dated) seen.dated = rows.some((row) => 'date' in row);
}

/** A day-by-day report whose rows carry no date: the API sent a summary instead of a series. */
function seriesNotice(spec: ReportSpec, seen: SeriesSeen, query: RowQuery): string[] {
  if (spec.series !== 'daily' || seen.rows === 0 || seen.dated) return [];
  const range = query.startDate && query.endDate ? ` for ${query.startDate} to ${query.endDate}` : '';
  const what = seen.rows === 1 ? 'one summary row' : `${seen.rows} rows without dates`;
  return [`The Creator API sent ${what}${range}, not a day-by-day series, so there is no Date column.`];
}

export function createClient(execution: Execution, credential: Credential, opts: ClientOptions = {}): CreatorClient {
  const { platform } = execution;
  const fingerprint = credentialFingerprint(platform, credential);
  const ctx: RetryContext = { execution, random: opts.random ?? Math.random, host: hostOf(credential.apiBaseUrl) };
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
  /**
   * Read-through cache; bypassCache skips the read but still refreshes the entry. `complete` says
   * whether the computed value holds the whole answer (a streamed one may have let its rows go).
   */
  const cached = <T>(
    request: unknown,
    ttl: number | (() => number),
    valid: (v: unknown) => v is T,
    compute: () => T,
    complete: () => boolean = () => true,
  ): { value: T; hit: boolean } => {
    const key = responseCacheKey(platform, fingerprint, request);
    if (!opts.bypassCache) {
      const hit = readCached(platform, key, valid);
      if (hit !== undefined) return { value: hit, hit: true };
    }
    const value = compute();
    if (complete()) writeCached(platform, key, value, typeof ttl === 'function' ? ttl() : ttl);
    return { value, hit: false };
  };
  const adaptation = createAdaptation(execution, fingerprint);
  /**
   * Runs `run` with what the API accepts, adapting on a 400 (adapt.ts) and remembering what worked.
   * Once rows were handed over (`started`), a failure is final: another attempt would repeat them.
   */
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

  const listSites = (): SiteRow[] =>
    memo('sites', () =>
      // page[size]=0 asks for every site in one page.
      cached(
        { what: 'sites' },
        TTL_METADATA_S,
        isRowArray,
        () => readPage(getOne('/sites', [['page[size]', 0]]), secretCheck(execution)).rows,
      ).value.map(toSiteRow),
    );

  const knownSites = (): SiteRow[] | undefined => {
    const full = memoKey('sites');
    if (execution.memory.has(full)) return execution.memory.get(full) as SiteRow[];
    if (opts.bypassCache) return undefined;
    return readCached(platform, responseCacheKey(platform, fingerprint, { what: 'sites' }), isRowArray)?.map(toSiteRow);
  };

  // Raw bounds live in the execution's memo under one key, however they arrived (alone, read from
  // the cache, or alongside a page).
  const boundsPath = (siteId: string): string => resolvePath('/sites/{siteId}/date-bounds', siteId);
  const boundsMemoKey = (siteId: string): string => memoKey(`bounds.${siteId}`);
  const boundsCacheKey = (siteId: string): string =>
    responseCacheKey(platform, fingerprint, { what: 'date-bounds', path: boundsPath(siteId) });
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const keepBounds = (siteId: string, body: unknown): Record<string, unknown> => {
    const value = readPage(body, secretCheck(execution)).rows[0] ?? {};
    writeCached(platform, boundsCacheKey(siteId), value, TTL_METADATA_S);
    execution.memory.set(boundsMemoKey(siteId), value);
    return value;
  };
  const peekRawBounds = (siteId: string): Record<string, unknown> | undefined => {
    const key = boundsMemoKey(siteId);
    if (execution.memory.has(key)) return execution.memory.get(key) as Record<string, unknown>;
    if (opts.bypassCache) return undefined;
    const hit = readCached(platform, boundsCacheKey(siteId), isObject);
    if (hit !== undefined) execution.memory.set(key, hit);
    return hit;
  };
  const rawBounds = (siteId: string): Record<string, unknown> =>
    peekRawBounds(siteId) ?? keepBounds(siteId, getOne(boundsPath(siteId), [], siteId));
  const typedBounds = (siteId: string): DateBounds => memo(`bounds.typed.${siteId}`, () => parseDateBounds(rawBounds(siteId)));

  /**
   * The first request for rows, with the date bounds `along` asks for in the same round trip.
   * Failures are reported in the order a separate bounds request would have given them: a bounds
   * error, then the caller's check (an out-of-range day explains a page's 400 better), then the page.
   */
  const sendFirst = (url: string, context: { siteId?: string; path: string }, siteIds: string[]): Settled => {
    const answers = requester.getSettled([
      { url, context },
      ...siteIds.map((siteId) => ({
        url: buildUrl(credential.apiBaseUrl, boundsPath(siteId), []),
        context: { siteId, path: boundsPath(siteId) },
      })),
    ]);
    siteIds.forEach((siteId, k) => {
      const answer = answers[k + 1];
      if (!answer.ok) throw answer.error;
      keepBounds(siteId, answer.body);
    });
    return answers[0];
  };

  const fetchRows = (spec: ReportSpec, query: RowQuery, fetchOpts: FetchRowsOptions = {}): FetchRowsResult => {
    checkLimit(query.limit);
    checkDate('start', query.startDate);
    checkDate('end', query.endDate);
    let checked = false;
    const check = (): void => {
      if (checked) return;
      checked = true;
      fetchOpts.boundsAlong?.check();
    };
    // Only the bounds nobody has yet ride along; checked before any row is used.
    const along = (): string[] => {
      const wanted = fetchOpts.boundsAlong?.siteIds ?? [];
      return wanted.filter((siteId, i) => wanted.indexOf(siteId) === i && peekRawBounds(siteId) === undefined);
    };
    const first = (url: string, context: { siteId?: string; path: string }): unknown => {
      const answer = sendFirst(url, context, checked ? [] : along());
      check();
      if (!answer.ok) throw answer.error;
      return answer.body;
    };
    const sink = fetchOpts.onRows;
    // A whole result at once: to the sink as one batch, when there is one.
    const whole = (result: FetchRowsResult): FetchRowsResult => {
      if (!sink) return result;
      sink(result.rows, result.rows.length);
      return { ...result, rows: [] };
    };
    if (spec.key === 'sites') {
      check();
      const { rows, truncated } = shapeLocally(listSites(), query);
      return whole({ rows, recordCount: null, truncated, pages: 1, fromCache: false });
    }
    if (spec.shape === 'date-bounds') {
      check();
      return whole({ rows: [rawBounds(query.siteId ?? '')], recordCount: null, truncated: false, pages: 1, fromCache: false });
    }
    const path = resolvePath(spec.path, query.siteId);
    const dates: QueryParam[] = [];
    if (query.startDate) dates.push(['startDate', query.startDate]);
    if (query.endDate) dates.push(['endDate', query.endDate]);
    const sort = query.sort ?? (spec.paginated ? spec.defaultSort : undefined);
    // Everything that changes the answer is in the key; page size and the sort the API accepted
    // do not (the rows are the same, sorted here when the API would not).
    const request = { what: 'rows', path, params: dates, extra: spec.params ?? [], limit: query.limit ?? null, sort: sort ?? null };
    const ttl = fetchOpts.cacheTtlSeconds ?? TTL_RECENT_S;
    const context = { siteId: query.siteId, path };
    const seen: SeriesSeen = { rows: 0, dated: false };
    // A streamed result keeps its rows only while the whole of it could still fit the cache.
    let keep = true;
    let handed = false;
    const hand = (rows: Record<string, unknown>[], expected: number | null): void => {
      handed = true;
      sink?.(rows, expected);
    };
    const { value, hit } = cached(
      request,
      ttl,
      isCachedResult,
      (): Cached => {
        const paramsFor = (attempt: Attempt): QueryParam[] => [
          ...dates,
          ...(attempt.extraParams ? (spec.params ?? []).map(([name, v]): QueryParam => [name, v]) : []),
          ...(spec.paginated && attempt.sort ? [['sort', attempt.sort] as QueryParam] : []),
        ];
        const result = adapted(
          spec,
          spec.paginated ? sort : undefined,
          (attempt): Cached => {
            if (!spec.paginated) {
              const page = readPage(first(buildUrl(credential.apiBaseUrl, path, paramsFor(attempt)), context), secretCheck(execution));
              fetchOpts.onProgress?.(1, 1);
              return { ...shapeLocally(withCatalogNames(spec, page.rows), query), recordCount: page.recordCount, pages: 1 };
            }
            const pages = (limit: number | undefined, streamed: boolean): Cached => {
              const kept: Record<string, unknown>[] = [];
              const got = fetchPages(execution, requester, {
                baseUrl: credential.apiBaseUrl,
                path,
                siteId: query.siteId,
                params: paramsFor(attempt),
                limit,
                pageSize: attempt.pageSize,
                fanOut,
                onProgress: fetchOpts.onProgress,
                sendFirst: (url) => first(url, context),
                ...(streamed
                  ? {
                      onRows: (batch: Record<string, unknown>[], recordCount: number | null) => {
                        const rows = withCatalogNames(spec, batch);
                        seeSeries(seen, rows);
                        if (keep && !kept.length) keep = mayFitCache(platform, rows, Math.min(recordCount ?? 0, limit ?? Infinity));
                        if (keep) {
                          kept.push(...rows);
                          keep = mayFitCache(platform, kept, kept.length);
                          if (!keep) kept.length = 0;
                        }
                        hand(rows, recordCount === null ? null : Math.min(recordCount, limit ?? Infinity));
                      },
                    }
                  : {}),
              });
              return { ...got, rows: streamed ? (keep ? kept : []) : withCatalogNames(spec, got.rows) };
            };
            if (attempt.sort === sort || sort === undefined) return pages(query.limit, !!sink);
            return sortedHere(sort, query, (limit) => pages(limit, false));
          },
          () => handed,
        );
        if (!handed) {
          seeSeries(seen, result.rows);
          if (sink) hand(result.rows, result.rows.length);
        }
        return { ...result, notices: [...(result.notices ?? []), ...seriesNotice(spec, seen, query)] };
      },
      () => keep,
    );
    // A cached result still has to pass the caller's check before it is used.
    check();
    if (hit) return whole({ ...value, fromCache: true });
    return { ...value, ...(sink ? { rows: [] } : {}), fromCache: false };
  };

  return {
    fingerprint,
    listSites,
    knownSites,
    dateBounds: typedBounds,
    knownBounds: (siteId) => (peekRawBounds(siteId) === undefined ? undefined : typedBounds(siteId)),
    fetchRows,
  };
}
