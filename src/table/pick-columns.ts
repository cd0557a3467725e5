import { SITE_FIELD, SITE_NAME_FIELD, type Table } from './types';

/**
 * A table cut down to the chosen catalog columns, in the table's own order. The Site columns of
 * a stack stay, and so do the columns a column brings along: its score (`cpm.score`) and, in a
 * comparison, its previous value and changes (`earnings.previous`, `.change`, `.changeFraction`).
 */
export function pickColumns(table: Table, fields: readonly string[] | undefined): Table {
  if (!fields) return table;
  const chosen = new Set<string>([SITE_FIELD, SITE_NAME_FIELD, ...fields]);
  const keep = table.columns.map((c, i) => (chosen.has(c.field.split('.')[0]) ? i : -1)).filter((i) => i >= 0);
  if (keep.length === table.columns.length) return table;
  return {
    ...table,
    columns: keep.map((i) => table.columns[i]),
    rows: table.rows.map((row) => keep.map((i) => row[i])),
  };
}
