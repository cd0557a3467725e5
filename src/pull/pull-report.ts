import { createClient, type CreatorClient } from '../api/client';
import type { Execution } from '../platform/execution';
import type { DateFamily, ReportSpec } from '../catalog/types';
import { loadCredential } from '../settings/credential';
import { compareTables, pickColumns, toTable, withTotals, type Table } from '../table';
import {
  COMPARE_LABEL,
  comparisonRange,
  dayShift,
  parseRange,
  resolveRange,
  sharedLastDay,
  type CompareTo,
  type RequestedRange,
  type ResolvedRange,
  type RollingRule,
} from '../dates';
import { CreatorError, isCreatorError } from '../shared/errors';
import { dayCells, earliestDay, latestDay } from './day-cells';
import { readCompareTo, readQueryOptions, readTotals } from './query-options';
import { resolveReport } from './report-key';
import { readSiteArg } from './site-arg';
import { forSite } from './site-hints';
import { availableRows, type PullState, pullSites, type SitePulls } from './pull-sites';
import { expandSites, siteNames } from './sites';

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
  /** The report's columns to keep (fields or headers); absent: every column. */
  columns?: unknown;
  /** Adds Total rows (per site and overall); ratios recomputed from the summed parts. */
  totals?: unknown;
  /** previousPeriod, previousYear or previousYearWeekday: the table compares the two periods. */
  compareTo?: unknown;
  /** How a rolling window meets the last day with data (RollingRule); absent: 'shrink'. */
  rolling?: RollingRule;
}

/** A checked pull's report, sites, dates, limit and sort: what a saved run hands every pull it makes. */
export interface PullBasics {
  report: string;
  siteId: string | string[];
  start?: string;
  end?: string;
  limit?: number;
  sort?: string;
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
  /** The table goes to setValues: its cells are made sheet-safe in the same pass (Table.sheetSafe). */
  forSheet?: boolean;
  onProgress?(message: string, page: number, pages: number | null): void;
  /**
   * Streams a pull of one site without totals or a comparison (those need every row first; other
   * pulls ignore this): each batch of pages goes to `rows` as it arrives, cut to the columns the
   * first batch decided, and the result's table keeps only the columns. A paginated report's
   * batches carry every catalog column (and the catalog's scores) from the first on, so a catalog
   * field first seen in a later batch fills its column; the result's columns leave out those no
   * row filled, and the sink drops them at commit. When a later batch needs other columns (an
   * unknown field, or a score the catalog does not expect, first seen there), `restart` is called,
   * the rows are fetched again, and the result carries the whole table instead (`streamed` false).
   */
  stream?: PullStream;
  /** A continued run's rows so far and whether it may stop before the limit (FetchRowsOptions.resume). */
  resume?: { fromRow: number; mayPause: boolean };
}

export interface PullStream {
  /** `expected`: the rows the whole pull will have, where the API said (for progress). */
  rows(batch: Table, expected: number | null): void;
  restart(): void;
  /** The dates the rows are for, before the first batch: a run continued later pins them. */
  pin?(range: ResolvedRange): void;
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
  /** Rows in the table, total rows included. */
  rows: number;
  /** What differs from what was asked, once each (per site when sites differ). */
  notices: string[];
  /** Of which total rows. */
  totalRows: number;
  /**
   * Per site (in `sites` order; one entry for a report without sites), the rows the report has
   * before any limit: the rows fetched when no limit cut them, else the API's own count, or null
   * when it sent none. For the period asked, not a comparison's.
   */
  available: Array<number | null>;
  /** The period compared with, when the table is a comparison. */
  comparison: { compareTo: CompareTo; label: string; startDate: string; endDate: string } | null;
  /** The rows went to `options.stream`; `table` has the columns only, `rows` counts them. */
  streamed?: boolean;
  /**
   * A limited comparison whose earlier period was too large to fetch whole: which rows have
   * previous values (also in `notices`). A formula, which shows no notices, shows this one below
   * its table, since blanks there would otherwise read as "no earlier value".
   */
  partialComparison?: string;
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
  const { limit, sort, columns } = readQueryOptions(spec, request);
  const totals = readTotals(request.totals);
  const compareTo = readCompareTo(request.compareTo);
  if (compareTo && !spec.dateFamily) {
    throw new CreatorError(
      'BAD_INPUT',
      `${spec.label} has no dates, so there is no earlier period to compare with. Leave compareTo empty.`,
    );
  }
  const platform = execution.platform;
  const timeZone = platform.timeZone();
  const requested = spec.dateFamily ? parseRange(request.start, request.end, { platform, timeZone }, request.rolling) : null;
  const siteArg = spec.key === 'sites' ? null : readSiteArg(request.siteId);

  const credential = loadCredential(execution, options.purpose);
  // Two clients over one credential share the execution's memo and token; only the rows one may
  // skip the cache.
  const client = createClient(execution, credential, { bypassCache: options.bypassCache === true });
  const rowsClient = options.bypassCache ? createClient(execution, credential, { bypassCache: true }) : client;
  const { toDate, dayOf } = dayCells(platform, timeZone);
  const sites = siteArg ? expandSites(siteArg, client, options.purpose) : [];

  if (!siteArg) return pullUnsited(spec, rowsClient, { limit, sort, columns }, { toDate, forSheet: options.forSheet });

  const family = spec.dateFamily;
  const { explicit, unknownBounds, ranges, checkAll } = siteRanges(client, sites, requested, family, compareTo);

  const notices: string[] = [];
  const previous =
    compareTo && family
      ? checkAll().map((range, i) => range && previousPeriod(range, compareTo, client.dateBounds(sites[i]), sites[i], family))
      : null;
  // Several sites carry each site's name beside its ID (one cached request for the site list).
  const names = sites.length > 1 ? siteNames(client) : undefined;

  const state: PullState = { truncated: false, available: [], notices, streamed: null };
  const pulls: SitePulls = {
    spec,
    sites,
    client,
    rowsClient,
    options,
    query: { limit, sort, columns },
    toDate,
    explicit,
    unknownBounds,
    ranges,
    checkAll,
    stream: options.stream && sites.length === 1 && !compareTo && !totals ? options.stream : null,
    names,
    kind: execution.kind,
  };
  const current = pullSites(pulls, state, null, '');
  const before = compareTo && previous ? pullSites(pulls, state, previous, 'comparison period: ') : null;
  const shaped = withTotalsOrComparison(current, before && previous && compareTo ? { before, previous, compareTo } : null, {
    spec,
    totals,
    dayOf,
    toDate,
    first: () => checkAll().find((r): r is ResolvedRange => r !== null)!,
    currentRowsOnly: limit !== undefined,
  });
  let table = shaped.table;
  const { totalRows, comparison } = shaped;

  // Last: totals and comparisons are computed from every column (a ratio from its parts).
  table = pickColumns(table, columns);
  const resolved = checkAll().filter((r): r is ResolvedRange => r !== null);
  return {
    spec,
    table,
    sites,
    startDate: earliestDay(resolved.map((r) => r.startDate)),
    endDate: latestDay(resolved.map((r) => r.endDate)),
    dataThrough: earliestDay(resolved.map((r) => r.dataThrough)),
    truncated: state.truncated,
    clamped: resolved.some((r) => r.clamped === true),
    rows: state.streamed ? state.streamed.rows : table.rows.length,
    notices,
    totalRows,
    available: state.available,
    comparison,
    ...(state.streamed ? { streamed: true } : {}),
    ...(state.partial ? { partialComparison: state.partial.join(' ') } : {}),
  };
}

/**
 * Each site's range, checked against its bounds: at once, or (explicit days whose bounds are not
 * known yet) when the first page's round trip has brought them.
 */
function siteRanges(
  client: CreatorClient,
  sites: string[],
  requested: RequestedRange | null,
  family: DateFamily | null,
  compareTo: CompareTo | null,
): Pick<SitePulls, 'explicit' | 'unknownBounds' | 'ranges' | 'checkAll'> {
  const resolveAll = (): Array<ResolvedRange | null> => resolveSiteRanges(client, sites, requested, family);
  // Explicit days go to the API as given, so the bounds they must be checked against can come back
  // in the same round trip as the first page and be checked before any row is used. A preset is
  // read from the bounds, so those are needed first (or come from the cache at no cost); so is a
  // rolling window ("7daysAgo".."yesterday"), whose end moves to the last day with data. A
  // comparison needs both periods checked before anything is fetched.
  const explicit = requested?.kind === 'days' && !requested.rolling && family !== null ? requested : null;
  const unknownBounds = explicit && !compareTo ? sites.filter((siteId) => client.knownBounds(siteId) === undefined) : [];
  let ranges: Array<ResolvedRange | null> | null = unknownBounds.length > 0 ? null : resolveAll();
  const checkAll = (): Array<ResolvedRange | null> => {
    if (!ranges) ranges = resolveAll();
    return ranges;
  };
  return { explicit, unknownBounds, ranges: () => ranges, checkAll };
}

/**
 * Each site's days, resolved against its bounds (null for a report without dates); an error names
 * its site. A 'keepLength' rolling window over several sites ends on the last day every site has
 * data for, so each site is summed over the same days (RollingRule).
 */
function resolveSiteRanges(
  client: CreatorClient,
  sites: string[],
  requested: RequestedRange | null,
  family: DateFamily | null,
): Array<ResolvedRange | null> {
  if (!requested || !family) return sites.map(() => null);
  const keepLength = requested.kind === 'days' && requested.rolling?.keepLength === true;
  const lastDay = keepLength
    ? sharedLastDay(
        sites.map((siteId) => forSite(client, siteId, () => client.dateBounds(siteId))),
        family,
      )
    : undefined;
  return sites.map((siteId) =>
    forSite(client, siteId, () => resolveRange(requested, client.dateBounds(siteId), { siteId, family, lastDay })),
  );
}

/** The table as asked: compared with the earlier period (and totalled with it), or with totals, or as it is. */
function withTotalsOrComparison(
  table: Table,
  earlier: { before: Table; previous: Array<ResolvedRange | null>; compareTo: CompareTo } | null,
  how: {
    spec: ReportSpec;
    totals: boolean;
    dayOf: ReturnType<typeof dayCells>['dayOf'];
    toDate: ReturnType<typeof dayCells>['toDate'];
    first: () => ResolvedRange;
    /** A limit was given: the current period's rows only (compareTables' currentRowsOnly). */
    currentRowsOnly: boolean;
  },
): { table: Table; totalRows: number; comparison: PullResult['comparison'] } {
  const { spec, totals, dayOf, toDate } = how;
  if (earlier) {
    const { before, previous, compareTo } = earlier;
    const compared = compareTables({
      spec,
      current: table,
      previous: before,
      shift: dayShift(compareTo, how.first()),
      dayOf,
      toDate,
      totals,
      currentRowsOnly: how.currentRowsOnly,
    });
    const spans = previous.filter((r): r is ResolvedRange => r !== null);
    const comparison = {
      compareTo,
      label: COMPARE_LABEL[compareTo],
      startDate: earliestDay(spans.map((r) => r.startDate))!,
      endDate: latestDay(spans.map((r) => r.endDate))!,
    };
    return { table: compared, totalRows: compared.totalRows, comparison };
  }
  if (totals) {
    const totalled = withTotals(table, spec);
    return { table: totalled.table, totalRows: totalled.totals, comparison: null };
  }
  return { table, totalRows: 0, comparison: null };
}

/** A report without sites (the site list itself): one fetch, no dates. */
function pullUnsited(
  spec: ReportSpec,
  rowsClient: CreatorClient,
  query: Pick<SitePulls['query'], 'limit' | 'sort' | 'columns'>,
  tableOpts: { toDate: SitePulls['toDate']; forSheet?: boolean },
): PullResult {
  const result = rowsClient.fetchRows(spec, { limit: query.limit, sort: query.sort }, {});
  const available = [availableRows(result, result.rows.length)];
  const table = pickColumns(toTable(spec, result.rows, tableOpts), query.columns);
  return {
    spec,
    table,
    sites: [],
    startDate: null,
    endDate: null,
    dataThrough: null,
    truncated: result.truncated,
    clamped: false,
    rows: table.rows.length,
    notices: result.notices ?? [],
    totalRows: 0,
    available,
    comparison: null,
  };
}

/**
 * The period a site's range is compared with, checked against the same bounds with the same
 * messages as the range itself, so a comparison reaching back before the site's first day says so.
 */
function previousPeriod(
  range: ResolvedRange,
  compareTo: CompareTo,
  bounds: Parameters<typeof resolveRange>[1],
  siteId: string,
  family: NonNullable<ReportSpec['dateFamily']>,
): ResolvedRange {
  const span = comparisonRange(compareTo, range);
  try {
    return resolveRange({ kind: 'days', ...span }, bounds, { siteId, family });
  } catch (error) {
    if (!isCreatorError(error)) throw error;
    throw new CreatorError(
      error.code,
      `The comparison period (${COMPARE_LABEL[compareTo]}: ${span.startDate} to ${span.endDate}) is outside the data. ${error.message}`,
    );
  }
}
