import { asLiteralText } from '../sheet/cell-values';
import { SITE_COLUMN, type Table, type TableColumn } from './types';

/**
 * Column order for several tables: each table's columns keep their relative order, and a column
 * only some tables have goes right after its predecessor (a score column stays beside its value).
 */
function unionColumns(tables: Table[]): TableColumn[] {
  const union: TableColumn[] = [SITE_COLUMN];
  for (const table of tables) {
    let after = 0;
    for (const column of table.columns) {
      const at = union.findIndex((c) => c.field === column.field);
      if (at >= 0) {
        after = at;
        continue;
      }
      union.splice(after + 1, 0, column);
      after += 1;
    }
  }
  return union;
}

/**
 * Several sites' tables as one, Site column first. A table without a Site column takes its ID
 * from `sites` (same order). Cells of columns a table lacks are "".
 */
export function stackTables(tables: Table[], sites: string[] = []): Table {
  const columns = unionColumns(tables);
  const rows: unknown[][] = [];
  // Sheet-safe tables stay so: their cells must not be escaped a second time by the writer.
  const safe = tables.length > 0 && tables.every((t) => t.sheetSafe === true);
  tables.forEach((table, t) => {
    const positions = columns.map((c) => table.columns.findIndex((own) => own.field === c.field));
    const site = safe ? asLiteralText(sites[t] ?? '', true) : (sites[t] ?? '');
    for (const row of table.rows) {
      rows.push(positions.map((p, k) => (p >= 0 ? row[p] : k === 0 ? site : '')));
    }
  });
  return safe ? { columns, rows, sheetSafe: true } : { columns, rows };
}
