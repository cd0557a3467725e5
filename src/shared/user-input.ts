import { clipQuotes, CreatorError } from './errors';

/**
 * How messages show a value the user gave. Interpolating the raw value would print
 * "[object Object]", "undefined" or a date's full engine string; this names what arrived instead,
 * quoting only what the user could have typed (text and numbers, as the cell shows them).
 */
export function describeInput(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'an empty cell';
  if (typeof value === 'string') return clipQuotes(`"${value}"`);
  if (typeof value === 'number') return Number.isFinite(value) ? `"${String(value)}"` : 'a number that is not valid';
  // Sheets shows a boolean cell (a checkbox, =TRUE) in capitals.
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (isDate(value)) return Number.isNaN(value.getTime()) ? 'a date cell with no valid date' : 'a date cell';
  if (Array.isArray(value)) {
    const cells = value.flat(Infinity);
    if (cells.length === 1) return describeInput(cells[0]);
    if (cells.length === 0) return 'an empty range';
    return Array.isArray(value[0]) ? `a range of ${cells.length} cells` : `a list of ${cells.length} values`;
  }
  return 'a value of an unexpected kind';
}

/** For a description that opens a sentence ("A date cell is not a site ID."). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The one value of an argument that takes a single cell. Sheets may pass a 1x1 range as a 2D
 * array (e.g. {A1} or a one-cell array result), which must behave exactly like the cell itself;
 * a larger range is a mistake worth naming rather than a guess at which cell was meant.
 */
export function singleCell(value: unknown, label: string): unknown {
  if (!Array.isArray(value)) return value;
  const cells = value.flat(Infinity);
  if (cells.length === 0) return undefined;
  if (cells.length === 1) return cells[0];
  throw new CreatorError(
    'BAD_INPUT',
    `The ${label} must be one cell, not ${describeInput(value)}. Point it at a single cell or type the value in the formula.`,
  );
}

/** Dates from another realm (a vm context, Apps Script's own) fail instanceof; their tag still says Date. */
export function isDate(value: unknown): value is Date {
  return value instanceof Date || Object.prototype.toString.call(value) === '[object Date]';
}
