import { createClient } from '../api/client';
import { freshnessTtl, TTL_RECENT_S } from '../api/freshness';
import type { Execution } from '../platform/execution';
import type { ReportSpec } from '../catalog/types';
import { loadCredential } from '../settings/credential';
import { stackTables, toTable, type Table } from '../table';
import { localMidnight, maxYmd, minYmd, parseRange, resolveRange, type ResolvedRange } from '../dates';
import { readQueryOptions } from './query-options';
import { resolveReport } from './report-key';
import { readSiteArg } from './site-arg';
import { explainSiteError } from './site-hints';
import { expandSites } from './sites';

export interface PullRequest {
  /** A catalog key, e.g. "pages/performance". */
  report: string;
  /** One ID, a number, a list, a 2D range of IDs, or "all". Ignored by `sites`. */
  siteId?: unknown;
  /** A date cell, YYYY-MM-DD, today, yesterday, NdaysAgo, or a preset (then `end` empty). */
  start?: unknown;
  end?: unknown;
  /** Rows per site, 1 to 100,000. */
  limit?: unknown;
  /** `field` or `-field`; a column header is accepted too. */
  sort?: unknown;
}

export interface PullOptions {
  /** Whose credential: the caller's own ('user') or the owner's, with consent ('formula'). */
  purpose: 'user' | 'formula';
  /**
   * Skip cache reads (a forced refresh): `true` for rows, sites and date bounds; `'rows'` for the
   * report rows only, so that many formulas refreshed at once still share one cached copy of each
   * site's bounds (30-minute cache) instead of each reading them again.
   */
  bypassCache?: boolean | 'rows';
  onProgress?(message: string, page: number, pages: number | null): void;
}

export interface PullResult {
  spec: ReportSpec;
  /** With a leading Site column when more than one site was pulled. */
  table: Table;
  sites: string[];
  /** The days asked for (earliest start, latest end over the sites); null for reports without dates. */
  startDate: string | null;
  endDate: string | null;
  /** The earliest last-day-with-data over the sites; null for reports without dates. */
  dataThrough: string | null;
  /** A limit cut some site's rows short. */
  truncated: boolean;
  /** A rolling window (today, yesterday, NdaysAgo) was moved back to end at the last day with data. */
  clamped: boolean;
  /** Data rows in the table. */
  rows: number;
}

/**
 * The one pull behind formulas, the sidebar and schedules. Everything that can be checked without
 * the network (report, limit, sort, date syntax, site list) is checked first; then each site's
 * dates are resolved against its bounds before any rows are used, so a bad site fails fast: before
 * any row is fetched when the bounds are needed first or already known, else (explicit days) right
 * after the first page, whose round trip also carried the bounds.
 */
export function pullReport(execution: Execution, request: PullRequest, options: PullOptions): PullResult {
  const spec = resolveReport(request.report);
  const { limit, sort } = readQueryOptions(spec, request);
  const platform = execution.platform;
  const timeZone = platform.timeZone();
  const requested = spec.dateFamily ? parseRange(request.start, request.end, { platform, timeZone }) : null;
  const siteArg = spec.key === 'sites' ? null : readSiteArg(request.siteId);

  const credential = loadCredential(execution, options.purpose);
  // Two clients over one credential share the execution's memo and token; only the rows one may
  // skip the cache.
  const client = createClient(execution, credential, { bypassCache: options.bypassCache === true });
  const rowsClient = options.bypassCache ? createClient(execution, credential, { bypassCache: true }) : client;
  // A pull repeats the same few days across many rows, and each midnight costs several
  // Utilities.formatDate calls: each day is worked out once per pull, and every cell gets its own
  // Date (a shared one could be changed through any cell holding it).
  const midnights = new Map<string, number>();
  const toDate = (ymd: string): Date => {
    let ms = midnights.get(ymd);
    if (ms === undefined) {
      ms = localMidnight(platform, timeZone, ymd).getTime();
      midnights.set(ymd, ms);
    }
    return new Date(ms);
  };
  const sites = siteArg ? expandSites(siteArg, client, options.purpose) : [];

  if (!siteArg) {
    const result = rowsClient.fetchRows(spec, { limit, sort }, {});
    const table = toTable(spec, result.rows, { toDate });
    return { spec, table, sites, startDate: null, endDate: null, dataThrough: null, truncated: result.truncated, clamped: false, rows: table.rows.length };
  }

  const family = spec.dateFamily;
  const resolveAll = (): Array<ResolvedRange | null> =>
    sites.map((siteId) => {
      if (!requested || !family) return null;
      try {
        return resolveRange(requested, client.dateBounds(siteId), { siteId, family });
      } catch (error) {
        throw explainSiteError(error, siteId, () => client.listSites());
      }
    });
  // Explicit days go to the API as given, so the bounds they must be checked against can come back
  // in the same round trip as the first page and be checked before any row is used. A preset is
  // read from the bounds, so those are needed first (or come from the cache at no cost); so is a
  // rolling window ("7daysAgo".."yesterday"), whose end moves to the last day with data.
  const explicit = requested?.kind === 'days' && !requested.rolling && family !== null ? requested : null;
  const unknownBounds = explicit ? sites.filter((siteId) => client.knownBounds(siteId) === undefined) : [];
  let ranges: Array<ResolvedRange | null> | null = unknownBounds.length > 0 ? null : resolveAll();
  const checkAll = (): Array<ResolvedRange | null> => {
    if (!ranges) ranges = resolveAll();
    return ranges;
  };

  const tables: Table[] = [];
  let truncated = false;
  sites.forEach((siteId, i) => {
    try {
      pullSite(siteId, i);
    } catch (error) {
      throw explainSiteError(error, siteId, () => client.listSites());
    }
  });
  function pullSite(siteId: string, i: number): void {
    const known = ranges?.[i] ?? null;
    const prefix = sites.length > 1 ? `${siteId} (${i + 1} of ${sites.length}): ` : '';
    const result = rowsClient.fetchRows(
      spec,
      {
        siteId,
        startDate: known?.startDate ?? explicit?.startDate,
        endDate: known?.endDate ?? explicit?.endDate,
        limit,
        sort,
      },
      {
        onProgress: (page, pages) =>
          options.onProgress?.(`${prefix}fetched page ${page}${pages ? ` of ${pages}` : ''}`, page, pages),
        cacheTtlSeconds: () => {
          const range = checkAll()[i];
          return range ? freshnessTtl(range.endDate, range.dataThrough) : TTL_RECENT_S;
        },
        ...(ranges ? {} : { boundsAlong: { siteIds: unknownBounds, check: () => void checkAll() } }),
      },
    );
    truncated = truncated || result.truncated;
    tables.push(toTable(spec, result.rows, sites.length > 1 ? { toDate, siteId } : { toDate }));
  }

  const table = sites.length > 1 ? stackTables(tables, sites) : tables[0];
  const resolved = checkAll().filter((r): r is ResolvedRange => r !== null);
  const earliest = (days: string[]): string | null => (days.length ? days.reduce(minYmd) : null);
  const latest = (days: string[]): string | null => (days.length ? days.reduce(maxYmd) : null);
  return {
    spec,
    table,
    sites,
    startDate: earliest(resolved.map((r) => r.startDate)),
    endDate: latest(resolved.map((r) => r.endDate)),
    dataThrough: earliest(resolved.map((r) => r.dataThrough)),
    truncated,
    clamped: resolved.some((r) => r.clamped === true),
    rows: table.rows.length,
  };
}
