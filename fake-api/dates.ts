/** Calendar days as integers (days since 1970-01-01, UTC): cheap to compare, add and loop over. */
export const DAY_MS = 86_400_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a strict `YYYY-MM-DD` string, or null when malformed or not a real date. */
export function parseDay(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const m = ISO.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

/** Every page row carries a date: formatting each through a Date was a good share of serving a page. */
const isoDays = new Map<number, string>();

export function isoDay(day: number): string {
  let text = isoDays.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoDays.size < 100_000) isoDays.set(day, text);
  }
  return text;
}

export function dayOfMs(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function dayFromParts(year: number, month: number, date: number): number {
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

export function partsOf(day: number): { year: number; month: number; date: number; weekday: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate(), weekday: d.getUTCDay() };
}
