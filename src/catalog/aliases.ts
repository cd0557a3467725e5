import { hasOwn } from '../shared/own';
import type { ReportSpec } from './types';

/**
 * Rows with the catalog's field names: a row that lacks a column's field but carries one of its
 * aliases (`type` for `device`) gets the value under the field's name. Nothing is dropped: an
 * alias is only renamed when the field itself is absent, so a row carrying both keeps both.
 * Rows that need no renaming are returned as they are (no copy for the usual 100,000-row pull).
 */
export function withCatalogNames(spec: ReportSpec, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const renames = spec.columns.filter((c) => c.aliases && c.aliases.length > 0);
  if (renames.length === 0) return rows;
  return rows.map((row) => {
    let out: Record<string, unknown> | null = null;
    for (const column of renames) {
      if (hasOwn(row, column.field)) continue;
      const alias = column.aliases!.find((name) => hasOwn(row, name));
      if (alias === undefined) continue;
      if (!out) out = { ...row };
      out[column.field] = out[alias];
      delete out[alias];
    }
    return out ?? row;
  });
}

/** A known column's field for a name the user or the API may use: the field, an alias, or the header. */
export function fieldNamed(spec: ReportSpec, name: string): string | undefined {
  const squashed = name.replace(/\s+/g, '').toLowerCase();
  const column = spec.columns.find(
    (c) =>
      c.field.toLowerCase() === squashed ||
      c.header.replace(/\s+/g, '').toLowerCase() === squashed ||
      (c.aliases ?? []).some((a) => a.toLowerCase() === squashed),
  );
  return column?.field;
}
