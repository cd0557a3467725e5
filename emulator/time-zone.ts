/**
 * Calendar arithmetic in a time zone (Dates are instants; the zone picks the day): the one place the
 * emulator asks Intl about zones, for the spreadsheet and for Utilities.formatDate alike.
 */

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

/** Throws a RangeError for a zone Intl does not know. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
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
  for (const p of zoneFormatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts;
}

/** Local wall-clock time minus UTC, in ms, at the second of `instant`: one Intl lookup, uncached. */
export function intlOffsetMs(instant: number, timeZone: string): number {
  const second = Math.floor(instant / 1000) * 1000;
  const p = intlParts(second, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - second;
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
    offset = intlOffsetMs(bucket, timeZone);
    if (offsetCache.size > 200000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The calendar fields of a wall-clock time held as if it were UTC. */
export function wallParts(wallMs: number): LocalParts {
  const wall = new Date(wallMs);
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

export function localParts(instant: number, timeZone: string): LocalParts {
  return wallParts(instant + offsetMs(instant, timeZone));
}

/** The instant at which the wall clock in `timeZone` reads the given local time. */
export function localInstant(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Two passes settle the offset except inside a DST gap, where Sheets also moves forward.
  let guess = wall - offsetMs(wall, timeZone);
  guess = wall - offsetMs(guess, timeZone);
  return guess;
}

const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86400000;

/** The wall-clock fields a serial number stands for (no zone: a serial is wall time already). */
export function serialParts(serial: number): LocalParts {
  return wallParts(Math.round(SERIAL_EPOCH + serial * DAY_MS));
}

/** Sheets' serial number (days since 1899-12-30, local wall time) for an instant. */
export function toSerial(instant: number, timeZone: string): number {
  return (instant + offsetMs(instant, timeZone) - SERIAL_EPOCH) / DAY_MS;
}

export function fromSerial(serial: number, timeZone: string): number {
  const w = serialParts(serial);
  return localInstant(timeZone, w.year, w.month, w.day, w.hour, w.minute, w.second);
}
