import type { ColumnType } from '../catalog/types';

export interface TableColumn {
  header: string;
  /** The API field (`cpm`), a score (`cpm.score`), a nested path (`a.b`), or SITE_FIELD. */
  field: string;
  type: ColumnType;
  /** Sheets number format. */
  format?: string;
}

/** A report as the sheet sees it: cells are numbers, strings, booleans, Dates or "" (never null). */
export interface Table {
  columns: TableColumn[];
  rows: unknown[][];
}

/**
 * The added Site column's field: a name no API field can have (field paths never start with a
 * NUL), so an API field called `site` keeps its own column in a multi-site pull.
 */
export const SITE_FIELD = '\u0000site';
export const SITE_COLUMN: Readonly<TableColumn> = Object.freeze({ header: 'Site', field: SITE_FIELD, type: 'text' });
