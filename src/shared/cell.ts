import { isDate } from './user-input';

/** What a cell can hold: custom-function results and setValues take exactly these kinds. */
export type CellValue = string | number | boolean | Date;

/**
 * Any value as a cell can show it: nothing, NaN and Infinity become blank, `{value}` its value,
 * other objects their JSON. The last guard of both outputs (formula results and written blocks),
 * so a cell never shows "undefined", "NaN" or "[object Object]".
 */
export function plainCell(value: unknown): CellValue {
  // Called once per cell of a block: the common kinds are decided by typeof alone.
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (value === null || value === undefined) return '';
  if (isDate(value)) return Number.isNaN(value.getTime()) ? '' : value;
  if (typeof value === 'object') {
    const inner = (value as { value?: unknown }).value;
    if (inner !== undefined) return plainCell(inner);
    try {
      return JSON.stringify(value) ?? '';
    } catch (_) {
      return '';
    }
  }
  return String(value);
}
