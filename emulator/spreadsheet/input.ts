/**
 * What Sheets makes of a value written with setValue(s): like typing it into the cell
 * (USER_ENTERED). This is where unescaped untrusted text turns into a formula, a number or a date.
 */
import type { Scalar } from './cell';
import { defaultDateFormat, isGeneral } from './number-format';
import { localInstant } from '../time-zone';

export type InputOutcome =
  | 'empty'
  | 'value'
  | 'formula'
  | 'number'
  | 'boolean'
  | 'date'
  | 'text'
  /** A leading apostrophe kept the rest as text (the apostrophe itself is dropped). */
  | 'text (apostrophe)'
  /** The cell's '@' (plain text) format kept the string as typed. */
  | 'text (plain-text format)';

export interface ParsedInput {
  value: Scalar;
  formula?: string;
  outcome: InputOutcome;
  /** The number format Sheets assigns when it recognises a typed date, percent or currency. */
  autoFormat?: string;
}

const MAX_CELL_CHARS = 50000;

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

function parseNumber(text: string): { n: number; autoFormat?: string } | null {
  let t = text.trim();
  let autoFormat: string | undefined;
  let percent = false;
  if (t.endsWith('%')) {
    percent = true;
    t = t.slice(0, -1).trim();
    autoFormat = '0.00%';
  }
  const currency = /^([+-]?)\$(.*)$/.exec(t);
  if (currency && !percent) {
    t = currency[1] + currency[2];
    autoFormat = '$#,##0.00';
  }
  if (!PLAIN_NUMBER.test(t) && !GROUPED_NUMBER.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  return { n: percent ? n / 100 : n, autoFormat };
}

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function parseDate(text: string, timeZone: string, now: () => number): { date: Date; autoFormat: string } | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (iso) {
    const [y, m, d, hh, mm, ss] = iso.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
    if (!validDay(y, m, d) || hh > 23 || mm > 59 || ss > 59) return null;
    const timed = iso[4] !== undefined;
    return {
      date: new Date(localInstant(timeZone, y, m, d, hh, mm, ss)),
      autoFormat: timed ? 'yyyy-mm-dd H:mm:ss' : 'yyyy-mm-dd',
    };
  }
  // en_US: M/D/YYYY and M/D (this year). A title like "3/4" becomes a date in real Sheets too.
  const us = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(t);
  if (us) {
    const m = Number(us[1]);
    const d = Number(us[2]);
    const y = us[3] ? Number(us[3]) : new Date(now()).getUTCFullYear();
    if (!validDay(y, m, d)) return null;
    return { date: new Date(localInstant(timeZone, y, m, d)), autoFormat: 'M/d/yyyy' };
  }
  return null;
}

export function parseInput(raw: unknown, ctx: { format: string | undefined; timeZone: string; now: () => number }): ParsedInput {
  if (raw === null || raw === undefined || raw === '') return { value: '', outcome: 'empty' };
  if (typeof raw === 'number' || typeof raw === 'boolean') return { value: raw, outcome: 'value' };
  if (raw instanceof Date || Object.prototype.toString.call(raw) === '[object Date]') {
    // Dates from another vm realm fail instanceof; copy through the timestamp.
    const date = new Date((raw as Date).getTime());
    return {
      value: date,
      outcome: 'value',
      autoFormat: isGeneral(ctx.format) ? defaultDateFormat(date, ctx.timeZone) : undefined,
    };
  }
  const text = String(raw);
  if (text.length > MAX_CELL_CHARS)
    throw new Error(`Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`);
  if (ctx.format === '@') {
    const kept = text.startsWith("'") ? text.slice(1) : text;
    return { value: kept, outcome: 'text (plain-text format)' };
  }
  if (text.startsWith("'")) return { value: text.slice(1), outcome: 'text (apostrophe)' };
  if (text.startsWith('=')) return { value: '', formula: text, outcome: 'formula' };
  const number = parseNumber(text);
  if (number) return { value: number.n, outcome: 'number', autoFormat: isGeneral(ctx.format) ? number.autoFormat : undefined };
  if (/^\s*(true|false)\s*$/i.test(text)) return { value: /true/i.test(text), outcome: 'boolean' };
  const date = parseDate(text, ctx.timeZone, ctx.now);
  if (date) return { value: date.date, outcome: 'date', autoFormat: isGeneral(ctx.format) ? date.autoFormat : undefined };
  // Strict on purpose: some locales parse these as formulas; untrusted text must be escaped.
  if (text.length > 1 && '+-@'.includes(text[0])) return { value: '', formula: '=' + text, outcome: 'formula' };
  return { value: text, outcome: 'text' };
}
