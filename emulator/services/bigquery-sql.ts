/**
 * The query shapes the add-on sends, parsed structurally; anything else is refused with an error
 * that says this fake does not run it (a real BigQuery would, so tests never depend on it):
 *
 *   MERGE `p.d.t` AS t USING `p.d.s` AS s
 *   ON t.`k1` = s.`k1` AND t.`k2` = s.`k2` ...
 *   WHEN MATCHED THEN UPDATE SET `c1` = s.`c1`, `c2` = s.`c2` ...
 *   WHEN NOT MATCHED THEN INSERT ROW
 *   [WHEN NOT MATCHED BY SOURCE AND <scope> THEN DELETE]
 *
 *   DELETE FROM `p.d.t` WHERE <scope>
 *
 * where <scope> is conditions joined by AND, each t.`c` IN ('a', 'b'), t.`c` BETWEEN DATE 'x' AND
 * DATE 'y', or t.`c` = DATE 'x' / 'text' (the DELETE's columns go without the `t.`).
 * Comparison is SQL's: NULL equals nothing, so a key column holding NULL never matches.
 */
import type { Row } from './bigquery-model';

export interface TableRef {
  projectId: string;
  datasetId: string;
  tableId: string;
}

export type Condition =
  | { column: string; kind: 'in'; values: string[] }
  | { column: string; kind: 'between'; from: string; to: string }
  | { column: string; kind: 'eq'; value: string };

export type Statement =
  | {
      kind: 'merge';
      target: TableRef;
      source: TableRef;
      keys: string[];
      updates: string[];
      insertRow: boolean;
      deleteScope: Condition[] | null;
    }
  | { kind: 'delete'; target: TableRef; scope: Condition[] };

export class QueryShapeError extends Error {}

const ID = '`([A-Za-z0-9_]+)`';
const TABLE = '`([A-Za-z0-9_.:-]+)\\.([A-Za-z0-9_]+)\\.([A-Za-z0-9_$]+)`';

function ref(m: RegExpMatchArray, at: number): TableRef {
  return { projectId: m[at], datasetId: m[at + 1], tableId: m[at + 2] };
}

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\'/g, "'").replace(/\\\\/g, '\\');
}

const STRING = "'(?:[^'\\\\]|\\\\.)*'";

function parseScope(text: string, prefix: string): Condition[] {
  const parts = text.split(/\s+AND\s+(?=(?:t\.)?`)/);
  return parts.map((part) => {
    const p = part.trim();
    const col = new RegExp(`^${prefix}${ID}\\s+`).exec(p);
    if (!col) throw new QueryShapeError(`Unsupported condition: ${p}`);
    const rest = p.slice(col[0].length);
    const between = new RegExp(`^BETWEEN DATE (${STRING}) AND DATE (${STRING})$`).exec(rest);
    if (between) return { column: col[1], kind: 'between', from: unquote(between[1]), to: unquote(between[2]) };
    const eq = new RegExp(`^= (?:DATE )?(${STRING})$`).exec(rest);
    if (eq) return { column: col[1], kind: 'eq', value: unquote(eq[1]) };
    const list = /^IN \((.*)\)$/.exec(rest);
    if (list) {
      const values = list[1].match(new RegExp(STRING, 'g')) ?? [];
      if (values.join(', ') !== list[1].trim()) throw new QueryShapeError(`Unsupported IN list: ${p}`);
      return { column: col[1], kind: 'in', values: values.map(unquote) };
    }
    throw new QueryShapeError(`Unsupported condition: ${p}`);
  });
}

export function parseStatement(sql: string): Statement {
  const text = sql.replace(/\s+/g, ' ').trim().replace(/;$/, '');
  const del = new RegExp(`^DELETE FROM ${TABLE} WHERE (.+)$`).exec(text);
  if (del) return { kind: 'delete', target: ref(del, 1), scope: parseScope(del[4], '') };
  const merge = new RegExp(
    `^MERGE ${TABLE} AS t USING ${TABLE} AS s ON (.+?) WHEN MATCHED THEN UPDATE SET (.+?) WHEN NOT MATCHED THEN INSERT ROW(?: WHEN NOT MATCHED BY SOURCE AND (.+) THEN DELETE)?$`,
  ).exec(text);
  if (!merge) throw new QueryShapeError('Only the MERGE and DELETE statements the add-on sends are supported by this fake.');
  const keys = merge[7].split(' AND ').map((k) => {
    const m = new RegExp(`^t\\.${ID} = s\\.${ID}$`).exec(k.trim());
    if (!m || m[1] !== m[2]) throw new QueryShapeError(`Unsupported ON clause: ${k}`);
    return m[1];
  });
  const updates = merge[8].split(', ').map((u) => {
    const m = new RegExp(`^${ID} = s\\.${ID}$`).exec(u.trim());
    if (!m || m[1] !== m[2]) throw new QueryShapeError(`Unsupported SET item: ${u}`);
    return m[1];
  });
  return {
    kind: 'merge',
    target: ref(merge, 1),
    source: ref(merge, 4),
    keys,
    updates,
    insertRow: true,
    deleteScope: merge[9] ? parseScope(merge[9], 't\\.') : null,
  };
}

function matches(row: Row, c: Condition): boolean {
  const v = row[c.column];
  if (v === null || v === undefined) return false;
  const s = String(v);
  if (c.kind === 'in') return c.values.includes(s);
  if (c.kind === 'eq') return s === c.value;
  return s >= c.from && s <= c.to;
}

export const inScope = (row: Row, scope: Condition[]): boolean => scope.every((c) => matches(row, c));

/** SQL equality on every key: NULL matches nothing. */
function keyOf(row: Row, keys: string[]): string | null {
  const parts: string[] = [];
  for (const k of keys) {
    const v = row[k];
    if (v === null || v === undefined) return null;
    parts.push(`${typeof v}:${String(v)}`);
  }
  return JSON.stringify(parts);
}

/**
 * Runs a MERGE over in-memory rows; returns the rows affected. Two source rows for one target row
 * is BigQuery's own error ("UPDATE/MERGE must match at most one source row for each target row").
 */
export function runMerge(
  target: Row[],
  source: Row[],
  st: Extract<Statement, { kind: 'merge' }>,
  columns: string[],
): { rows: Row[]; affected: number } {
  const bySource = new Map<string, Row>();
  for (const row of source) {
    const k = keyOf(row, st.keys);
    if (k === null) continue;
    if (bySource.has(k)) throw new QueryShapeError('UPDATE/MERGE must match at most one source row for each target row');
    bySource.set(k, row);
  }
  let affected = 0;
  const matched = new Set<string>();
  const out: Row[] = [];
  for (const row of target) {
    const k = keyOf(row, st.keys);
    const src = k === null ? undefined : bySource.get(k);
    if (src && k !== null) {
      matched.add(k);
      const next = { ...row };
      for (const c of st.updates) next[c] = src[c] ?? null;
      out.push(next);
      affected++;
    } else if (st.deleteScope && inScope(row, st.deleteScope)) {
      affected++;
    } else {
      out.push(row);
    }
  }
  for (const row of source) {
    const k = keyOf(row, st.keys);
    if (k !== null && matched.has(k)) continue;
    // INSERT ROW: every source column by position, the target's extra columns NULL.
    out.push(Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
    affected++;
  }
  return { rows: out, affected };
}
