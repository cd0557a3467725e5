import type { Execution } from '../platform/execution';
import type { StatusRecord, StoredDefinition } from './report-store';
import { dueSlot, nextSlotAfter, type Zone } from './schedule';

export function zoneOf(ex: Execution): Zone {
  return { timeZone: ex.platform.timeZone(), formatDate: (d, tz, p) => ex.platform.formatDate(d, tz, p) };
}

/**
 * Slots up to this instant are settled: a run (scheduled, manual, failed) covers them, and a newly
 * set schedule owes nothing for slots before it.
 */
export function coveredUntil(status: StatusRecord): number | null {
  const times = [status.lastRunAt, status.scheduleSetAt].filter((t): t is number => t !== null);
  return times.length ? Math.max(...times) : null;
}

export function nextRunAt(def: StoredDefinition, status: StatusRecord, now: number, zone: Zone): number | null {
  return nextSlotAfter(def.schedule, coveredUntil(status) ?? now, zone);
}

/**
 * The reports due now, the longest-waiting first (a report skipped last time goes before one that
 * just came due, so a slow report cannot starve the rest), then in saved order.
 */
export function dueReports(defs: StoredDefinition[], statusOf: (id: string) => StatusRecord, now: number, zone: Zone): StoredDefinition[] {
  return defs
    .map((def, index) => ({ def, index, slot: dueSlot(def.schedule, coveredUntil(statusOf(def.id)), now, zone) }))
    .filter((d): d is { def: StoredDefinition; index: number; slot: number } => d.slot !== null)
    .sort((a, b) => a.slot - b.slot || a.index - b.index)
    .map((d) => d.def);
}
