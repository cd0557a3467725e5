/**
 * Wall-clock arithmetic in the spreadsheet's time zone using only `formatDate`
 * (Utilities.formatDate on Apps Script): V8 there has no reliable Intl time-zone support, and the
 * emulator implements the same call, so schedules behave the same everywhere.
 */
export type FormatDate = (date: Date, timeZone: string, pattern: string) => string;

export interface LocalParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekDay: number;
}

export function localParts(ms: number, timeZone: string, formatDate: FormatDate): LocalParts {
  const text = formatDate(new Date(ms), timeZone, 'yyyy-MM-dd HH:mm:ss');
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`Unexpected formatDate output: ${text}`);
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  return { year, month, day, hour, minute, second, weekDay: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** The calendar date `days` after the given one (negative goes back), by the Gregorian calendar. */
export function addDays(year: number, month: number, day: number, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The instant when the wall clock in `timeZone` shows the given date at `hour`:00. Found by
 * correcting a UTC guess with the zone's offset, twice so a DST change between guess and answer
 * is absorbed. In a spring-forward gap the hour does not exist and the next real instant is used.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  timeZone: string,
  formatDate: FormatDate,
): number {
  const wanted = Date.UTC(date.year, date.month - 1, date.day, hour);
  const shownAt = (ms: number): number => {
    const p = localParts(ms, timeZone, formatDate);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  };
  let guess = wanted;
  for (let i = 0; i < 2; i++) guess += wanted - shownAt(guess);
  // In a gap the correction lands before it (01:xx when 02:00 was skipped): step forward until
  // the wall clock shows the hour or later, so a schedule never runs before its local hour.
  for (let i = 0; i < 3 && shownAt(guess) < wanted; i++) guess += wanted - shownAt(guess);
  return guess;
}
