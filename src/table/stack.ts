import type { ReportSpec } from '../catalog/types';
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
 * Where a report's catalog puts a field: known columns in catalog order (a score right after its
 * value), then the rest in the order first seen. Each site's table leaves out the known columns
 * none of its rows carry, so the union is put back in catalog order.
 */
export function catalogRank(spec: ReportSpec): (field: string) => number {
  const index = new Map(spec.columns.map((c, i) => [c.field, i]));
  return (field) => {
    const own = index.get(field);
    if (own !== undefined) return own;
    const scored = field.endsWith('.score') ? index.get(field.slice(0, -'.score'.length)) : undefined;
    return scored !== undefined ? scored + 0.5 : Infinity;
  };
}

/**
 * Several sites' tables as one, Site column first. A table without a Site column takes its ID
 * from `sites` (same order). Cells of columns a table lacks are "". With `rank`, columns are put
 * in its order (stable: equal ranks keep the union's order).
 */
export function stackTables(tables: Table[], sites: string[] = [], rank?: (field: string) => number): Table {
  const union = unionColumns(tables);
  const columns = rank
    ? union
        .map((column, i) => ({ column, i, r: column.field === SITE_COLUMN.field && i === 0 ? -1 : rank(column.field) }))
        .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r < b.r ? -1 : 1))
        .map((entry) => entry.column)
    : union;
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
