import type { ReportSpec } from '../catalog/types';
import type { TableColumn } from '../table';
import { CreatorError } from '../shared/errors';
import { utf8Bytes } from '../shared/text-size';
import { isDate } from '../shared/user-input';
import type { WarehouseColumn, WarehouseSchema } from './schema';

/**
 * The largest load the add-on sends, in bytes of newline-delimited JSON. A PUBLICLY REPORTED LIMIT,
 * not a documented one: requests from Apps Script's advanced services are reported to fail above
 * 10 MB (10,485,760 bytes); 9.5 MB leaves room for the job's own JSON and any encoding overhead.
 */
export const MAX_LOAD_BYTES = 9.5 * 1024 * 1024;

/** The report's own rows, as a pull or a ledger holds them, and what an export of them replaces. */
export interface Extract {
  spec: ReportSpec;
  columns: TableColumn[];
  /** No Total row, no "Cut at" row, no comparison columns: only the report's rows. */
  rows: unknown[][];
  /** The site of every row when the columns have no Site column (a one-site report). */
  siteId: string | null;
  /** The sites and days (or the period's end days) this export replaces in the table. */
  scope: { sites: string[]; from: string; to: string };
  /** For rows without a date: the period they cover. */
  period: { start: string; end: string } | null;
}

export interface RowContext {
  /** A date cell's day (the sheet's time zone), or a `YYYY-MM-DD` text's; null for anything else (dates/zone.ts, dayReader). */
  dayOf(cell: unknown): string | null;
  exportedAt: string;
}

/** NUMERIC keeps 9 decimals; a longer binary fraction would be a parse error, not a rounding. */
const numeric = (n: number): number => Number(n.toFixed(9));

function cellValue(column: WarehouseColumn, cell: unknown, ctx: RowContext): unknown {
  switch (column.type) {
    case 'DATE':
      return ctx.dayOf(cell);
    case 'NUMERIC':
    case 'FLOAT64':
    case 'INT64': {
      const n = typeof cell === 'number' ? cell : typeof cell === 'string' && cell.trim() !== '' ? Number(cell) : Number.NaN;
      if (!Number.isFinite(n)) return null;
      return column.type === 'NUMERIC' ? numeric(n) : n;
    }
    case 'BOOL':
      return typeof cell === 'boolean' ? cell : null;
    default:
      // Dimensions are matched with =, where NULL matches nothing: an empty one is ''.
      return typeof cell === 'string'
        ? cell
        : typeof cell === 'number' && Number.isFinite(cell)
          ? String(cell)
          : isDate(cell)
            ? ctx.dayOf(cell)
            : '';
  }
}

/** One JSON object per row; a repeated key keeps its last row (a MERGE needs one source row per key). */
export function jsonRows(schema: WarehouseSchema, extract: Extract, ctx: RowContext): Record<string, unknown>[] {
  const site = extract.columns.findIndex((c) => c.field === '\u0000site');
  const byKey = new Map<string, Record<string, unknown>>();
  for (const row of extract.rows) {
    const out: Record<string, unknown> = {};
    for (const column of schema.columns) {
      const s = column.source;
      out[column.name] =
        s.kind === 'cell'
          ? cellValue(column, row[s.at], ctx)
          : s.kind === 'site'
            ? site >= 0
              ? cellValue(column, row[site], ctx)
              : (extract.siteId ?? '')
            : s.kind === 'periodStart'
              ? (extract.period?.start ?? null)
              : s.kind === 'periodEnd'
                ? (extract.period?.end ?? null)
                : s.kind === 'exportedAt'
                  ? ctx.exportedAt
                  : null;
    }
    byKey.set(JSON.stringify(schema.keys.map((k) => out[k])), out);
  }
  return [...byKey.values()];
}

/** Newline-delimited JSON in chunks of at most MAX_LOAD_BYTES (a row is never split). */
export function ndjsonChunks(
  rows: Record<string, unknown>[],
  limit = MAX_LOAD_BYTES,
): Array<{ text: string; rows: number; bytes: number }> {
  const chunks: Array<{ text: string; rows: number; bytes: number }> = [];
  let lines: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (lines.length) chunks.push({ text: lines.join('\n'), rows: lines.length, bytes });
    lines = [];
    bytes = 0;
  };
  for (const row of rows) {
    const line = JSON.stringify(row);
    const size = utf8Bytes(line) + 1;
    if (size > limit)
      throw new CreatorError(
        'WAREHOUSE',
        `A row of ${size} bytes is larger than one BigQuery load (${limit} bytes); it cannot be exported.`,
      );
    if (bytes + size > limit) flush();
    lines.push(line);
    bytes += size;
  }
  flush();
  return chunks;
}
