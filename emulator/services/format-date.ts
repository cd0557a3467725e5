/**
 * Utilities.formatDate: Java SimpleDateFormat patterns, real time zones through Intl. Pattern
 * letters we do not emulate throw rather than print something plausible but wrong.
 */
import { memo } from '../memo';
import { offsetMs, wallParts, zoneFormatter, type LocalParts } from '../time-zone';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_DAYS = DAYS.map((d) => d.slice(0, 3));

interface Wall extends LocalParts {
  offsetMinutes: number;
}

const FIXED = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/;

/** Throws for a zone Java would not know (Apps Script silently falls back to GMT: a bug here). */
export function checkTimeZone(timeZone: string): void {
  if (FIXED.test(timeZone)) return;
  try {
    zoneFormatter(timeZone);
  } catch (_) {
    throw new Error(`Utilities.formatDate: unknown time zone "${timeZone}" (Apps Script would silently use GMT)`);
  }
}

function offsetMinutesAt(ms: number, timeZone: string): number {
  const fixed = FIXED.exec(timeZone);
  if (!fixed) return Math.round(offsetMs(ms, timeZone) / 60_000);
  const sign = fixed[1] === '-' ? -1 : 1;
  return fixed[1] ? sign * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0)) : 0;
}

export function wallTime(ms: number, timeZone: string): Wall {
  checkTimeZone(timeZone);
  const offsetMinutes = offsetMinutesAt(ms, timeZone);
  return { ...wallParts(ms + offsetMinutes * 60_000), offsetMinutes };
}

function pad(n: number, width: number): string {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${s}` : s;
}

function offset(minutes: number, colon: boolean, hoursOnly = false): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = pad(Math.floor(abs / 60), 2);
  if (hoursOnly) return `${sign}${hh}`;
  return `${sign}${hh}${colon ? ':' : ''}${pad(abs % 60, 2)}`;
}

function zoneName(ms: number, timeZone: string, long: boolean): string {
  if (FIXED.test(timeZone)) return timeZone;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: long ? 'long' : 'short' }).formatToParts(ms);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

function dayOfYear(w: Wall): number {
  return Math.round((Date.UTC(w.year, w.month - 1, w.day) - Date.UTC(w.year, 0, 1)) / 86_400_000) + 1;
}

function field(letter: string, n: number, w: Wall, ms: number, timeZone: string): string {
  switch (letter) {
    case 'G':
      return w.year > 0 ? 'AD' : 'BC';
    case 'y':
      return n === 2 ? pad(w.year % 100, 2) : pad(w.year, n);
    case 'M':
    case 'L':
      if (n >= 4) return MONTHS[w.month - 1];
      if (n === 3) return MONTHS[w.month - 1].slice(0, 3);
      return pad(w.month, n);
    case 'd':
      return pad(w.day, n);
    case 'D':
      return pad(dayOfYear(w), n);
    case 'E':
      return n >= 4 ? DAYS[w.weekday] : SHORT_DAYS[w.weekday];
    case 'u':
      return pad(w.weekday === 0 ? 7 : w.weekday, n);
    case 'a':
      return w.hour < 12 ? 'AM' : 'PM';
    case 'H':
      return pad(w.hour, n);
    case 'k':
      return pad(w.hour === 0 ? 24 : w.hour, n);
    case 'K':
      return pad(w.hour % 12, n);
    case 'h':
      return pad(w.hour % 12 || 12, n);
    case 'm':
      return pad(w.minute, n);
    case 's':
      return pad(w.second, n);
    case 'S':
      return pad(w.millisecond, n);
    case 'Z':
      return offset(w.offsetMinutes, false);
    case 'X':
      if (w.offsetMinutes === 0) return 'Z';
      return offset(w.offsetMinutes, n >= 3, n === 1);
    case 'z':
      return zoneName(ms, timeZone, n >= 4);
    case 'Y':
      throw new Error("Utilities.formatDate: pattern letter 'Y' (week year) is not emulated; you probably mean 'y'");
    default:
      throw new Error(`Utilities.formatDate: pattern letter '${letter}' is not emulated`);
  }
}

export function formatDate(date: unknown, timeZone: unknown, pattern: unknown): string {
  let ms: number;
  try {
    // Works for Dates from any realm (a vm context's Date included).
    ms = Date.prototype.getTime.call(date);
  } catch (_) {
    throw new Error(
      `The parameters (${typeName(date)},${typeName(timeZone)},${typeName(pattern)}) don't match the method signature for Utilities.formatDate.`,
    );
  }
  if (typeof timeZone !== 'string' || typeof pattern !== 'string') {
    throw new Error(
      `The parameters (${typeName(date)},${typeName(timeZone)},${typeName(pattern)}) don't match the method signature for Utilities.formatDate.`,
    );
  }
  if (Number.isNaN(ms)) throw new Error('Utilities.formatDate: invalid Date');
  // The add-on asks for the same few days' midnights and offsets in every pull of a report.
  return memo(formatted, `${ms}|${timeZone}|${pattern}`, () => formatWall(ms, timeZone, pattern), 100_000);
}

const formatted = new Map<string, string>();

function formatWall(ms: number, timeZone: string, pattern: string): string {
  const w = wallTime(ms, timeZone);
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      let j = i + 1;
      let literal = '';
      for (;;) {
        if (j >= pattern.length) throw new Error(`Utilities.formatDate: unterminated quote in pattern "${pattern}"`);
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            literal += "'";
            j += 2;
            continue;
          }
          break;
        }
        literal += pattern[j++];
      }
      out += literal;
      i = j + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let n = 1;
      while (pattern[i + n] === c) n++;
      out += field(c, n, w, ms, timeZone);
      i += n;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'number') return 'number';
  if (Object.prototype.toString.call(v) === '[object Date]') return 'Date';
  return 'Object';
}
