import { whereLabel } from '../api/advice';
import type { CreatorClient } from '../api/client';
import { freshnessTtl, TTL_RECENT_S } from '../api/freshness';
import type { ReportSpec } from '../catalog/types';
import type { ResolvedRange } from '../dates';
import type { ExecutionKind } from '../platform/execution';
import { thousands } from '../shared/text-size';
import { catalogRank, pickColumns, stackTables, tableStream, toTable, type Table } from '../table';
import type { PullOptions, PullStream } from './pull-report';
import { forSite } from './site-hints';

/** Everything pulling one period's rows for each site needs from the pull that asks. */
export interface SitePulls {
  spec: ReportSpec;
  sites: string[];
  /** Dates and the site list (cached). */
  client: CreatorClient;
  /** The rows (may skip the cache). */
  rowsClient: CreatorClient;
  options: PullOptions;
  query: { limit: number | undefined; sort: string | undefined; columns: string[] | undefined };
  toDate: (day: string) => Date;
  /** Explicit days, sent as given while their bounds ride along with the first page. */
  explicit: { startDate: string; endDate: string } | null;
  unknownBounds: string[];
  /** Each site's checked range, once known. */
  ranges(): Array<ResolvedRange | null> | null;
  checkAll(): Array<ResolvedRange | null>;
  /** Where streamed rows go, when this pull may stream (one site, no totals, no comparison). */
  stream: PullStream | null;
  names: Map<string, string> | undefined;
  /** Where the pull runs (its time budget), for messages. */
  kind: ExecutionKind;
}

/** What the sites' pulls add up to, over both periods of a comparison. */
export interface PullState {
  truncated: boolean;
  /** Per site, for the period asked (see PullResult.available). */
  available: Array<number | null>;
  /** Once each (per site when sites differ). */
  notices: string[];
  /** Rows streamed to options.stream, and the columns they had (null: not streamed). */
  streamed: { rows: number; table: Table } | null;
  /** A limited comparison's earlier period was cut by the time budget: what to tell (also in notices). */
  partial?: string[];
}

/** Thrown through the client when a streamed batch does not fit the columns already decided. */
class StreamDrift extends Error {}

/** See PullResult.available: `fetched` is how many rows came (streamed rows are not kept). */
export function availableRows(result: { truncated: boolean; recordCount: number | null }, fetched: number): number | null {
  return result.truncated ? result.recordCount : fetched;
}

/** One period's table over every site (`side` null: the period asked; else the one compared with). */
export function pullSites(pulls: SitePulls, state: PullState, side: Array<ResolvedRange | null> | null, label: string): Table {
  const { spec, sites } = pulls;
  const tables: Table[] = [];
  sites.forEach((siteId, i) => tables.push(forSite(pulls.client, siteId, () => pullSite(pulls, state, side, label, siteId, i))));
  return sites.length > 1 ? stackTables(tables, sites, pulls.names, catalogRank(spec)) : tables[0];
}

function pullSite(
  pulls: SitePulls,
  state: PullState,
  side: Array<ResolvedRange | null> | null,
  label: string,
  siteId: string,
  i: number,
): Table {
  const { spec, sites, options, toDate, explicit, query } = pulls;
  const ranges = pulls.ranges();
  const known = side ? side[i] : (ranges?.[i] ?? null);
  const prefix = (sites.length > 1 ? `${siteId} (${i + 1} of ${sites.length}): ` : '') + label;
  const tableOpts = sites.length > 1 ? { toDate, siteId, forSheet: options.forSheet } : { toDate, forSheet: options.forSheet };
  // A limited comparison shows the current period's rows, each beside its own earlier value
  // (compareTables' currentRowsOnly): the earlier period's rows are only looked up, so they are
  // fetched whole, as far as the time budget allows, never cut to the same limit.
  const lookup = side !== null && query.limit !== undefined;
  const fetch = (onRows?: (rows: Record<string, unknown>[], expected: number | null) => void) =>
    pulls.rowsClient.fetchRows(
      spec,
      {
        siteId,
        startDate: known?.startDate ?? explicit?.startDate,
        endDate: known?.endDate ?? explicit?.endDate,
        // Each site's earlier period may spend its share of the time left, so a big one does not
        // starve the sites after it.
        ...(lookup ? { upToBudget: 1 / (sites.length - i) } : { limit: query.limit }),
        sort: query.sort,
      },
      {
        onProgress: (page, pages) => options.onProgress?.(`${prefix}fetched page ${page}${pages ? ` of ${pages}` : ''}`, page, pages),
        cacheTtlSeconds: () => {
          const range = side ? side[i] : pulls.checkAll()[i];
          return range ? freshnessTtl(range.endDate, range.dataThrough) : TTL_RECENT_S;
        },
        ...(ranges ? {} : { boundsAlong: { siteIds: pulls.unknownBounds, check: () => void pulls.checkAll() } }),
        ...(onRows ? { onRows } : {}),
      },
    );
  const sink = pulls.stream;
  let result: ReturnType<typeof fetch> | null = null;
  if (sink) {
    const stream = tableStream(spec, { ...tableOpts, catalogLayout: spec.paginated });
    let sent = 0;
    try {
      result = fetch((rows, expected) => {
        const batch = stream.add(rows);
        if (!batch) throw new StreamDrift();
        const picked = pickColumns(batch, query.columns);
        sent += picked.rows.length;
        sink.rows(picked, expected);
      });
      state.streamed = { rows: sent, table: pickColumns({ columns: stream.columns(), rows: [] }, query.columns) };
    } catch (error) {
      if (!(error instanceof StreamDrift)) throw error;
      sink.restart();
    }
  }
  if (!result) result = fetch();
  if (!lookup) state.truncated = state.truncated || result.truncated;
  if (!side) state.available.push(availableRows(result, sink && state.streamed ? state.streamed.rows : result.rows.length));
  const cut = lookup && result.cut ? cutNotice(pulls, result.rows.length) : null;
  for (const notice of [...(result.notices ?? []), ...(cut ? [cut] : [])]) {
    const text = sites.length > 1 ? `${siteId}: ${notice}` : notice;
    if (!state.notices.includes(text)) state.notices.push(text);
    if (notice === cut) state.partial = [...(state.partial ?? []), text];
  }
  return state.streamed ? state.streamed.table : toTable(spec, result.rows, tableOpts);
}

/** A limited comparison whose earlier period did not fit the budget whole: which rows have previous values. */
function cutNotice(pulls: SitePulls, rows: number): string {
  const order = pulls.query.sort ? ` by ${pulls.query.sort}` : '';
  return (
    `The comparison period is too large to fetch whole in ${whereLabel(pulls.kind)}: previous values ` +
    `are only for rows among its first ${thousands(rows)}${order}; the other rows' previous values are blank.`
  );
}
