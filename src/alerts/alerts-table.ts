import type { Execution } from '../platform/execution';
import { findReport } from '../catalog/reports';
import { STATUS_TIME_PATTERN, statusNames, statusSheet } from '../reports/status-sheet';
import { asLiteralText } from '../sheet/cell-values';
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

function lastUsedRow(sheet: GoogleAppsScript.Spreadsheet.Sheet): number {
  const last = sheet.getLastRow();
  if (last === 0) return 0;
  const column = sheet.getRange(1, ALERTS_FIRST_COLUMN, last, 1).getValues();
  for (let r = column.length; r >= 1; r--) if (column[r - 1][0] !== '') return r;
  return 0;
}

export function appendAlertLines(ex: Execution, lines: AlertLine[]): void {
  const spreadsheet = ex.platform.spreadsheet();
  if (!spreadsheet || lines.length === 0) return;
  const sheet = statusSheet(spreadsheet, statusNames(ex).sheet);
  const width = ALERT_HEADERS.length;
  const lastCol = ALERTS_FIRST_COLUMN + width - 1;
  if (sheet.getMaxColumns() < lastCol) sheet.insertColumnsAfter(sheet.getMaxColumns(), lastCol - sheet.getMaxColumns());
  let row = lastUsedRow(sheet);
  if (row === 0) {
    sheet.getRange(1, ALERTS_FIRST_COLUMN, 1, width).setValues([ALERT_HEADERS]).setFontWeight('bold');
    row = 1;
  }
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
