import type { ColumnType } from '../catalog/types';
import { asLiteralText, isTextColumn } from '../sheet/cell-values';
import { numberCell } from './shared-numbers';

/** Only plain decimal notation counts as a number: "007" (a code) and " 1" stay text. */
const CANONICAL_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** What a numeric column accepts from the API's number-as-string quirk. */
const LOOSE_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

export type ToDate = (ymd: string) => Date;

export const NUMERIC_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>(['integer', 'number', 'currency', 'percent', 'ratio']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** `{value, score}` (and similar `{value, ...}` metric objects). */
export function isValueObject(value: unknown): value is Record<string, unknown> & { value: unknown } {
  return isPlainObject(value) && 'value' in value;
}

export function isCanonicalNumber(value: unknown): boolean {
  return typeof value === 'string' && CANONICAL_NUMBER.test(value);
}

/** The calendar day of a `YYYY-MM-DD` (or ISO timestamp) string, if it is a real date. */
export function ymdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = YMD.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return m >= 1 && m <= 12 && d >= 1 && d <= days ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** "NaN", "Infinity", "-Infinity" as JSON cannot carry them: no number, so an empty cell. */
const NOT_A_NUMBER = /^[+-]?(nan|inf|infinity)$/i;

export function isNotANumberText(value: unknown): boolean {
  return typeof value === 'string' && NOT_A_NUMBER.test(value.trim());
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'number') return numberCell(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '' || NOT_A_NUMBER.test(text)) return '';
    // Unreadable text stays visible rather than becoming a wrong zero.
    return LOOSE_NUMBER.test(text) ? Number(text) : value;
  }
  return value;
}

/** pointsFraction of a number; anything else as it is. */
function fromPoints(value: unknown): unknown {
  return typeof value === 'number' ? pointsFraction(value) : value;
}

/** Points (58.4) as the fraction Sheets' % format expects (0.584), without float noise. */
function pointsFraction(value: number): number {
  // The usual value is a whole number of millionths (58.4, 0.0137): its decimal divided by 100 is
  // then exactly m / 1e8, the number toPrecision(12) would round to, without making a string.
  const millionths = Math.round(value * 1e6);
  if (millionths !== 0 && Math.abs(millionths) < 1e12 && millionths / 1e6 === value) return millionths / 1e8;
  return Number((value / 100).toPrecision(12));
}

/**
 * One API value as a sheet cell of the column's type. Never returns null, undefined, NaN or an
 * object: a cell must show a value or nothing, not "null" or "[object Object]".
 */
export function toCell(value: unknown, type: ColumnType, toDate: ToDate): unknown {
  if (value === null || value === undefined) return '';
  if (isValueObject(value)) return toCell(value.value, type, toDate);
  if (Array.isArray(value) || isPlainObject(value)) return JSON.stringify(value);
  if (value instanceof Date) return value;
  if (type === 'percent') return fromPoints(toNumber(value));
  if (NUMERIC_TYPES.has(type)) return toNumber(value);
  switch (type) {
    case 'date': {
      const ymd = ymdOf(value);
      return ymd ? toDate(ymd) : typeof value === 'number' && !Number.isFinite(value) ? '' : value;
    }
    case 'boolean':
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
      return typeof value === 'number' && !Number.isFinite(value) ? '' : value;
    default:
      // IDs and labels stay text even when the API sends them as numbers.
      return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'boolean' ? String(value) : value;
  }
}

/** Distinct date strings remembered per column; beyond this (e.g. unique timestamps) they are re-read. */
const MAX_REMEMBERED_DAYS = 4_096;

/**
 * `toCell` for one column, decided once per column instead of per cell: the value types the API
 * normally sends for the column's type are handled inline and everything else goes through
 * `toCell`, so the result is the same for every value. A date column also remembers the cell
 * each distinct string became, as a report repeats the same few days across its rows (toDate
 * of a pull, day-cells.ts, gives one Date a day, so the cells of a day shared it already).
 */
export function cellConverter(type: ColumnType, toDate: ToDate, forSheet = false): (value: unknown) => unknown {
  const plain = plainConverter(type, toDate);
  if (!forSheet) return plain;
  // Written with setValues: text Sheets would read as a formula (or, in a text column, as a
  // number, date or boolean) is escaped here, in the same pass, rather than in a second copy.
  const textColumn = isTextColumn(type);
  const safe = (value: unknown): unknown => {
    const cell = plain(value);
    return typeof cell === 'string' ? asLiteralText(cell, textColumn) : cell;
  };
  // The value type the API normally sends for the column, inline; the rest as above.
  if (textColumn) return (value) => (typeof value === 'string' ? asLiteralText(value, true) : safe(value));
  if (NUMERIC_TYPES.has(type) && type !== 'percent') {
    return (value) => (typeof value === 'number' ? numberCell(value) : safe(value));
  }
  return safe;
}

function plainConverter(type: ColumnType, toDate: ToDate): (value: unknown) => unknown {
  const general = (value: unknown): unknown => toCell(value, type, toDate);
  if (type === 'percent') {
    return (value) => (typeof value === 'number' ? numberCell(pointsFraction(value)) : general(value));
  }
  if (NUMERIC_TYPES.has(type)) {
    const convert = (value: unknown): unknown =>
      typeof value === 'number' ? numberCell(value) : isValueObject(value) ? convert(value.value) : general(value);
    return convert;
  }
  if (type === 'date') {
    // The cell each distinct text became: one lookup a cell, not one for its day and one in toDate.
    const cells = new Map<string, unknown>();
    return (value) => {
      if (typeof value !== 'string') return general(value);
      let cell = cells.get(value);
      if (cell === undefined) {
        const ymd = ymdOf(value);
        cell = ymd ? toDate(ymd) : value;
        if (cells.size < MAX_REMEMBERED_DAYS) cells.set(value, cell);
      }
      return cell;
    };
  }
  if (type === 'boolean') return (value) => (typeof value === 'boolean' ? value : general(value));
  return (value) => (typeof value === 'string' ? value : general(value));
}
