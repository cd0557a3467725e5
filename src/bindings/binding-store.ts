import type { PropertyStore } from '../platform/types';

/**
 * What follows a report's block when it is rewritten: embedded charts whose ranges must cover the
 * block's new rows, and dashboard tiles that show a value of its Total row. Kept per block in
 * document properties (names, cells and ids only; never data or secrets).
 */
export interface ChartBinding {
  kind: 'chart';
  /** The sheet the chart sits on (ids survive renames). */
  sheetId: number;
  chartId: number;
  /** Header texts of the block's columns the chart draws, domain first. */
  headers: string[];
  /** The chart's own title, which says so when a column is missing from the block. */
  title?: string;
}

export interface TileBinding {
  kind: 'tile';
  sheetId: number;
  /**
   * The value cell when the tile was made; the change goes in the cell below it. Only tiles stored
   * before `rangeName` existed are written here (and then given a named range).
   */
  row: number;
  col: number;
  /**
   * The named range over the tile's two cells, which Sheets moves with inserted rows and columns.
   * Absent on tiles made by earlier versions: added on their next write.
   */
  rangeName?: string;
  /**
   * The named range over the change cell; with it, `rangeName` covers the value cell only. Tiles
   * stored before it have one range over both cells: split in two on their next write.
   */
  changeRangeName?: string;
  /** The Total row's column shown, e.g. "Earnings", and the one holding its change, e.g. "Earnings change %". */
  header: string;
  changeHeader?: string;
}

export type Binding = ChartBinding | TileBinding;

const KEY_PREFIX = 'cr.bind.';

export function readBindings(store: PropertyStore, blockId: string): Binding[] {
  const json = store.getProperty(KEY_PREFIX + blockId);
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as Binding[]) : [];
  } catch (_) {
    return [];
  }
}

export function writeBindings(store: PropertyStore, blockId: string, bindings: Binding[]): void {
  if (bindings.length) store.setProperty(KEY_PREFIX + blockId, JSON.stringify(bindings));
  else store.deleteProperty(KEY_PREFIX + blockId);
}
