import type { ColumnType } from '../catalog/types';
import { plainCell, type CellValue } from '../shared/cell';

export type { CellValue } from '../shared/cell';

/**
 * Sheets reads a string written with setValues the way it reads typing: "=..." becomes a formula
 * (also "+", "-", "@" in some locales), and in text columns "2024", "1/2" or "TRUE" would become a
 * number, a date or a boolean. A leading apostrophe makes Sheets keep the rest as typed and hides
 * the apostrophe; it is chosen over the '@' format because it works per cell (unknown fields in
 * numeric columns too) and a plain-text cell would show a typed apostrophe literally.
 */
const FORMULA_LIKE = /^[=+\-@']/;
const VALUE_LIKE = /^\s*([0-9.,$€£¥(%]|true\s*$|false\s*$)/i;

export function isTextColumn(type: ColumnType | string | undefined): boolean {
  return type === 'text' || type === 'url';
}

/**
 * ASCII first characters after which a string may need the apostrophe (FORMULA_LIKE, VALUE_LIKE
 * and white space). Any other ASCII start never does, so most cells are settled by one lookup;
 * a non-ASCII start (€, a Unicode space) goes through the expressions.
 */
const MAYBE_SPECIAL: boolean[] = Array.from({ length: 128 }, (_, c) => /[=+\-@'0-9.,$(%tTfF\s]/.test(String.fromCharCode(c)));

/** A string as it must be written so the cell shows exactly this text. */
export function asLiteralText(text: string, textColumn: boolean): string {
  if (text === '') return text;
  const first = text.charCodeAt(0);
  if (first < 128 && !MAYBE_SPECIAL[first]) return text;
  if (FORMULA_LIKE.test(text) || (textColumn && VALUE_LIKE.test(text))) return `'${text}`;
  return text;
}

/** Any value from a table, made safe for setValues: a plain cell, its text kept literal. */
export function toCellValue(value: unknown, textColumn: boolean): CellValue {
  const cell = plainCell(value);
  return typeof cell === 'string' ? asLiteralText(cell, textColumn) : cell;
}

/** A cell whose read-back the writer cannot know (see readBackOf). */
export const UNSURE: unique symbol = Symbol('unsure');

/**
 * What getValues reads from a cell the writer wrote `cell` into (with setValues, as typing):
 * text kept literal by an apostrophe reads back without it, numbers, booleans, dates and empty
 * cells as written. A value-like text the writer sent without an apostrophe (only outside text
 * columns: an unknown field's "1,234") is UNSURE: Sheets may have made it a number, a date or a
 * boolean. Tested against the emulator for every kind the writer sends
 * (test/sheet/read-back.emulator.test.ts); `diagnoseReadBack` checks it on Google.
 */
export function readBackOf(cell: CellValue): unknown {
  if (typeof cell !== 'string') return cell;
  const start = readBackStart(cell);
  return start < 0 ? UNSURE : start === 0 ? cell : cell.slice(start);
}

/**
 * Where the text a string cell reads back as starts in it (readBackOf without making the text):
 * 1 after a protective apostrophe, else 0; -1 when the read-back is UNSURE.
 */
export function readBackStart(cell: string): number {
  if (cell === '') return 0;
  const first = cell.charCodeAt(0);
  if (first === APOSTROPHE) return 1;
  if (first < 128 && !MAYBE_SPECIAL[first]) return 0;
  return FORMULA_LIKE.test(cell) || VALUE_LIKE.test(cell) ? -1 : 0;
}

const APOSTROPHE = 39;
