import { CreatorError } from '../shared/errors';
import { dayReader } from '../dates';
import type { Execution } from '../platform/execution';
import type { Sheet, Spreadsheet } from '../platform/types';
import { findReport } from '../catalog/reports';
import { HISTORY_DATE_FIELD } from '../catalog/history';
import { pullReport, type PullBasics } from '../pull/pull-report';
import { historyBlock } from '../sheet/upsert-history';
import { SITE_COLUMN, SITE_FIELD, SITE_NAME_COLUMN, toTable, type TableColumn } from '../table';
import type { Extract } from './rows';

/** What an export needs of a saved report (reports/ hands it in; warehouse/ does not read the store). */
export interface ExportSource extends PullBasics {
  id: string;
  mode: 'replace' | 'history';
  sheetName: string;
  sheetId?: number;
}

function specOf(report: string) {
  const spec = findReport(report);
  if (!spec) throw new CreatorError('BAD_INPUT', `There is no report "${report}" to export.`);
  return spec;
}

/**
 * A plain report's rows, pulled again as its refresh pulled them (the same requests, so the
 * response cache the refresh just filled answers them): without totals, comparisons or a column
 * choice, so the table holds every column of the report's own rows.
 */
export function extractFromPull(ex: Execution, src: ExportSource): Extract {
  const spec = specOf(src.report);
  const pulled = pullReport(
    ex,
    { report: src.report, siteId: src.siteId, start: src.start, end: src.end, limit: src.limit, sort: src.sort },
    { purpose: 'user' },
  );
  const from = pulled.startDate ?? '';
  const to = pulled.endDate ?? '';
  const dated = pulled.table.columns.some((c) => c.field === HISTORY_DATE_FIELD && c.type === 'date');
  return {
    spec,
    columns: pulled.table.columns,
    rows: pulled.table.rows,
    siteId: pulled.sites.length === 1 ? pulled.sites[0] : null,
    scope: { sites: pulled.sites, from: dated ? from : to, to },
    period: dated ? null : { start: from, end: to },
  };
}

function sheetOf(spreadsheet: Spreadsheet, src: ExportSource): Sheet | null {
  const byId = src.sheetId !== undefined ? spreadsheet.getSheets().find((s) => s.getSheetId() === src.sheetId) : undefined;
  return byId ?? spreadsheet.getSheetByName(src.sheetName.trim());
}

/** The ledger's columns, by their headers: the catalog's, Site, Site name and Date; others as the API's own. */
function ledgerColumns(report: string, header: unknown[], body: unknown[][]): TableColumn[] {
  const spec = specOf(report);
  const known = [
    SITE_COLUMN,
    SITE_NAME_COLUMN,
    { header: 'Date', field: HISTORY_DATE_FIELD, type: 'date' as const },
    ...toTable(spec, [], { toDate: (d) => new Date(`${d}T00:00:00Z`) }).columns,
  ];
  return header.map((h, i) => {
    const found = known.find((c) => c.header === h);
    if (found) return found;
    const numeric = body.every((r) => r[i] === '' || typeof r[i] === 'number');
    return { header: String(h), field: String(h), type: numeric ? 'number' : 'text' };
  });
}

export interface Ledger {
  columns: TableColumn[];
  rows: unknown[][];
  /** Each row's day (yyyy-MM-dd, or '' where the cell holds none). */
  dayOfRow: string[];
  /** Its distinct days, in order. */
  days: string[];
  /** The site of a one-site ledger (no Site column). */
  siteId: string | null;
  siteAt: number;
}

/**
 * A history report's ledger, read from its block once per execution (a backfill takes it a window
 * at a time). The ledger is what the table must equal, so it is read, not pulled again.
 */
export function readLedger(ex: Execution, src: ExportSource): Ledger {
  const memo = `warehouse.ledger.${src.id}`;
  const known = ex.memory.get(memo) as Ledger | undefined;
  if (known) return known;
  const spreadsheet = ex.platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open the spreadsheet that holds the report to export it.');
  const sheet = sheetOf(spreadsheet, src);
  const block = historyBlock(spreadsheet, sheet, src.id);
  if (!sheet || !block)
    throw new CreatorError('NOT_FOUND', `The history of this report is not in '${src.sheetName}' any more: refresh it first, then export.`);
  const header = sheet.getRange(block.row, block.col, 1, block.cols).getValues()[0];
  const rows = block.rows > 1 ? sheet.getRange(block.row + 1, block.col, block.rows - 1, block.cols).getValues() : [];
  const columns = ledgerColumns(src.report, header, rows);
  const dateAt = columns.findIndex((c) => c.field === HISTORY_DATE_FIELD);
  const siteAt = columns.findIndex((c) => c.field === SITE_FIELD);
  const cellDay = dayReader(ex.platform, ex.platform.timeZone());
  const dayOf = (cell: unknown): string => cellDay(cell) ?? '';
  const dayOfRow = rows.map((r) => (dateAt >= 0 ? dayOf(r[dateAt]) : ''));
  const days = [...new Set(dayOfRow.filter((d) => d !== ''))].sort();
  const single =
    typeof src.siteId === 'string' && src.siteId.toLowerCase() !== 'all'
      ? src.siteId
      : Array.isArray(src.siteId) && src.siteId.length === 1
        ? src.siteId[0]
        : null;
  const ledger: Ledger = { columns, rows, dayOfRow, days, siteId: siteAt >= 0 ? null : single, siteAt };
  ex.memory.set(memo, ledger);
  return ledger;
}

/** The ledger's rows of days from..to, as an export that replaces those days of its sites. */
export function extractFromLedger(ex: Execution, src: ExportSource, window: { from: string; to: string }): Extract {
  const ledger = readLedger(ex, src);
  const rows = ledger.rows.filter((_, i) => ledger.dayOfRow[i] >= window.from && ledger.dayOfRow[i] <= window.to);
  const sites = ledger.siteAt >= 0 ? [...new Set(ledger.rows.map((r) => String(r[ledger.siteAt])))] : ledger.siteId ? [ledger.siteId] : [];
  return {
    spec: specOf(src.report),
    columns: ledger.columns,
    rows,
    siteId: ledger.siteId,
    scope: { sites, from: window.from, to: window.to },
    period: null,
  };
}
