import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, forget, markOwned, readOwned } from '../sheet/block-ownership';
import type { TileBinding } from './binding-store';

/**
 * Where a tile writes. A tile owns a named range over its value cell and another over its change
 * cell, as a block owns one, so both follow the rows and columns the user inserts above or left of
 * them. One cell each: a range over both would stretch over a row inserted between them and, once
 * the value's or the change's row is deleted, end on the user's row, which the tile would then
 * write over. A cell whose row is deleted takes its range with it: that part of the tile is gone.
 *
 * Tiles stored before that have one range over both cells (`rangeName` without
 * `changeRangeName`): while it still covers exactly two cells that look like a tile's, it is split
 * in two; otherwise nobody can tell which of its cells are the tile's, and it is left as it is.
 * Tiles stored before named ranges have only the cell they were made at: written there only while
 * both cells still look like a tile's (empty, or a number without a formula, under the tile's label),
 * and then given their ranges, so a note typed where the tile used to be is never overwritten.
 */
export interface TileCells {
  sheet: Sheet;
  row: number;
  col: number;
  /** The change cell's row, or null when its row was deleted (only the value is written). */
  changeRow: number | null;
  /** The binding as it should be stored from now on, when it changed (an upgraded old tile). */
  upgraded?: TileBinding;
}

/** Named-range names: "_tile" has non-hex letters, so no encoded block id ends like this. */
export function tileRangeName(blockId: string, binding: Pick<TileBinding, 'row' | 'col'>): string {
  return `${blockRangeName(blockId)}_tile${binding.row}x${binding.col}`;
}

export function tileChangeRangeName(blockId: string, binding: Pick<TileBinding, 'row' | 'col'>): string {
  return `${blockRangeName(blockId)}_tilechange${binding.row}x${binding.col}`;
}

/** Names the tile's two cells, `at` its value cell; returns the binding that says so. */
function markCells(
  spreadsheet: Spreadsheet,
  sheet: Sheet,
  blockId: string,
  binding: TileBinding,
  at: { row: number; col: number },
): TileBinding {
  const rangeName = tileRangeName(blockId, binding);
  const changeRangeName = tileChangeRangeName(blockId, binding);
  markOwned(spreadsheet, rangeName, sheet, { row: at.row, col: at.col, rows: 1, cols: 1 });
  markOwned(spreadsheet, changeRangeName, sheet, { row: at.row + 1, col: at.col, rows: 1, cols: 1 });
  return { ...binding, rangeName, changeRangeName };
}

/** Names the tile's two cells where it is made; returns the binding that says so. */
export function markTile(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string, binding: TileBinding): TileBinding {
  return markCells(spreadsheet, sheet, blockId, binding, binding);
}

/** Empty or plain numbers without a formula, each: what a tile writes. */
function holdsTileValues(sheet: Sheet, row: number, col: number, rows: number): boolean {
  const range = sheet.getRange(row, col, rows, 1);
  const formulas = range.getFormulas();
  return range.getValues().every((line, i) => formulas[i][0] === '' && (line[0] === '' || line[0] === null || typeof line[0] === 'number'));
}

/**
 * An old tile's cells still look like its own: empty or a plain number each, under the label every
 * version wrote above a tile (its header's text). A number alone proves nothing: rows inserted
 * above a tile leave its cells to new rows, where a user's target is a plain number too.
 */
function looksLikeTile(sheet: Sheet, binding: TileBinding): boolean {
  const { row, col } = binding;
  if (row < 2) return false;
  const label = sheet.getRange(row - 1, col);
  return label.getFormula() === '' && label.getValue() === binding.header && holdsTileValues(sheet, row, col, 2);
}

/** A range whose every cell was deleted may be kept by Sheets as #REF!: then it is none. */
function readCell(spreadsheet: Spreadsheet, name: string): ReturnType<typeof readOwned> {
  try {
    return readOwned(spreadsheet, name);
  } catch (_) {
    return null;
  }
}

/** A tile with one range per cell. */
function fromCells(spreadsheet: Spreadsheet, valueName: string, changeName: string): Omit<TileCells, 'upgraded'> | null {
  const value = readCell(spreadsheet, valueName);
  if (!value) return null;
  const change = readCell(spreadsheet, changeName);
  const sameColumn = change && change.sheet.getSheetId() === value.sheet.getSheetId() && change.rect.col === value.rect.col;
  return { sheet: value.sheet, row: value.rect.row, col: value.rect.col, changeRow: sameColumn ? change.rect.row : null };
}

/**
 * The tile's cells now, or 'gone' when it has none any more (its value's row or its sheet was
 * deleted: the binding is dropped), or 'not-ours' when an old tile's cells cannot be told from the
 * user's (left alone, kept).
 */
export function tileCells(
  spreadsheet: Spreadsheet,
  blockId: string,
  binding: TileBinding,
  host: Sheet | null,
): TileCells | 'gone' | 'not-ours' {
  if (binding.rangeName && binding.changeRangeName) return fromCells(spreadsheet, binding.rangeName, binding.changeRangeName) ?? 'gone';
  const valueName = tileRangeName(blockId, binding);
  const changeName = tileChangeRangeName(blockId, binding);
  // An upgrade that made the ranges but could not store the binding (a full store).
  if (readCell(spreadsheet, changeName)) {
    const cells = fromCells(spreadsheet, valueName, changeName);
    return cells ? { ...cells, upgraded: { ...binding, rangeName: valueName, changeRangeName: changeName } } : 'gone';
  }
  if (binding.rangeName) {
    // One range over both cells (stored before one per cell).
    const both = readOwned(spreadsheet, binding.rangeName);
    if (!both) return 'gone';
    const { sheet, rect } = both;
    if (rect.rows !== 2 || rect.cols !== 1 || !holdsTileValues(sheet, rect.row, rect.col, 2)) return 'not-ours';
    if (binding.rangeName !== valueName) forget(spreadsheet, binding.rangeName);
    const upgraded = markCells(spreadsheet, sheet, blockId, binding, rect);
    return { sheet, row: rect.row, col: rect.col, changeRow: rect.row + 1, upgraded };
  }
  if (!host) return 'gone';
  if (!looksLikeTile(host, binding)) return 'not-ours';
  const upgraded = markTile(spreadsheet, host, blockId, binding);
  return { sheet: host, row: binding.row, col: binding.col, changeRow: binding.row + 1, upgraded };
}
