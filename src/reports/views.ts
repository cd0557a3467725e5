import { findReport } from '../catalog/reports';
import { datesInWords } from '../dates';
import type { Execution } from '../platform/execution';
import type { ReportStatusView, SavedReportView } from '../shared/types';
import { nextRunAt, zoneOf } from './due';
import { continuingWords } from './refresh-run';
import type { StatusRecord, StoredDefinition } from './report-store';
import { mayRun, type Person } from './identity';
import type { StatusRow } from './status-sheet';
import type { PropertyStore } from '../platform/types';
import { getWarehouseRecord, warehouseView } from './warehouse-status';
import { tableText } from './warehouse-service';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Times people read: always the spreadsheet's zone (schedules run in it), with its name. */
export function zonedText(ex: Execution, ms: number | null): string | null {
  return ms === null ? null : ex.platform.formatDate(new Date(ms), ex.platform.timeZone(), 'EEE MMM d, HH:mm z');
}

function statusView(ex: Execution, status: StatusRecord, next: number | null): ReportStatusView {
  return {
    lastRunAt: iso(status.lastRunAt),
    outcome: status.outcome,
    rows: status.rows,
    dataThrough: status.dataThrough,
    seconds: status.seconds,
    lastError: status.needsApproval ?? status.lastError,
    nextRunAt: iso(next),
    lastRunText: zonedText(ex, status.lastRunAt),
    nextRunText: zonedText(ex, next),
    continuingText: status.continuing ? continuingWords(ex, status.continuing) : null,
  };
}

export function statusRowsOf(
  ex: Execution,
  defs: StoredDefinition[],
  statusOf: (id: string) => StatusRecord,
  store: PropertyStore | null = null,
): StatusRow[] {
  const now = ex.platform.now();
  const zone = zoneOf(ex);
  return defs.map((def) => {
    const status = statusOf(def.id);
    // Only a report with a BigQuery table has an export to show.
    const warehouse = store && def.warehouse ? getWarehouseRecord(store, def.id, tableText(def.warehouse)) : null;
    return { def, status, nextRunAt: nextRunAt(def, status, now, zone), warehouse };
  });
}

/** What the sidebar sees: the definition without the people's IDs, and whether the viewer may run it. */
export function savedView(ex: Execution, row: StatusRow, viewer: Person): SavedReportView {
  const { by: _by, byLabel, approvedBy: _approvedBy, sheetId: _sheetId, ...def } = row.def;
  return {
    ...def,
    id: row.def.id,
    status: statusView(ex, row.status, row.nextRunAt),
    reportLabel: findReport(row.def.report)?.label ?? row.def.report,
    datesText: datesInWords(row.def.start, row.def.end),
    approval: { mine: mayRun(row.def, viewer), savedBy: row.def.by ? (byLabel ?? '') : '' },
    ...(row.warehouse ? { warehouseExport: warehouseView(ex, row.warehouse) } : {}),
  };
}
