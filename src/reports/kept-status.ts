import type { Execution } from '../platform/execution';
import type { Sheet } from '../platform/types';
import { STATUS_SHEET_NAME } from './keys';
import type { StatusRecord } from './report-store';
import { removeMetadata } from '../sheet/sheet-metadata';

/**
 * Statuses the document store refused (its 500 KB full) are kept on the status sheet itself, as
 * developer metadata, so that later executions (the sidebar, the next trigger run) show and
 * schedule by the refresh that happened instead of "Not refreshed yet" or an older run. A status
 * the store holds again (as new as the kept one) drops out of the sheet's copy.
 */
const KEPT_KEY = 'cr.keptStatuses';
const MEMO = 'reports.keptStatuses';
/** Google caps a developer metadata value at 30,000 characters. */
const MAX_CHARS = 30_000;
/** A kept error is a reminder; the store holds the whole sentence when it has room again. */
const KEPT_ERROR_CHARS = 300;

function statusSheetOf(ex: Execution): Sheet | null {
  try {
    return ex.platform.spreadsheet()?.getSheetByName(STATUS_SHEET_NAME) ?? null;
  } catch (_) {
    return null;
  }
}

function isStatus(value: unknown): value is StatusRecord {
  return typeof value === 'object' && value !== null && typeof (value as StatusRecord).lastRunAt === 'number';
}

/** The statuses the status sheet keeps, by report ID (read once per execution). */
export function readKept(ex: Execution): Map<string, StatusRecord> {
  const memo = ex.memory.get(MEMO) as Map<string, StatusRecord> | undefined;
  if (memo) return memo;
  const kept = new Map<string, StatusRecord>();
  const sheet = statusSheetOf(ex);
  for (const meta of sheet ? sheet.getDeveloperMetadata() : []) {
    if (meta.getKey() !== KEPT_KEY) continue;
    try {
      const parsed = JSON.parse(meta.getValue() ?? '') as Record<string, unknown>;
      for (const id of Object.keys(parsed)) if (isStatus(parsed[id])) kept.set(id, parsed[id] as StatusRecord);
    } catch (_) {
      // Damaged: the stored statuses stand alone.
    }
  }
  ex.memory.set(MEMO, kept);
  return kept;
}

/** The later of a kept status and the stored one (the stored one when as new). */
export function newer(kept: StatusRecord | undefined, stored: StatusRecord): StatusRecord {
  return kept && kept.lastRunAt !== null && kept.lastRunAt > (stored.lastRunAt ?? -Infinity) ? kept : stored;
}

/**
 * Keeps on the status sheet the statuses shown there that the store does not hold (`shown` newer
 * than `stored`), and only those; the oldest go first if they outgrow one metadata value.
 */
export function writeKept(
  ex: Execution,
  sheet: Sheet,
  ids: string[],
  shown: (id: string) => StatusRecord,
  stored: (id: string) => StatusRecord,
): void {
  const entries = ids
    .map((id) => ({ id, status: shown(id) }))
    .filter(({ id, status }) => newer(status, stored(id)) !== stored(id))
    .map(({ id, status }) => ({
      id,
      status: { ...status, lastError: status.lastError ? status.lastError.slice(0, KEPT_ERROR_CHARS) : null },
    }))
    .sort((a, b) => (b.status.lastRunAt ?? 0) - (a.status.lastRunAt ?? 0));
  const kept: Record<string, StatusRecord> = {};
  let text = '{}';
  for (const { id, status } of entries) {
    const next = JSON.stringify({ ...kept, [id]: status });
    if (next.length > MAX_CHARS) break;
    kept[id] = status;
    text = next;
  }
  removeMetadata(sheet, KEPT_KEY);
  if (text !== '{}') sheet.addDeveloperMetadata(KEPT_KEY, text);
  ex.memory.set(MEMO, new Map(Object.keys(kept).map((id) => [id, kept[id]])));
}
