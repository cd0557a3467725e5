import type { ColumnType } from '../catalog/types';
import { FORMAT } from '../catalog/columns';
import { isCanonicalNumber, isNotANumberText, ymdOf, type ToDate } from './cells';
import { numberCell } from './shared-numbers';

/**
 * Fields the catalog does not know still reach the sheet as a person would label and format them:
 * "ga4StartDate" becomes a "GA4 start date" column of dates, "impressionsPerPageview" a number
 * column "Impressions per pageview", "true"/"false" become booleans.
 */

/** Words that keep their own spelling in a header (a Map: a field word "constructor" is just a word). */
const SPELLING: ReadonlyMap<string, string> = new Map(
  Object.entries({
    id: 'ID',
    ids: 'IDs',
    url: 'URL',
    urls: 'URLs',
    uri: 'URI',
    rpm: 'RPM',
    cpm: 'CPM',
    ecpm: 'eCPM',
    rps: 'RPS',
    pps: 'PPS',
    ctr: 'CTR',
    ga: 'GA',
    ga4: 'GA4',
    api: 'API',
    utm: 'UTM',
    seo: 'SEO',
    jw: 'JW',
    ip: 'IP',
    us: 'US',
    uk: 'UK',
  }),
);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => SPELLING.get(w.toLowerCase()) ?? w.toLowerCase());
}

/** "impressionsPerPageview" -> "Impressions per pageview"; "cpm.extra" -> "CPM extra"; "a.score" -> "A score". */
export function humanHeader(path: string): string {
  const text = path.split('.').flatMap(words).join(' ');
  if (text === '') return path;
  return /^[a-z]/.test(text) && !text.startsWith('eCPM') ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** ISO timestamps with a zone: a point in time, shown in the spreadsheet's zone. */
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const MONEY = /(earnings|revenue|rpm|cpm|rps)$/i;

export interface UnknownColumnType {
  type: ColumnType;
  format?: string;
  /** One value as a cell of this column. */
  convert(value: unknown): unknown;
  /** Decided by values sent (not only by empty cells or "NaN"): a later batch cannot change it. */
  sent?: boolean;
}

const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

function isBooleanLike(v: unknown): boolean {
  return typeof v === 'boolean' || (typeof v === 'string' && /^(true|false)$/i.test(v.trim()));
}

function isNumberLike(v: unknown): boolean {
  return (typeof v === 'number' && Number.isFinite(v)) || isCanonicalNumber(v);
}

/**
 * A type, format and converter for a field the catalog does not know, from every value it has.
 * Objects and arrays (nested values are flattened before this) show as JSON text, never
 * "[object Object]"; null shows as an empty cell.
 */
export function unknownColumnType(field: string, values: unknown[], toDate: ToDate): UnknownColumnType {
  // "NaN"/"Infinity" stand for a missing number (a serializer's artefact): they never decide a
  // type, and in a number column they show as empty cells.
  const sent = values.filter((v) => present(v) && !isNotANumberText(v));
  const noNumber = values.some(isNotANumberText);
  const fallback = (value: unknown): unknown => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
    if (typeof value === 'number') return numberCell(value);
    return value;
  };
  if (sent.length === 0 && noNumber)
    return { type: 'number', format: FORMAT.number, convert: (v) => (isNotANumberText(v) ? '' : fallback(v)) };
  if (sent.length === 0) return { type: 'text', convert: fallback };
  const decided = decideSent(field, sent, fallback, toDate);
  return { ...decided, sent: true };
}

function decideSent(field: string, sent: unknown[], fallback: (value: unknown) => unknown, toDate: ToDate): UnknownColumnType {
  if (sent.every(isNumberLike)) {
    const numbers = sent.map(Number);
    const format = MONEY.test(field) ? FORMAT.currency : numbers.every(Number.isInteger) ? FORMAT.integer : FORMAT.number;
    return {
      type: MONEY.test(field) ? 'currency' : 'number',
      format,
      convert: (v) => (isNumberLike(v) ? Number(v) : isNotANumberText(v) ? '' : fallback(v)),
    };
  }
  if (sent.every(isBooleanLike)) {
    return {
      type: 'boolean',
      convert: (v) => (typeof v === 'string' && isBooleanLike(v) ? v.trim().toLowerCase() === 'true' : fallback(v)),
    };
  }
  if (sent.every((v) => typeof v === 'string' && ymdOf(v) !== null && v.length === 10)) {
    return { type: 'date', format: FORMAT.date, convert: (v) => (typeof v === 'string' && ymdOf(v) ? toDate(ymdOf(v)!) : fallback(v)) };
  }
  if (sent.every((v) => typeof v === 'string' && ZONED_TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v)))) {
    return {
      type: 'date',
      format: 'yyyy-mm-dd hh:mm',
      convert: (v) => (typeof v === 'string' && ZONED_TIMESTAMP.test(v) ? new Date(Date.parse(v)) : fallback(v)),
    };
  }
  return { type: 'text', convert: fallback };
}
