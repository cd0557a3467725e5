import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, markOwned, readOwned } from '../sheet/block-ownership';
import type { TileBinding } from './binding-store';

/**
 * Where a tile writes. A tile owns a named range over its value cell and its change cell, as a
 * block does, so it follows the rows and columns the user inserts above or left of it. A tile
 * stored before that has only the cell it was made at: it is written there only while both cells
 * still look like a tile's (empty, or a number without a formula), and then gets its named range,
 * so a note typed where the tile used to be is never overwritten.
 */
export interface TileCells {
  sheet: Sheet;
  row: number;
  col: number;
  /** The change cell's row: the range's last row (a row inserted between the two stays the user's). */
  changeRow: number;
  /** The binding as it should be stored from now on, when it changed (an upgraded old tile). */
  upgraded?: TileBinding;
}

/** Named-range names: "_tile" has non-hex letters, so no encoded block id ends like this. */
export function tileRangeName(blockId: string, binding: Pick<TileBinding, 'row' | 'col'>): string {
  return `${blockRangeName(blockId)}_tile${binding.row}x${binding.col}`;
}

/** Names the tile's two cells; returns the binding that says so. */
export function markTile(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string, binding: TileBinding): TileBinding {
  const rangeName = tileRangeName(blockId, binding);
  markOwned(spreadsheet, rangeName, sheet, { row: binding.row, col: binding.col, rows: 2, cols: 1 });
  return { ...binding, rangeName };
}

function fromNamed(spreadsheet: Spreadsheet, name: string): Omit<TileCells, 'upgraded'> | null {
  const owned = readOwned(spreadsheet, name);
  if (!owned) return null;
  const { sheet, rect } = owned;
  return { sheet, row: rect.row, col: rect.col, changeRow: rect.row + rect.rows - 1 };
}

function looksLikeTile(sheet: Sheet, row: number, col: number): boolean {
  const range = sheet.getRange(row, col, 2, 1);
  const formulas = range.getFormulas();
  return range.getValues().every((line, i) => formulas[i][0] === '' && (line[0] === '' || line[0] === null || typeof line[0] === 'number'));
}

/**
 * The tile's cells now, or null when it has none any more (its rows or sheet were deleted: the
 * binding is dropped) or when an old tile's cells hold something else (left alone, kept).
 */
export function tileCells(
  spreadsheet: Spreadsheet,
  blockId: string,
  binding: TileBinding,
  host: Sheet | null,
): TileCells | 'gone' | 'not-ours' {
  if (binding.rangeName) return fromNamed(spreadsheet, binding.rangeName) ?? 'gone';
  // An old tile whose upgrade made the range but could not store the binding (a full store).
  const named = fromNamed(spreadsheet, tileRangeName(blockId, binding));
  if (named) return { ...named, upgraded: { ...binding, rangeName: tileRangeName(blockId, binding) } };
  if (!host) return 'gone';
  if (!looksLikeTile(host, binding.row, binding.col)) return 'not-ours';
  const upgraded = markTile(spreadsheet, host, blockId, binding);
  return { sheet: host, row: binding.row, col: binding.col, changeRow: binding.row + 1, upgraded };
}
