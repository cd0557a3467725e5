import { hourText } from '../dates/hour';
import type { Schedule } from '../shared/types';
import { addDays, localParts, zonedInstant, type FormatDate } from './zoned-time';

/**
 * Schedule math. A schedule defines "slots" (every local hour; each day at H; each week on day D
 * at H). A report is due when a slot has passed that no run has covered yet; the hourly trigger
 * then runs it, whenever it fires within the hour, and a slot missed (trigger late, run out of
 * time) is simply still due at the next trigger. One run covers every slot before it, so a report
 * never runs twice for one slot and a backlog collapses into a single run.
 */
export interface Zone {
  timeZone: string;
  formatDate: FormatDate;
}

const HOUR_MS = 3_600_000;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function isScheduled(schedule: Schedule | undefined): schedule is Schedule {
  return !!schedule && schedule.every !== 'off';
}

/** The month `offset` months from the given one, on `monthDay` or the month's last day if shorter. */
function monthlyDate(year: number, month: number, offset: number, monthDay: number): { year: number; month: number; day: number } {
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { year: y, month: m, day: Math.min(monthDay, last) };
}

function monthlySlot(schedule: Schedule, p: { year: number; month: number }, offset: number, zone: Zone): number {
  return zonedInstant(monthlyDate(p.year, p.month, offset, schedule.monthDay ?? 1), schedule.hour ?? 0, zone.timeZone, zone.formatDate);
}

/** The most recent slot at or before `at`; null when the schedule is off. */
export function latestSlot(schedule: Schedule | undefined, at: number, zone: Zone): number | null {
  if (!isScheduled(schedule)) return null;
  const p = localParts(at, zone.timeZone, zone.formatDate);
  if (schedule.every === 'month') {
    const slot = monthlySlot(schedule, p, 0, zone);
    return slot <= at ? slot : monthlySlot(schedule, p, -1, zone);
  }
  if (schedule.every === 'hour') {
    // Offsets are whole or half hours; the local minute and second say how far past the hour we are.
    return at - ((p.minute * 60 + p.second) * 1000 + (((at % 1000) + 1000) % 1000));
  }
  const hour = schedule.hour ?? 0;
  const back = schedule.every === 'week' ? (p.weekDay - (schedule.weekDay ?? 1) + 7) % 7 : 0;
  const step = schedule.every === 'week' ? 7 : 1;
  let slot = zonedInstant(addDays(p.year, p.month, p.day, -back), hour, zone.timeZone, zone.formatDate);
  if (slot > at) slot = zonedInstant(addDays(p.year, p.month, p.day, -back - step), hour, zone.timeZone, zone.formatDate);
  return slot;
}

/** The first slot strictly after `after`; null when the schedule is off. */
export function nextSlotAfter(schedule: Schedule | undefined, after: number, zone: Zone): number | null {
  if (!isScheduled(schedule)) return null;
  if (schedule.every === 'hour') return (latestSlot(schedule, after, zone) as number) + HOUR_MS;
  const p = localParts(after, zone.timeZone, zone.formatDate);
  if (schedule.every === 'month') {
    const slot = monthlySlot(schedule, p, 0, zone);
    return slot > after ? slot : monthlySlot(schedule, p, 1, zone);
  }
  const hour = schedule.hour ?? 0;
  const ahead = schedule.every === 'week' ? ((schedule.weekDay ?? 1) - p.weekDay + 7) % 7 : 0;
  const step = schedule.every === 'week' ? 7 : 1;
  let slot = zonedInstant(addDays(p.year, p.month, p.day, ahead), hour, zone.timeZone, zone.formatDate);
  if (slot <= after) slot = zonedInstant(addDays(p.year, p.month, p.day, ahead + step), hour, zone.timeZone, zone.formatDate);
  return slot;
}

/**
 * The slot a report is waiting for, or null when it is not due. `coveredUntil` is the later of its
 * last run's start and the moment its schedule was set (a new daily schedule waits for its hour
 * rather than running at once).
 */
export function dueSlot(schedule: Schedule | undefined, coveredUntil: number | null, now: number, zone: Zone): number | null {
  const slot = latestSlot(schedule, now, zone);
  if (slot === null) return null;
  return coveredUntil === null || slot > coveredUntil ? slot : null;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "Hourly", "Daily at 06:00", "Weekly on Monday at 07:00", "Monthly on the 2nd at 06:00", "Off". */
export function describeSchedule(schedule: Schedule | undefined): string {
  if (!isScheduled(schedule)) return 'Off';
  if (schedule.every === 'hour') return 'Hourly';
  if (schedule.every === 'day') return `Daily at ${hourText(schedule.hour ?? 0)}`;
  if (schedule.every === 'month') {
    const day = schedule.monthDay ?? 1;
    return `Monthly on the ${ordinal(day)}${day > 28 ? " (or the month's last day)" : ''} at ${hourText(schedule.hour ?? 0)}`;
  }
  return `Weekly on ${DAY_NAMES[schedule.weekDay ?? 1]} at ${hourText(schedule.hour ?? 0)}`;
}
