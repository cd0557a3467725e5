import type { Execution } from '../platform/execution';
import { findReport } from '../catalog/reports';
import { STATUS_TIME_PATTERN, statusNames, statusSheet } from '../reports/status-sheet';
import { asLiteralText } from '../sheet/cell-values';
import { toA1 } from '../sheet/rect';
import type { AlertReading } from './evaluate';
import { span } from './format';
import type { StoredAlert } from './alert-store';

/**
 * The alerts table of the status sheet: one line per alert that fired (and per failure e-mail),
 * appended beside the saved-reports table, which is rewritten on every refresh and leaves these
 * columns alone. The lines are the history: nothing here is ever rewritten.
 */
export const ALERT_HEADERS = [
  'Alert fired',
  'Alert',
  'Site',
  'Metric',
  'Period',
  'Value',
  'Compared with',
  'Previous value',
  'Change',
  'Details',
  'E-mail',
];
/**
 * Column P, where it has always been (one empty column after the 14 status columns, before the
 * status table gained 'BigQuery export' in O): alert lines already written stay in their column.
 */
export const ALERTS_FIRST_COLUMN = 16;

export interface AlertLine {
  /** With its report and metric, the values show in the metric's format ($9.60, 1,500). */
  alert: Pick<StoredAlert, 'name' | 'siteId'> & Partial<Pick<StoredAlert, 'report' | 'metric'>>;
  reading: Pick<AlertReading, 'metricLabel' | 'message' | 'current' | 'previous' | 'fraction'>;
  mailed: string;
}

/** Sums of cents carry float noise (9.600000000000001): cells show what the API meant. */
function exact(value: number | '' | undefined): number | '' {
  return typeof value === 'number' ? Math.round(value * 1e9) / 1e9 : '';
}

/**
 * The alert columns as they stand: the last row holding anything (a value or a formula) in any of
 * them, and whether their first row is free for the header (each cell empty or already the header).
 * A person may type beside the status table; those cells are never written over.
 */
function alertArea(sheet: GoogleAppsScript.Spreadsheet.Sheet, width: number): { last: number; headerFree: boolean; headed: boolean } {
  const lastRow = sheet.getLastRow();
  if (lastRow === 0) return { last: 0, headerFree: true, headed: false };
  const range = sheet.getRange(1, ALERTS_FIRST_COLUMN, lastRow, width);
  const values = range.getValues();
  const formulas = range.getFormulas();
  const used = (r: number, c: number): boolean => values[r][c] !== '' || formulas[r][c] !== '';
  let last = 0;
  for (let r = values.length - 1; r >= 0 && last === 0; r--) if (values[r].some((_, c) => used(r, c))) last = r + 1;
  const headerFree = values[0].every((v, c) => (formulas[0][c] === '' && v === '') || v === ALERT_HEADERS[c]);
  return { last, headerFree, headed: values[0].every((v, c) => v === ALERT_HEADERS[c]) };
}

export function appendAlertLines(ex: Execution, lines: AlertLine[]): void {
  const spreadsheet = ex.platform.spreadsheet();
  if (!spreadsheet || lines.length === 0) return;
  const sheet = statusSheet(spreadsheet, statusNames(ex).sheet);
  const width = ALERT_HEADERS.length;
  const lastCol = ALERTS_FIRST_COLUMN + width - 1;
  if (sheet.getMaxColumns() < lastCol) sheet.insertColumnsAfter(sheet.getMaxColumns(), lastCol - sheet.getMaxColumns());
  const area = alertArea(sheet, width);
  if (!area.headerFree) {
    // The e-mail went; only the line in the sheet is left out, and the log says why.
    ex.platform.log(
      `Alert lines not written to '${sheet.getName()}': ${toA1({ row: 1, col: ALERTS_FIRST_COLUMN, rows: 1, cols: width })} holds cells of yours, where the alerts table's header goes. Move them to keep a line per alert there.`,
    );
    return;
  }
  if (!area.headed) sheet.getRange(1, ALERTS_FIRST_COLUMN, 1, width).setValues([ALERT_HEADERS]).setFontWeight('bold');
  const row = Math.max(1, area.last);
  if (sheet.getMaxRows() < row + lines.length) sheet.insertRowsAfter(sheet.getMaxRows(), row + lines.length - sheet.getMaxRows());
  const tz = ex.platform.timeZone();
  // Names and messages are typed by people or quoted from data: kept as text, never formulas.
  const t = (text: string) => asLiteralText(text, true);
  // Text, as the saved-reports table writes its times: Sheets would show a parsed time its own way.
  const when = t(ex.platform.formatDate(new Date(ex.platform.now()), tz, STATUS_TIME_PATTERN));
  const values = lines.map(({ alert, reading, mailed }) => [
    when,
    t(alert.name ?? ''),
    t(alert.siteId),
    t(reading.metricLabel),
    reading.current ? t(span(reading.current)) : '',
    exact(reading.current?.value),
    reading.previous ? t(`${span(reading.previous)} (${reading.previous.label})`) : '',
    exact(reading.previous?.value),
    exact(reading.fraction),
    t(reading.message),
    t(mailed),
  ]);
  sheet.getRange(row + 1, ALERTS_FIRST_COLUMN, values.length, width).setValues(values);
  // Value and Previous value as the message beside them says them ($2,805.74).
  const formats = lines.map(({ alert }) => [metricFormat(alert)]);
  for (const offset of [5, 7]) sheet.getRange(row + 1, ALERTS_FIRST_COLUMN + offset, values.length, 1).setNumberFormats(formats);
  sheet.getRange(row + 1, ALERTS_FIRST_COLUMN + 8, values.length, 1).setNumberFormat('0.0%');
}

/** The catalog's format of the alert's metric; a plain number for a line that has none. */
function metricFormat(alert: AlertLine['alert']): string {
  const column = alert.report ? findReport(alert.report)?.columns.find((c) => c.field === alert.metric) : undefined;
  return column?.format ?? '#,##0.00';
}
