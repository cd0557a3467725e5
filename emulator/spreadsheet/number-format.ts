/**
 * Display values: the subset of Sheets number formats add-ons use (grouped numbers, fixed decimals,
 * currency prefixes, percent, quoted literals, date/time patterns, '@' text, General).
 */
import type { Scalar } from './cell';
import { localParts, serialParts, toSerial, type LocalParts } from '../time-zone';
import { memo } from '../memo';

/** What Apps Script's getNumberFormat returns for a cell nobody formatted. */
export const DEFAULT_FORMAT = '0.###############';

/** The format with quoted text, escapes and [brackets] removed: what decides its kind. */
function bare(format: string): string {
  return format
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
}

export function isGeneral(format: string | undefined): boolean {
  return !format || format === DEFAULT_FORMAT || /^general$/i.test(format.trim());
}

/** Asked for every cell read and written, and a sheet holds a handful of formats: each is parsed once. */
const dateFormats = new Map<string, boolean>();

export function isDateFormat(format: string | undefined): boolean {
  return format !== undefined && memo(dateFormats, format, isDateFormatText);
}

function isDateFormatText(format: string): boolean {
  if (isGeneral(format) || format === '@') return false;
  const b = bare(format.split(';')[0]);
  return /[ydhs]/i.test(b) || (/m/i.test(b) && !/[0#?]/.test(b));
}

export function isNumericFormat(format: string | undefined): boolean {
  return !isGeneral(format) && format !== '@' && !isDateFormat(format);
}

function generalNumber(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : n < 0 ? '-Infinity' : '#NUM!';
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e15 || abs < 1e-9)) {
    const [m, e] = n.toExponential(9).split('e');
    const mant = m.replace(/\.?0+$/, '');
    const exp = Number(e);
    return `${mant}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(Number(n.toPrecision(10)));
}

interface NumberPattern {
  prefix: string;
  suffix: string;
  minInt: number;
  minDec: number;
  maxDec: number;
  grouping: boolean;
  percent: boolean;
}

function parseNumberPattern(section: string): NumberPattern {
  let prefix = '';
  let suffix = '';
  let minInt = 0;
  let minDec = 0;
  let maxDec = 0;
  let grouping = false;
  let percent = false;
  let seenDigit = false;
  let inDecimals = false;
  const literal = (text: string) => {
    if (seenDigit) suffix += text;
    else prefix += text;
  };
  for (let i = 0; i < section.length; i++) {
    const ch = section[i];
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      literal(section.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? section.length : end;
    } else if (ch === '\\') {
      literal(section[++i] ?? '');
    } else if (ch === '_') {
      literal(' ');
      i++;
    } else if (ch === '*') {
      i++;
    } else if (ch === '[') {
      const end = section.indexOf(']', i);
      i = end < 0 ? section.length : end;
    } else if (ch === '0' || ch === '#' || ch === '?') {
      seenDigit = true;
      if (inDecimals) {
        maxDec++;
        if (ch === '0') minDec = maxDec;
      } else if (ch === '0') minInt++;
    } else if (ch === ',' && seenDigit && !inDecimals && /[0#?]/.test(section[i + 1] ?? '')) {
      grouping = true;
    } else if (ch === '.' && !inDecimals && (seenDigit || /[0#?]/.test(section[i + 1] ?? ''))) {
      inDecimals = true;
      seenDigit = true;
    } else if (ch === '%') {
      percent = true;
      literal('%');
    } else if (ch !== ',') {
      literal(ch);
    }
  }
  return { prefix, suffix, minInt, minDec, maxDec, grouping, percent };
}

const numberPatterns = new Map<string, NumberPattern[]>();

function formatNumber(n: number, format: string): string {
  const sections = memo(numberPatterns, format, (f) => f.split(';').map(parseNumberPattern));
  let p = sections[0];
  let sign = n < 0 ? '-' : '';
  if (n < 0 && sections[1] !== undefined) {
    p = sections[1];
    sign = '';
  } else if (n === 0 && sections[2] !== undefined) p = sections[2];
  const scaled = Math.abs(n) * (p.percent ? 100 : 1);
  const fixed = scaled.toFixed(p.maxDec);
  let [int, frac = ''] = fixed.split('.');
  while (frac.length > p.minDec && frac.endsWith('0')) frac = frac.slice(0, -1);
  if (int === '0' && p.minInt === 0) int = '';
  int = int.padStart(p.minInt, '0');
  if (p.grouping) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (Number(fixed) === 0) sign = '';
  return sign + p.prefix + int + (frac ? '.' + frac : '') + p.suffix;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function wallClock(value: Date | number, timeZone: string): LocalParts {
  return value instanceof Date ? localParts(value.getTime(), timeZone) : serialParts(value);
}

type DateToken = { kind: 'lit'; text: string } | { kind: 'field'; letter: string; len: number };

function tokenizeDate(format: string): DateToken[] {
  const tokens: DateToken[] = [];
  for (let i = 0; i < format.length; ) {
    const ch = format[i];
    const lower = ch.toLowerCase();
    if (ch === '"') {
      const end = format.indexOf('"', i + 1);
      tokens.push({ kind: 'lit', text: format.slice(i + 1, end < 0 ? undefined : end) });
      i = end < 0 ? format.length : end + 1;
    } else if (ch === '\\') {
      tokens.push({ kind: 'lit', text: format[i + 1] ?? '' });
      i += 2;
    } else if (/^am\/pm/i.test(format.slice(i))) {
      tokens.push({ kind: 'field', letter: 'ampm', len: 5 });
      i += 5;
    } else if (/^a\/p/i.test(format.slice(i))) {
      tokens.push({ kind: 'field', letter: 'ap', len: 3 });
      i += 3;
    } else if ('ymdhs'.includes(lower)) {
      let j = i;
      while (j < format.length && format[j].toLowerCase() === lower) j++;
      tokens.push({ kind: 'field', letter: lower, len: j - i });
      i = j;
    } else {
      tokens.push({ kind: 'lit', text: ch });
      i++;
    }
  }
  return tokens;
}

type FieldToken = Extract<DateToken, { kind: 'field' }>;

const datePatterns = new Map<string, { tokens: DateToken[]; fields: FieldToken[]; twelveHour: boolean }>();

function datePattern(format: string): { tokens: DateToken[]; fields: FieldToken[]; twelveHour: boolean } {
  const tokens = tokenizeDate(format.split(';')[0]);
  const fields = tokens.filter((t): t is FieldToken => t.kind === 'field');
  return { tokens, fields, twelveHour: fields.some((t) => t.letter === 'ampm' || t.letter === 'ap') };
}

function formatDate(value: Date | number, format: string, timeZone: string): string {
  const w = wallClock(value, timeZone);
  const { tokens, fields, twelveHour } = memo(datePatterns, format, datePattern);
  const pad = (n: number, len: number) => String(n).padStart(len, '0');
  return tokens
    .map((t) => {
      if (t.kind === 'lit') return t.text;
      const idx = fields.indexOf(t);
      switch (t.letter) {
        case 'y':
          return t.len <= 2 ? pad(w.year % 100, 2) : String(w.year);
        case 'm': {
          const prev = fields[idx - 1];
          const next = fields[idx + 1];
          const minutes = t.len <= 2 && (prev?.letter === 'h' || next?.letter === 's');
          if (minutes) return pad(w.minute, t.len);
          if (t.len <= 2) return pad(w.month, t.len);
          if (t.len === 3) return MONTHS[w.month - 1].slice(0, 3);
          if (t.len === 5) return MONTHS[w.month - 1][0];
          return MONTHS[w.month - 1];
        }
        case 'd':
          if (t.len <= 2) return pad(w.day, t.len);
          return t.len === 3 ? DAYS[w.weekday].slice(0, 3) : DAYS[w.weekday];
        case 'h': {
          const h = twelveHour ? ((w.hour + 11) % 12) + 1 : w.hour;
          return pad(h, Math.min(t.len, 2));
        }
        case 's':
          return pad(w.second, Math.min(t.len, 2));
        case 'ampm':
          return w.hour < 12 ? 'AM' : 'PM';
        default:
          return w.hour < 12 ? 'A' : 'P';
      }
    })
    .join('');
}

/** Sheets' default look for a date nobody formatted (en_US). */
export function defaultDateFormat(date: Date, timeZone: string): string {
  const p = localParts(date.getTime(), timeZone);
  return p.hour || p.minute || p.second ? 'M/d/yyyy H:mm:ss' : 'M/d/yyyy';
}

export function displayValue(value: Scalar, format: string | undefined, timeZone: string): string {
  if (value instanceof Date && isNumericFormat(format)) value = toSerial(value.getTime(), timeZone);
  if (value === '') return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (format === '@') return value instanceof Date ? formatDate(value, defaultDateFormat(value, timeZone), timeZone) : generalNumber(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '#VALUE!';
    const f = isDateFormat(format) ? format! : defaultDateFormat(value, timeZone);
    return formatDate(value, f, timeZone);
  }
  if (isGeneral(format)) return generalNumber(value);
  if (!Number.isFinite(value)) return generalNumber(value);
  if (isDateFormat(format)) return formatDate(value, format!, timeZone);
  return formatNumber(value, format!);
}
