/**
 * BigQuery column names for a report's fields: stable snake_case (`pageRpm` -> `page_rpm`,
 * `cpm.score` -> `cpm_score`), letters, digits and underscores, never starting with a digit,
 * unique without regard to case. docs/warehouse.md lists the rules; a test holds them.
 *
 * - A name BigQuery reserves (a keyword such as `select`, or a reserved prefix such as `_table_`)
 *   gets `_value`: `select` -> `select_value`.
 * - Two fields that map to one name keep it only for the field already spelt that way (`page_rpm`);
 *   the others get `_` and four hex digits of a hash of their own field name (`pageRPM` ->
 *   `page_rpm_1a2b`), the same in every export whatever other fields arrive.
 * - The columns the add-on adds (site_id, site_name, exported_at, period_start, period_end) win
 *   over an API field that maps to them, which gets the hash suffix.
 */

/** GoogleSQL's reserved keywords (a column so named needs backticks in every query). */
const RESERVED = new Set(
  (
    'all and any array as asc assert_rows_modified at between by case cast collate contains create cross cube current ' +
    'default define desc distinct else end enum escape except exclude exists extract false fetch following for from full ' +
    'group grouping groups hash having if ignore in inner intersect interval into is join lateral left like limit lookup ' +
    'merge natural new no not null nulls of on or order outer over partition preceding proto qualify range recursive ' +
    'respect right rollup rows select set some struct tablesample then to treat true unbounded union unnest using when ' +
    'where window with within'
  ).split(' '),
);

/** Column name prefixes BigQuery keeps for itself. */
const RESERVED_PREFIXES = ['_table_', '_file_', '_partition', '_row_timestamp', '__root__', '_colidentifier'];

export const ADDED_COLUMNS = ['site_id', 'site_name', 'period_start', 'period_end', 'exported_at'] as const;

/** camelCase, spaces, dots and dashes to snake_case; anything else outside [a-z0-9_] dropped. */
export function snakeCase(field: string): string {
  const snake = field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_');
  const named = snake === '' ? 'field' : snake;
  return /^[0-9]/.test(named) ? `f_${named}` : named.slice(0, 280);
}

/** Four hex digits of FNV-1a over the field name: the same suffix for the same field, always. */
export function stableSuffix(field: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < field.length; i++) {
    h ^= field.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h & 0xffff).toString(16).padStart(4, '0');
}

function isReserved(name: string): boolean {
  return RESERVED.has(name) || RESERVED_PREFIXES.some((p) => name.startsWith(p));
}

/**
 * Names for the fields, in their order; `added` are the add-on's own columns present in this table.
 * The result maps each field to its column name.
 */
export function columnNames(fields: readonly string[], added: readonly string[] = []): Map<string, string> {
  const base = fields.map((f) => {
    const s = snakeCase(f);
    return isReserved(s) ? `${s}_value` : s;
  });
  const taken = new Set(added.map((a) => a.toLowerCase()));
  const count = new Map<string, number>();
  for (const b of base) count.set(b, (count.get(b) ?? 0) + 1);
  const out = new Map<string, string>();
  fields.forEach((field, i) => {
    const name = base[i];
    const clash = taken.has(name) || ((count.get(name) ?? 0) > 1 && field !== name);
    out.set(field, clash ? `${name}_${stableSuffix(field)}` : name);
  });
  return out;
}
