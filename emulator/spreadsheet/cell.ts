/** One cell of the in-memory spreadsheet. Absent cells are empty and unformatted. */

export type Scalar = string | number | boolean | Date;

export interface Cell {
  /** '' when empty. On a formula cell: its last computed result (kept until recalculated). */
  value: Scalar;
  /** '=...' when the cell holds a formula. */
  formula?: string;
  /** Why a formula cell shows an error value (#ERROR!, #REF!, #NAME?): Sheets shows it on hover. */
  error?: string;
  /** Set on cells filled by another cell's array result; the object is that anchor cell. */
  spillOf?: Cell;
  /** On an anchor: the cells its current array result fills (itself excluded). */
  spill?: Cell[];
  format?: string;
  fontWeight?: string;
  fontSize?: number;
  fontColor?: string;
  background?: string;
  horizontalAlignment?: string;
  wrap?: boolean;
  note?: string;
}

export type CellKind = 'empty' | 'formula' | 'spill' | 'text' | 'number' | 'boolean' | 'date';

export function kindOf(cell: Cell | undefined): CellKind {
  if (!cell) return 'empty';
  if (cell.formula !== undefined) return 'formula';
  if (cell.spillOf) return 'spill';
  const v = cell.value;
  if (v === '') return 'empty';
  if (v instanceof Date) return 'date';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'text';
}

/** Content, as Sheets counts it for getLastRow and for blocking a spill. */
export function hasContent(cell: Cell | undefined): boolean {
  return !!cell && (cell.formula !== undefined || cell.value !== '');
}

/** What clearFormat(s) removes: everything but content and the note. */
export const FORMAT_KEYS = ['format', 'fontWeight', 'fontSize', 'fontColor', 'background', 'horizontalAlignment', 'wrap'] as const;

export function clearCellFormat(cell: Cell): void {
  // Only what is set: deleting a property V8 holds turns the cell into a slow dictionary object.
  for (const key of FORMAT_KEYS) if (cell[key] !== undefined) delete cell[key];
}

export function copyScalar(v: Scalar): Scalar {
  return v instanceof Date ? new Date(v.getTime()) : v;
}
