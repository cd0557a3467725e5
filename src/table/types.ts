import type { ColumnType } from '../catalog/types';

export interface TableColumn {
  header: string;
  /** The API field (`cpm`), a score (`cpm.score`), a nested path (`a.b`), SITE_FIELD or SITE_NAME_FIELD. */
  field: string;
  type: ColumnType;
  /** Sheets number format. */
  format?: string;
}

/** A report as the sheet sees it: cells are numbers, strings, booleans, Dates or "" (never null). */
export interface Table {
  columns: TableColumn[];
  rows: unknown[][];
  /**
   * Every cell is already as setValues must receive it (text that Sheets would read as a formula
   * or a number escaped), so the writer passes the rows on without a second copy.
   */
  sheetSafe?: boolean;
}

/**
 * A table made of `sources`' cells (their rows, totals and comparisons of them, our own labels):
 * sheet-safe when every source is, so the writer does not escape its text a second time. Every
 * step between toTable and the writer returns its table through this.
 */
export function derivedFrom(sources: readonly Table[], table: Table): Table {
  const safe = sources.length > 0 && sources.every((t) => t.sheetSafe === true);
  if (safe) return { ...table, sheetSafe: true };
  const { sheetSafe: _dropped, ...plain } = table;
  return plain;
}

/**
 * The added Site column's field: a name no API field can have (field paths never start with a
 * NUL), so an API field called `site` keeps its own column in a multi-site pull.
 */
export const SITE_FIELD = '\u0000site';
export const SITE_COLUMN: Readonly<TableColumn> = Object.freeze({ header: 'Site', field: SITE_FIELD, type: 'text' });
/** Likewise for the added Site name column (an API field `siteName` keeps its own column). */
export const SITE_NAME_FIELD = '\u0000siteName';
export const SITE_NAME_COLUMN: Readonly<TableColumn> = Object.freeze({ header: 'Site name', field: SITE_NAME_FIELD, type: 'text' });
