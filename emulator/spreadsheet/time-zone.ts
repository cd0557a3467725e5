/** Calendar arithmetic in the spreadsheet's time zone (Dates are instants; the zone picks the day). */

export interface LocalParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function intlParts(instant: number, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts;
}

// Intl is slow (a big sheet of dates would take seconds); offsets only change at zone transitions,
// which fall on quarter hours, so one lookup per quarter hour is exact.
const QUARTER_HOUR = 15 * 60 * 1000;
const offsetCache = new Map<string, number>();

/** Local wall-clock time minus UTC, in ms, at that instant. */
export function offsetMs(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  const key = timeZone + '|' + bucket;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const p = intlParts(bucket, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - bucket;
    if (offsetCache.size > 200000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

export function localParts(instant: number, timeZone: string): LocalParts {
  const wall = new Date(instant + offsetMs(instant, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: wall.getUTCMilliseconds(),
    weekday: wall.getUTCDay(),
  };
}

/** The instant at which the wall clock in `timeZone` reads the given local time. */
export function localInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Two passes settle the offset except inside a DST gap, where Sheets also moves forward.
  let guess = wall - offsetMs(wall, timeZone);
  guess = wall - offsetMs(guess, timeZone);
  return guess;
}

const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86400000;

/** Sheets' serial number (days since 1899-12-30, local wall time) for an instant. */
export function toSerial(instant: number, timeZone: string): number {
  return (instant + offsetMs(instant, timeZone) - SERIAL_EPOCH) / DAY_MS;
}

export function fromSerial(serial: number, timeZone: string): number {
  const wall = Math.round(SERIAL_EPOCH + serial * DAY_MS);
  const d = new Date(wall);
  return localInstant(
    timeZone,
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
}
