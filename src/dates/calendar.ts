/**
 * Calendar days as `YYYY-MM-DD` strings. Arithmetic runs on UTC noon-free day numbers, so it never
 * meets a time zone or a DST jump: time zones only matter when a day meets an instant (see zone.ts).
 */

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar day (2026-02-30 is not). */
export function isYmd(text: string): boolean {
  const m = YMD.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** Days since 1970-01-01 (negative before). The input must be a valid `YYYY-MM-DD`. */
export function dayNumber(ymd: string): number {
  const m = YMD.exec(ymd)!;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY);
}

export function fromDayNumber(day: number): string {
  const d = new Date(day * MS_PER_DAY);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function addDays(ymd: string, days: number): string {
  return fromDayNumber(dayNumber(ymd) + days);
}

/** `YYYY-MM-DD` strings sort as days, so plain comparison is day order. */
export function minYmd(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxYmd(a: string, b: string): string {
  return a > b ? a : b;
}

/** Sheets' serial day 0 (numbers from DATEVALUE or date arithmetic count days from here). */
const SHEETS_EPOCH_DAY = dayNumber('1899-12-30');

export function fromSheetsSerial(serial: number): string {
  return fromDayNumber(SHEETS_EPOCH_DAY + Math.floor(serial));
}
