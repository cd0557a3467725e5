/**
 * The naive way, as the tools users complain about do it: one UrlFetchApp.fetch per page,
 * following `meta.page.next` one page after another, and a setValues per page as it arrives.
 * It runs on the same emulator and latency model as the add-on, so the two are comparable.
 * Deliberately simple (no retry, no cache): it is the baseline, not a client to ship.
 */
import type { EmulatorGlobals } from '../emulator';

export interface NaivePullRequest {
  apiBaseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  siteId: string;
  report: string;
  startDate: string;
  endDate: string;
  sheetName: string;
  /** The API's maximum: the naive client is not penalised with small pages. */
  pageSize?: number;
  /** Stop after this many rows (the add-on's limit), still page by page. */
  maxRows?: number;
}

export interface NaivePullResult {
  rows: number;
  pages: number;
}

type Json = Record<string, unknown>;

export function naivePull(g: EmulatorGlobals, req: NaivePullRequest): NaivePullResult {
  const basic = g.Utilities.base64Encode(`${req.clientId}:${req.clientSecret}`);
  const tokenResponse = g.UrlFetchApp.fetch(req.tokenUrl, {
    method: 'post',
    headers: { Authorization: `Basic ${basic}` },
    payload: { grant_type: 'client_credentials' },
  });
  const token = String((JSON.parse(tokenResponse.getContentText()) as Json).access_token);
  const spreadsheet = g.SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.getSheetByName(req.sheetName) ?? spreadsheet.insertSheet(req.sheetName);

  let columns: string[] | null = null;
  let nextRow = 1;
  let page: number | null = 1;
  let pages = 0;
  let rows = 0;
  const maxRows = req.maxRows ?? Infinity;
  while (page !== null && rows < maxRows) {
    const url =
      `${req.apiBaseUrl}/sites/${encodeURIComponent(req.siteId)}/${req.report}` +
      `?startDate=${req.startDate}&endDate=${req.endDate}&page[number]=${page}&page[size]=${req.pageSize ?? 500}`;
    const body = JSON.parse(g.UrlFetchApp.fetch(url, { headers: { Authorization: `Bearer ${token}` } }).getContentText()) as Json;
    const data = (body.data as Json[]) ?? [];
    pages++;
    if (!columns) {
      columns = data.length ? Object.keys(data[0]) : [];
      if (columns.length) sheet.getRange(nextRow++, 1, 1, columns.length).setValues([columns]);
    }
    if (data.length && columns.length) {
      const cols = columns;
      const grid = data.slice(0, maxRows - rows).map((row) => cols.map((c) => cellOf(row[c])));
      // Like an append, the sheet grows as pages arrive (a range past the last row throws).
      const lastRow = nextRow + grid.length - 1;
      if (lastRow > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), lastRow - sheet.getMaxRows());
      sheet.getRange(nextRow, 1, grid.length, cols.length).setValues(grid);
      nextRow += grid.length;
      rows += grid.length;
    }
    const next = ((body.meta as Json | undefined)?.page as Json | undefined)?.next;
    page = typeof next === 'number' ? next : null;
  }
  return { rows, pages };
}

/** `{value, score}` metrics as their value, the way such tools flatten them (score lost). */
function cellOf(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return cellOf((value as Json).value);
  return value as string | number | boolean;
}
