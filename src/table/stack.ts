import { SITE_COLUMN, SITE_NAME_COLUMN, SITE_NAME_FIELD, type Table, type TableColumn } from './types';

/**
 * Column order for several tables: each table's columns keep their relative order, and a column
 * only some tables have goes right after its predecessor (a score column stays beside its value).
 */
function unionColumns(tables: Table[], named: boolean, leading: TableColumn[] = named ? [SITE_COLUMN, SITE_NAME_COLUMN] : [SITE_COLUMN]): TableColumn[] {
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
 * Several sites' tables as one, Site column first and, with `names`, each site's name beside its
 * ID. A table without a Site column takes its ID from `sites` (same order). Cells of columns a
 * table lacks are "".
 */
export function stackTables(tables: Table[], sites: string[] = [], names?: ReadonlyMap<string, string>): Table {
  const columns = unionColumns(tables, names !== undefined);
  const rows: unknown[][] = [];
  tables.forEach((table, t) => {
    const site = sites[t] ?? '';
    const name = names?.get(site) ?? '';
    const positions = columns.map((c) => table.columns.findIndex((own) => own.field === c.field));
    for (const row of table.rows) {
      rows.push(positions.map((p, k) => (p >= 0 ? row[p] : k === 0 ? site : columns[k].field === SITE_NAME_FIELD ? name : '')));
    }
  });
  return { columns, rows };
}

/** Tables of one report (days of a history) as one: columns in first-seen order, "" where a table lacks one. */
export function concatTables(tables: Table[]): Table {
  const columns = unionColumns(tables, false, []);
  const rows: unknown[][] = [];
  for (const table of tables) {
    const positions = columns.map((c) => table.columns.findIndex((own) => own.field === c.field));
    for (const row of table.rows) rows.push(positions.map((p) => (p >= 0 ? row[p] : '')));
  }
  return { columns, rows };
}
