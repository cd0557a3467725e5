import type { Execution } from '../platform/execution';
import { pullReport, type PullResult } from '../pull/pull-report';
import { checkRefresh } from './generation';
import { toGrid, type GridCell } from './grid';
import { readHeader } from './header-arg';
import { readOptions } from './options-arg';
import { resolveReport } from '../pull/report-key';
import { singleCell } from '../shared/user-input';

/** Arguments of a CREATOR_ function, as Sheets passed them. Signature fixed by src/Code.ts. */
export interface FormulaArgs {
  siteId?: unknown;
  start?: unknown;
  end?: unknown;
  limit?: unknown;
  sort?: unknown;
  header?: unknown;
}

/**
 * One CREATOR_ formula: the owner's credential (with consent), the shared pull, and a 2D array
 * with a header row. Errors are CreatorErrors; serve() turns them into the cell's message.
 */
export function runFormula(execution: Execution, report: string, args: FormulaArgs): GridCell[][] {
  const header = readHeader(args.header);
  const request = { report, siteId: args.siteId, start: args.start, end: args.end, limit: args.limit, sort: args.sort };
  const refresh = checkRefresh(execution, requestKey(request));
  const result = pullReport(execution, request, { purpose: 'formula', bypassCache: refresh.bypass ? 'rows' : false });
  refresh.markFetched();
  return toGrid(result.table, { header, emptyMessage: emptyMessage(result) });
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
  const opts = readOptions(options);
  const key = singleCell(report, 'report key');
  // A number in a cell is still something the user typed as a key ("Unknown report "3"").
  const spec = resolveReport(typeof key === 'number' ? String(key) : key);
  return runFormula(execution, spec.key, {
    siteId,
    start,
    end,
    limit: opts.limit,
    sort: opts.sort,
    header: opts.header,
  });
}

/** The refresh marker's key: the formula's arguments as given (dates as instants). */
function requestKey(request: Record<string, unknown>): string {
  return JSON.stringify(request, (_key, value: unknown) => (value === undefined ? null : value));
}

function emptyMessage(result: PullResult): string {
  const who = result.sites.length === 1 ? ` for ${result.sites[0]}` : result.sites.length > 1 ? ' for these sites' : '';
  const when = result.startDate && result.endDate ? ` from ${result.startDate} to ${result.endDate}` : '';
  return `No data${who}${when}.`;
}
