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

/** A string as it must be written so the cell shows exactly this text. */
export function asLiteralText(text: string, textColumn: boolean): string {
  if (FORMULA_LIKE.test(text) || (textColumn && VALUE_LIKE.test(text))) return `'${text}`;
  return text;
}

/** Any value from a table, made safe for setValues: a plain cell, its text kept literal. */
export function toCellValue(value: unknown, textColumn: boolean): CellValue {
  const cell = plainCell(value);
  return typeof cell === 'string' ? asLiteralText(cell, textColumn) : cell;
}
