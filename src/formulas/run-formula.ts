import type { Execution } from '../platform/execution';
import { pullReport, type PullResult } from '../pull/pull-report';
import { checkRefresh } from './generation';
import { rowsThatFit, toGrid, type GridCell } from './grid';
import { readHeader } from './header-arg';
import { readOptions } from './options-arg';
import { MAX_LIMIT, readCompareTo, readLimit, readTotals } from '../pull/query-options';
import { resolveReport } from '../pull/report-key';
import { singleCell } from '../shared/user-input';
import { CreatorError } from '../shared/errors';
import { isDemo } from '../settings/demo-flag';
import { DEMO_NOTE_LINE } from '../run/block-note';

/** Arguments of a CREATOR_ function, as Sheets passed them. Signature fixed by src/Code.ts. */
export interface FormulaArgs {
  siteId?: unknown;
  start?: unknown;
  end?: unknown;
  limit?: unknown;
  sort?: unknown;
  header?: unknown;
  /** The trailing options argument: "totals=true, compareTo=previousYear" (also limit, sort, header). */
  options?: unknown;
  /** CREATOR_COMPARE's own argument. */
  compareTo?: unknown;
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * One CREATOR_ formula: the owner's credential (with consent), the shared pull, and a 2D array
 * with a header row. Errors are CreatorErrors; serve() turns them into the cell's message.
 */
export function runFormula(execution: Execution, report: string, args: FormulaArgs): GridCell[][] {
  // An argument given in its own place wins over the same option in the options text.
  const opts = readOptions(args.options);
  const pick = (own: unknown, fromOptions: unknown): unknown => (given(own) ? own : fromOptions);
  const header = readHeader(pick(args.header, opts.header));
  const request = {
    report,
    siteId: args.siteId,
    start: args.start,
    end: args.end,
    limit: pick(args.limit, opts.limit),
    sort: pick(args.sort, opts.sort),
    totals: opts.totals,
    compareTo: pick(args.compareTo, opts.compareTo),
  };
  const refresh = checkRefresh(execution, requestKey(request));
  const pull = (limit: unknown): PullResult =>
    pullReport(execution, { ...request, limit }, { purpose: 'formula', bypassCache: refresh.bypass ? 'rows' : false });
  // Sheets shows #REF! for a result past the sheet's last row or column instead of adding them:
  // the result is cut to the sheet, and no more rows are fetched than it can show.
  const room = execution.platform.formulaRoom?.() ?? null;
  // A formula cell is one for every editor, computed with the owner's properties: while the owner
  // tries the demo, the result says "Demo data" itself (the header's first cell, or a last row of
  // its own, kept room for like a header), never looking like real numbers.
  const demo = isDemo(execution);
  const labelRow = demo && !header;
  const sheetRoom = room && labelRow ? { ...room, rows: Math.max(1, room.rows - 1) } : room;
  const sheetRows = sheetRoom ? Math.max(1, sheetRoom.rows - (header ? 1 : 0)) : Infinity;
  const shown = shownRows(request, header, sheetRows);
  let result = pull(shown ? shown.limit : request.limit);
  let total: number | undefined;
  if (shown) {
    const room = Math.min(rowsThatFit(result.table.columns.length, header), sheetRows);
    total = sumUpTo(result.available, shown.user);
    if (total === undefined) {
      // Cut short with no count from the API: the cut message could not say of how many.
      result = pull(request.limit);
    } else if (result.truncated && room > shown.limit) {
      // Narrower than guessed (catalog fields no row sent): fetch again with the true room, at
      // most once, as more rows only add columns.
      const more = Math.min(room, shown.user);
      result = pull(more <= MAX_LIMIT ? more : request.limit);
      total = sumUpTo(result.available, shown.user);
    }
  }
  refresh.markFetched();
  const grid = toGrid(result.table, {
    header,
    emptyMessage: emptyMessage(result),
    room: sheetRoom,
    ...(total === undefined ? {} : { total }),
    ...(result.partialComparison ? { note: result.partialComparison } : {}),
  });
  return demo ? labelDemo(grid, header) : grid;
}

function labelDemo(grid: GridCell[][], header: boolean): GridCell[][] {
  if (header && grid.length > 0) return [[`Demo data: ${String(grid[0][0])}`, ...grid[0].slice(1)], ...grid.slice(1)];
  const width = grid[0]?.length ?? 1;
  return [...grid, [DEMO_NOTE_LINE, ...Array.from({ length: width - 1 }, () => '')]];
}

/** Rows over the sites, each cut at the user's limit as the pull would; undefined when a count is unknown. */
function sumUpTo(counts: ReadonlyArray<number | null>, limit: number): number | undefined {
  let sum = 0;
  for (const n of counts) {
    if (n === null) return undefined;
    sum += Math.min(n, limit);
  }
  return sum;
}

/**
 * A formula shows at most MAX_FORMULA_CELLS cells, so its pull asks each site for no more rows
 * than fit (the first rows of a site decide the first rows shown, several sites stacked in order),
 * which on a big report is most of the time the formula takes. The width guessed is the
 * narrowest usual one, the report's catalog fields: guessing too wide would fetch too few rows.
 * Never more than `sheetRows`, the rows the sheet has below the formula (and its header).
 * Null when every row is needed (totals, a comparison) or the limit already fits; also when an
 * option is bad, which the pull then reports as usual. Also with a sort: one the API will not do
 * is done here over every row anyway, and were those too many, a limit would have the client
 * fall back to the API's order with a notice a formula cannot show.
 */
function shownRows(
  request: { report: string; limit: unknown; sort: unknown; totals: unknown; compareTo: unknown },
  header: boolean,
  sheetRows: number,
): { limit: number; user: number } | null {
  try {
    if (given(request.sort) || readTotals(request.totals) || readCompareTo(request.compareTo)) return null;
    const user = readLimit(request.limit);
    const limit = Math.min(rowsThatFit(resolveReport(request.report).columns.length, header), sheetRows);
    if ((user !== undefined && user <= limit) || limit > MAX_LIMIT) return null;
    return { limit, user: user ?? Infinity };
  } catch (_) {
    return null;
  }
}

/** CREATOR_REPORT: any report by key, with "limit=100, sort=-rpm, header=false" style options. */
export function runReportFormula(
  execution: Execution,
  report: unknown,
  siteId: unknown,
  start: unknown,
  end: unknown,
  options: unknown,
): GridCell[][] {
  return runFormula(execution, reportKey(report), { siteId, start, end, options });
}

/** CREATOR_COMPARE: any report beside an earlier period, with CREATOR_REPORT's options. */
export function runCompareFormula(
  execution: Execution,
  report: unknown,
  siteId: unknown,
  start: unknown,
  end: unknown,
  compareTo: unknown,
  options: unknown,
): GridCell[][] {
  const key = reportKey(report);
  if (!given(singleCell(compareTo, 'compareTo'))) {
    throw new CreatorError(
      'BAD_INPUT',
      'Say what to compare with: "previousPeriod" (the same number of days just before), "previousYear" (the same dates a year earlier) or "previousYearWeekday" (364 days earlier, weekdays aligned).',
    );
  }
  return runFormula(execution, key, { siteId, start, end, options, compareTo });
}

function reportKey(report: unknown): string {
  const key = singleCell(report, 'report key');
  // A number in a cell is still something the user typed as a key ("Unknown report "3"").
  return resolveReport(typeof key === 'number' ? String(key) : key).key;
}

/** The refresh marker's key: the formula's arguments as given (dates as instants). */
function requestKey(request: Record<string, unknown>): string {
  return JSON.stringify(request, (_key, value: unknown) => (value === undefined ? null : value));
}

function emptyMessage(result: PullResult): string {
  const who = result.sites.length === 1 ? ` for ${result.sites[0]}` : result.sites.length > 1 ? ' for these sites' : '';
  const when = result.startDate && result.endDate ? ` from ${result.startDate} to ${result.endDate}` : '';
  if (result.comparison) return `No data${who}${when}, nor from ${result.comparison.startDate} to ${result.comparison.endDate}.`;
  return `No data${who}${when}.`;
}
