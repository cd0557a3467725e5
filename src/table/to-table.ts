import type { ReportSpec } from '../catalog/types';
import { asLiteralText, isTextColumn } from '../sheet/cell-values';
import { cellConverter, isValueObject, type ToDate } from './cells';
import { dateBoundsRows } from './date-bounds-rows';
import { flattenInto } from './flatten';
import { SITE_COLUMN, SITE_NAME_COLUMN, type Table, type TableColumn } from './types';
import { humanHeader, unknownColumnType } from './unknown-columns';

export interface ToTableOptions {
  /** A `YYYY-MM-DD` day as the Date a sheet shows as that day (the spreadsheet's time zone). */
  toDate: ToDate;
  /** Adds a leading Site column with this ID (multi-site pulls). */
  siteId?: string;
  /** Cells as setValues must receive them (see Table.sheetSafe). */
  forSheet?: boolean;
}

function sheetText(value: unknown, textColumn: boolean): unknown {
  return typeof value === 'string' ? asLiteralText(value, textColumn) : value;
}

/** Fields beyond the catalog's, flattened; null for the usual row that has none. */
type Leftovers = Map<string, unknown> | null;

/** Where a field's cells come from: one column, or a metric's value and score side by side. */
interface Plan {
  columns: TableColumn[];
  /** Writes this plan's cells of one row from `out[at]` on. */
  fill(row: Record<string, unknown>, flat: Leftovers, out: unknown[], at: number): void;
}

/** Unknown fields, and leftovers of known metric objects (keys beyond value and score). */
function leftoversOf(row: Record<string, unknown>, known: ReadonlySet<string>): Leftovers {
  let flat: Leftovers = null;
  for (const key of Object.keys(row)) {
    const value = row[key];
    if (!known.has(key)) {
      if (!flat) flat = new Map();
      flattenInto(key, value, flat);
    } else if (isValueObject(value)) {
      for (const extra of Object.keys(value)) {
        if (extra === 'value' || extra === 'score') continue;
        if (!flat) flat = new Map();
        flattenInto(`${key}.${extra}`, value[extra], flat);
      }
    }
  }
  return flat;
}

/**
 * API rows as a table. Known columns come first in catalog order; one that no row carries is left
 * out (the API may not send it: an empty column would read as zeros nobody earned), unless there
 * are no rows at all. A score column appears only when some row sends a score. Every other field
 * follows in the order first seen, with a readable header and typed cells, so nothing the API
 * sends is dropped.
 */
export function toTable(spec: ReportSpec, apiRows: Record<string, unknown>[], opts: ToTableOptions): Table {
  const rows = spec.shape === 'date-bounds' ? apiRows.flatMap(dateBoundsRows) : apiRows;
  const known = new Set(spec.columns.map((c) => c.field));
  const plans: Plan[] = [];

  for (const columnSpec of spec.columns) {
    const { field, header, type, format } = columnSpec;
    if (rows.length > 0 && !rows.some((row) => field in row)) continue;
    const column: TableColumn = { header, field, type, ...(format ? { format } : {}) };
    // Converters are built once per column: this runs for every cell of a 100,000-row pull.
    const convert = cellConverter(type, opts.toDate, opts.forSheet);
    // A score column appears whenever some row sends a score, whether the catalog expects one
    // (viewability may come as {value} alone) or not; with no rows, as the catalog says.
    const scored = rows.length === 0 ? columnSpec.scored === true : rows.some((row) => isValueObject(row[field]) && 'score' in row[field]);
    if (!scored) {
      plans.push({ columns: [column], fill: (row, _flat, out, at) => void (out[at] = convert(row[field])) });
      continue;
    }
    const score = cellConverter('number', opts.toDate, opts.forSheet);
    plans.push({
      columns: [column, { header: `${header} score`, field: `${field}.score`, type: 'number' }],
      // The value and its score are read from one look at the metric object.
      fill: (row, _flat, out, at) => {
        const value = row[field];
        if (isValueObject(value)) {
          out[at] = convert(value.value);
          out[at + 1] = score(value.score);
        } else {
          out[at] = convert(value);
          out[at + 1] = '';
        }
      },
    });
  }

  const flats = rows.map((row) => leftoversOf(row, known));
  const taken = new Set(plans.flatMap((p) => p.columns.map((c) => c.field)));
  const extras: string[] = [];
  for (const flat of flats) {
    if (!flat) continue;
    for (const path of flat.keys()) {
      if (!taken.has(path)) {
        taken.add(path);
        extras.push(path);
      }
    }
  }
  // The added Site and Site name columns count as taken: an API field `site` must not look like them.
  const headers = new Set([SITE_COLUMN.header, SITE_NAME_COLUMN.header, ...plans.flatMap((p) => p.columns.map((c) => c.header))].map((h) => h.toLowerCase()));
  for (const path of extras) {
    const { type, format, convert: cell } = unknownColumnType(path, flats.map((flat) => flat?.get(path)), opts.toDate);
    const textColumn = isTextColumn(type);
    const convert = opts.forSheet ? (value: unknown) => sheetText(cell(value), textColumn) : cell;
    const human = humanHeader(path);
    // Two fields must not share a header (`Earnings` sent beside `earnings`): the raw name tells them apart.
    const header = headers.has(human.toLowerCase()) ? `${human} (${path})` : human;
    headers.add(header.toLowerCase());
    plans.push({
      columns: [{ header, field: path, type, ...(format ? { format } : {}) }],
      fill: (_row, flat, out, at) => void (out[at] = convert(flat?.get(path))),
    });
  }

  const site = opts.siteId === undefined || !opts.forSheet ? opts.siteId : asLiteralText(opts.siteId, true);
  const columns = plans.flatMap((p) => p.columns);
  const fills = plans.map((p) => p.fill);
  const starts: number[] = [];
  let width = site === undefined ? 0 : 1;
  for (const plan of plans) {
    starts.push(width);
    width += plan.columns.length;
  }
  const body: unknown[][] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const flat = flats[i];
    const out: unknown[] = new Array(width);
    if (site !== undefined) out[0] = site;
    for (let j = 0; j < fills.length; j++) fills[j](row, flat, out, starts[j]);
    body[i] = out;
  }
  const table: Table = { columns: site === undefined ? columns : [SITE_COLUMN, ...columns], rows: body };
  if (opts.forSheet) table.sheetSafe = true;
  return table;
}
