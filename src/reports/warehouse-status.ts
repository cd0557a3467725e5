import type { Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import type { WarehouseExportView } from '../shared/types';
import { thousands } from '../shared/text-size';

/**
 * What is kept about a saved report's exports to BigQuery: one document property per report
 * (`cr.warehouse.<id>`), beside its status. A report without a destination has none; one saved
 * before exports existed reads as "never".
 */
const WAREHOUSE_KEY_PREFIX = 'cr.warehouse.';

export interface WarehouseRecord {
  outcome: WarehouseExportView['outcome'];
  at: number | null;
  rows: number | null;
  message: string;
  /** The sandbox: exports go by day partition, and the table expires then (epoch ms). */
  sandbox: boolean;
  expiresAt: number | null;
  /** The first day a failed or skipped export still owes (history: re-read from the ledger). */
  owedFrom: string | null;
  /** A backfill in progress: the next ledger day to send, rows sent so far, and the ledger's rows. */
  backfill: { nextDay: string; exported: number; total: number /** Names its jobs (stable across retries). */; startedAt: number } | null;
  /** Which table the record is about (a changed destination starts over). */
  table: string;
}

export const EMPTY_WAREHOUSE: WarehouseRecord = {
  outcome: 'never',
  at: null,
  rows: null,
  message: 'Not exported yet.',
  sandbox: false,
  expiresAt: null,
  owedFrom: null,
  backfill: null,
  table: '',
};

export const warehouseKey = (id: string): string => WAREHOUSE_KEY_PREFIX + id;

export function getWarehouseRecord(store: PropertyStore, id: string, table: string): WarehouseRecord {
  let stored: Partial<WarehouseRecord> | null = null;
  try {
    stored = JSON.parse(store.getProperty(warehouseKey(id)) ?? 'null') as Partial<WarehouseRecord> | null;
  } catch (_) {
    stored = null;
  }
  if (!stored || stored.table !== table) return { ...EMPTY_WAREHOUSE, table };
  return { ...EMPTY_WAREHOUSE, ...stored };
}

/** Best effort: a full store loses the record, never the export (the status sheet still shows it this run). */
export function putWarehouseRecord(store: PropertyStore, id: string, record: WarehouseRecord): void {
  try {
    store.setProperty(warehouseKey(id), JSON.stringify(record));
  } catch (_) {
    // The next export records again.
  }
}

export function deleteWarehouseRecord(store: PropertyStore, id: string): void {
  store.deleteProperty(warehouseKey(id));
}

function zoned(ex: Execution, ms: number | null): string | null {
  return ms === null ? null : ex.platform.formatDate(new Date(ms), ex.platform.timeZone(), 'EEE MMM d, HH:mm z');
}

export function warehouseView(ex: Execution, record: WarehouseRecord): WarehouseExportView {
  return {
    outcome: record.outcome,
    at: record.at === null ? null : new Date(record.at).toISOString(),
    atText: zoned(ex, record.at),
    rows: record.rows,
    message: record.message,
    expiresText:
      record.expiresAt === null ? null : ex.platform.formatDate(new Date(record.expiresAt), ex.platform.timeZone(), 'yyyy-MM-dd'),
  };
}

/** One cell of the status sheet: "OK: 1,234 rows at 2026-10-05 08:00", or what failed. */
export function warehouseCell(ex: Execution, record: WarehouseRecord | null): string {
  if (!record) return '';
  const when = record.at === null ? '' : ` at ${ex.platform.formatDate(new Date(record.at), ex.platform.timeZone(), 'yyyy-MM-dd HH:mm')}`;
  const expires =
    record.expiresAt === null
      ? ''
      : ` The table expires on ${ex.platform.formatDate(new Date(record.expiresAt), ex.platform.timeZone(), 'yyyy-MM-dd')} (BigQuery sandbox).`;
  if (record.outcome === 'ok') return `OK: ${thousands(record.rows ?? 0)} rows${when}.${expires}`;
  if (record.outcome === 'never') return record.message;
  return `${record.outcome === 'pending' ? 'Pending' : record.outcome === 'notAllowed' ? 'Not allowed' : 'Failed'}${when}: ${record.message}`;
}
