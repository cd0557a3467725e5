import type { Platform } from '../platform/types';
import { isDate } from '../shared/user-input';
import { dayNumber } from './calendar';

/**
 * Where calendar days meet instants. Sheets hands a date cell to a custom function as the instant
 * that began that day in the SPREADSHEET's time zone, so the day is read back in that zone; and a
 * date returned to a cell must be that zone's midnight, or it shows as the day before or after.
 */

type Clock = Pick<Platform, 'formatDate' | 'now'>;

/** The calendar day an instant falls on in `timeZone`. */
export function dayOf(platform: Pick<Platform, 'formatDate'>, timeZone: string, instant: Date): string {
  return platform.formatDate(instant, timeZone, 'yyyy-MM-dd');
}

/** Distinct instants a dayReader remembers; past it (unique timestamps, not days) each is formatted again. */
const MAX_REMEMBERED_INSTANTS = 8_192;

/**
 * The day a sheet's cell holds: a date cell's in `timeZone`, or a `YYYY-MM-DD` text as it is; null
 * for anything else (an invalid date too). Each instant is formatted once: a ledger repeats the
 * same few hundred days over hundreds of thousands of rows, and every formatDate is a call into
 * Google (about 480,000 of them to refresh a 240,000-row ledger when each cell was formatted).
 */
export function dayReader(platform: Pick<Platform, 'formatDate'>, timeZone: string): (cell: unknown) => string | null {
  const days = new Map<number, string>();
  return (cell) => {
    if (!isDate(cell)) return typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? cell : null;
    const ms = cell.getTime();
    if (Number.isNaN(ms)) return null;
    let day = days.get(ms);
    if (day === undefined) {
      day = dayOf(platform, timeZone, cell);
      if (days.size < MAX_REMEMBERED_INSTANTS) days.set(ms, day);
    }
    return day;
  };
}

/** Today in `timeZone`, from the platform's clock. */
export function today(platform: Clock, timeZone: string): string {
  return dayOf(platform, timeZone, new Date(platform.now()));
}

/** Minutes east of UTC at an instant, from a `Z` pattern ("+1300", "-0700"; "+13:00" tolerated). */
function offsetMinutes(platform: Pick<Platform, 'formatDate'>, timeZone: string, instantMs: number): number {
  const text = platform.formatDate(new Date(instantMs), timeZone, 'Z');
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text.trim());
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** No zone is more than 14 hours ahead of UTC (Pacific/Kiritimati): no day begins before UTC midnight less this. */
const EARLIEST_START_MS = 14 * 3_600_000;

/**
 * The first instant of `ymd` in `timeZone`: 00:00 local, or the end of the DST gap on the rare
 * days whose midnight does not exist. The first offset is asked where the day could begin in the
 * most eastern zone, not at UTC midnight: where clocks fall back onto 00:00 east of UTC (Amman and
 * Gaza 01:00 -> 00:00, Casey 03:00 -> 00:00), midnight comes twice, and an offset asked at UTC
 * midnight is the second one's. Where the offset at the 00:00 it gives is the same (nearly every
 * day), it held from before the day could begin to that 00:00, so that is the day's first instant:
 * two formatDate calls, for each of the thousands of days a report may hold. Else it changed in
 * between: of the two candidates, the earlier one still on that day wins. Checked for every zone
 * round every change from 1970 to 2037. Not handled: a gap across midnight that starts before it
 * (Toronto 1919, St. John's 1919-1934: the day's first instant is then the gap's end, not either
 * candidate's).
 */
export function localMidnight(platform: Pick<Platform, 'formatDate'>, timeZone: string, ymd: string): Date {
  const utcMidnight = dayNumber(ymd) * 86_400_000;
  const offset = offsetMinutes(platform, timeZone, utcMidnight - EARLIEST_START_MS);
  const first = utcMidnight - offset * 60_000;
  const atFirst = offsetMinutes(platform, timeZone, first);
  if (atFirst === offset) return new Date(first);
  const second = utcMidnight - atFirst * 60_000;
  const onDay = [first, second].filter((ms) => dayOf(platform, timeZone, new Date(ms)) === ymd).sort((a, b) => a - b);
  return new Date(onDay.length ? onDay[0] : first);
}
