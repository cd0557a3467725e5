import type { ReportSpec } from '../catalog/types';
import { asLiteralText } from '../sheet/cell-values';
import { derivedFrom, SITE_COLUMN, SITE_NAME_COLUMN, SITE_NAME_FIELD, type Table, type TableColumn } from './types';

/**
 * Column order for several tables: each table's columns keep their relative order, and a column
 * only some tables have goes right after its predecessor (a score column stays beside its value).
 */
function unionColumns(
  tables: Table[],
  named: boolean,
  leading: TableColumn[] = named ? [SITE_COLUMN, SITE_NAME_COLUMN] : [SITE_COLUMN],
): TableColumn[] {
  const union: TableColumn[] = [...leading];
  // The leading columns (Site, its name) stay first: a table's own columns go after them.
  const first = leading.length - 1;
  for (const table of tables) {
    let after = first;
    for (const column of table.columns) {
      const at = union.findIndex((c) => c.field === column.field);
      if (at >= 0) {
        after = Math.max(at, first);
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
 * Several sites' tables as one, Site column first and, with `names`, each site's name beside its
 * ID. A table without a Site column takes its ID from `sites` (same order). Cells of columns a
 * table lacks are "". With `rank`, columns are put in its order (stable: equal ranks keep the
 * union's order; the Site and site-name columns stay first).
 */
export function stackTables(
  tables: Table[],
  sites: string[] = [],
  names?: ReadonlyMap<string, string>,
  rank?: (field: string) => number,
): Table {
  const union = unionColumns(tables, names !== undefined);
  const lead = (field: string): number | undefined => (field === SITE_COLUMN.field ? -2 : field === SITE_NAME_FIELD ? -1 : undefined);
  const columns = rank
    ? union
        .map((column, i) => ({ column, i, r: lead(column.field) ?? rank(column.field) }))
        .sort((x, y) => (x.r === y.r ? x.i - y.i : x.r < y.r ? -1 : 1))
        .map((entry) => entry.column)
    : union;
  const rows: unknown[][] = [];
  // Sheet-safe tables stay so: their cells must not be escaped a second time by the writer.
  const safe = tables.length > 0 && tables.every((t) => t.sheetSafe === true);
  tables.forEach((table, t) => {
    const id = sites[t] ?? '';
    const site = safe ? asLiteralText(id, true) : id;
    const rawName = names?.get(id) ?? '';
    const name = safe ? asLiteralText(rawName, true) : rawName;
    const positions = columns.map((c) => table.columns.findIndex((own) => own.field === c.field));
    for (const row of table.rows) {
      rows.push(positions.map((p, k) => (p >= 0 ? row[p] : k === 0 ? site : columns[k].field === SITE_NAME_FIELD ? name : '')));
    }
  });
  return derivedFrom(tables, { columns, rows });
}

/** Tables of one report (days of a history) as one: columns in first-seen order, "" where a table lacks one. */
export function concatTables(tables: Table[]): Table {
  const columns = unionColumns(tables, false, []);
  const rows: unknown[][] = [];
  for (const table of tables) {
    const positions = columns.map((c) => table.columns.findIndex((own) => own.field === c.field));
    for (const row of table.rows) rows.push(positions.map((p) => (p >= 0 ? row[p] : '')));
  }
  return derivedFrom(tables, { columns, rows });
}
