import type { ColumnType, ReportSpec } from '../catalog/types';
import { asLiteralText, isTextColumn } from '../sheet/cell-values';
import { cellConverter, isValueObject, NUMERIC_TYPES, type ToDate } from './cells';
import { numberCell } from './shared-numbers';
import { dateBoundsRows } from './date-bounds-rows';
import { scanRows, type Leftovers, type Put, type RowFill, type RowScan } from './row-scan';
import { SITE_COLUMN, SITE_NAME_COLUMN, type Table, type TableColumn } from './types';
import { humanHeader, unknownColumnType, type UnknownColumnType } from './unknown-columns';
import { FORMAT } from '../catalog/columns';

export interface ToTableOptions {
  /** A `YYYY-MM-DD` day as the Date a sheet shows as that day (the spreadsheet's time zone). */
  toDate: ToDate;
  /** Adds a leading Site column with this ID (multi-site pulls). */
  siteId?: string;
  /** Cells as setValues must receive them (see Table.sheetSafe). */
  forSheet?: boolean;
}

export interface TableStreamOptions extends ToTableOptions {
  /**
   * Every catalog column (and the catalog's score columns) is laid out from the first batch on,
   * so a field the first rows lack fills its column when later rows bring it; `columns()` then
   * leaves out those no row carried. For rows that come in many batches (a paginated report).
   */
  catalogLayout?: boolean;
}

function sheetText(value: unknown, textColumn: boolean): unknown {
  return typeof value === 'string' ? asLiteralText(value, textColumn) : value;
}

/** Where a field's cells come from: one column, or a metric's value and score side by side. */
interface Plan {
  columns: TableColumn[];
  /** The catalog field of a catalog column (and its score); absent for an unknown field's. */
  catalogField?: string;
  /** Writes this plan's cells of one row from its field's value (the flattened value of an unknown field's). */
  put: Put;
}

/** What the rows decided: the columns, how a row fills them, and what a later batch must match. */
interface TablePlan {
  plans: Plan[];
  columns: TableColumn[];
  /** Catalog fields with a column, and those with a score column beside it. */
  present: ReadonlySet<string>;
  scored: ReadonlySet<string>;
  /** Fields beyond the catalog's, with their decided type and column (its format may widen). */
  extras: Map<string, { decided: UnknownColumnType; column: TableColumn }>;
  /** Every column's field (an unknown field never takes one of these). */
  taken: ReadonlySet<string>;
  /** Decided from no rows at all (every catalog column). */
  empty: boolean;
}

function planTable(spec: ReportSpec, rows: number, scan: RowScan, opts: TableStreamOptions): TablePlan {
  const plans: Plan[] = [];
  const present = new Set<string>();
  const scoredFields = new Set<string>();
  const layAll = rows === 0 || opts.catalogLayout === true;

  for (const columnSpec of spec.columns) {
    const { field, header, type, format } = columnSpec;
    if (!layAll && !scan.present.has(field)) continue;
    present.add(field);
    const column: TableColumn = { header, field, type, ...(format ? { format } : {}) };
    // Converters are built once per column: this runs for every cell of a 100,000-row pull.
    const convert = cellConverter(type, opts.toDate, opts.forSheet);
    // A score column appears whenever some row sends a score, whether the catalog expects one
    // (viewability may come as {value} alone) or not; with no rows, as the catalog says.
    const scored = rows === 0 ? columnSpec.scored === true : scan.scored.has(field) || (layAll && columnSpec.scored === true);
    if (!scored) {
      plans.push({ columns: [column], catalogField: field, put: fieldPut(type, convert, opts.forSheet === true) });
      continue;
    }
    scoredFields.add(field);
    const score = cellConverter('number', opts.toDate, opts.forSheet);
    // Numbers the column keeps as they are, settled inline (as `convert` and `score` would).
    const numeric = NUMERIC_TYPES.has(type) && type !== 'percent';
    plans.push({
      columns: [column, { header: `${header} score`, field: `${field}.score`, type: 'number' }],
      catalogField: field,
      // The value and its score are read from one look at the metric object.
      put: (out, at, value) => {
        if (isValueObject(value)) {
          const v = value.value;
          const sc = value.score;
          out[at] = numeric && typeof v === 'number' ? numberCell(v) : convert(v);
          out[at + 1] = typeof sc === 'number' ? numberCell(sc) : score(sc);
        } else {
          out[at] = convert(value);
          out[at + 1] = '';
        }
      },
    });
  }

  const taken = new Set(plans.flatMap((p) => p.columns.map((c) => c.field)));
  const paths: string[] = [];
  for (const flat of scan.flats) {
    if (!flat) continue;
    for (const path of flat.keys()) {
      if (!taken.has(path)) {
        taken.add(path);
        paths.push(path);
      }
    }
  }
  // The added Site and Site name columns count as taken: an API field `site` must not look like them.
  // Only the columns these rows fill count, as in a table of just them (a later batch bringing a
  // laid-out column whose header an unknown field took does not fit the plan).
  const filled = rows === 0 ? present : scan.present;
  const filledScores = rows === 0 ? scoredFields : scan.scored;
  const headers = new Set([SITE_COLUMN.header, SITE_NAME_COLUMN.header].map((h) => h.toLowerCase()));
  for (const { field, header } of spec.columns) {
    if (filled.has(field)) headers.add(header.toLowerCase());
    if (filledScores.has(field)) headers.add(`${header} score`.toLowerCase());
  }
  const extras: TablePlan['extras'] = new Map();
  for (const path of paths) {
    const decided = unknownColumnType(
      path,
      scan.flats.map((flat) => flat?.get(path)),
      opts.toDate,
    );
    const textColumn = isTextColumn(decided.type);
    const cell = decided.convert;
    const convert = opts.forSheet ? (value: unknown) => sheetText(cell(value), textColumn) : cell;
    const human = humanHeader(path);
    // Two fields must not share a header (`Earnings` sent beside `earnings`): the raw name tells them apart.
    const header = headers.has(human.toLowerCase()) ? `${human} (${path})` : human;
    headers.add(header.toLowerCase());
    const column: TableColumn = { header, field: path, type: decided.type, ...(decided.format ? { format: decided.format } : {}) };
    extras.set(path, { decided, column });
    plans.push({
      columns: [column],
      put: (out, at, value) => {
        out[at] = convert(value);
      },
    });
  }

  const columns = plans.flatMap((p) => p.columns);
  return { plans, columns, present, scored: scoredFields, extras, taken, empty: rows === 0 };
}

/**
 * A catalog column's cell. The value type the API normally sends for the column is settled inline
 * (as `convert` would settle it); anything else goes through `convert`.
 */
function fieldPut(type: ColumnType, convert: (value: unknown) => unknown, forSheet: boolean): Put {
  if (NUMERIC_TYPES.has(type) && type !== 'percent') {
    return (out, at, v) => {
      out[at] = typeof v === 'number' ? numberCell(v) : convert(v);
    };
  }
  if (isTextColumn(type)) return textPut(convert, forSheet);
  return (out, at, v) => {
    out[at] = convert(v);
  };
}

/**
 * A text column's cells. A page's JSON gives every row its own copy of a text repeated down the
 * column (the site's URL on each row): a row takes the row before's string when its text is the
 * same, so each copy dies young instead of being carried, with the rows a write holds, through
 * the young-generation collections before its setValues call.
 */
function textPut(convert: (value: unknown) => unknown, forSheet: boolean): Put {
  // The text as sent and its cell: a repeat is neither escaped again nor kept twice.
  let lastSent = '';
  let lastCell = '';
  return (out, at, v) => {
    if (typeof v !== 'string') {
      out[at] = convert(v);
      return;
    }
    if (v !== lastSent) {
      lastSent = v;
      lastCell = forSheet ? asLiteralText(v, true) : v;
    }
    out[at] = lastCell;
  };
}

function withSite(columns: TableColumn[], opts: ToTableOptions): TableColumn[] {
  return opts.siteId === undefined ? columns : [SITE_COLUMN, ...columns];
}

/**
 * Where a scan puts the plan's catalog cells (scanRows' `fill`): every row starts as the cells of
 * a row with no field at all, and each field a row carries overwrites its own.
 */
function rowFill(plan: TablePlan, known: readonly string[], opts: ToTableOptions): RowFill {
  const site = opts.siteId === undefined || !opts.forSheet ? opts.siteId : asLiteralText(opts.siteId, true);
  const width = plan.columns.length + (site === undefined ? 0 : 1);
  const empty: unknown[] = new Array(width);
  if (site !== undefined) empty[0] = site;
  const puts: Array<Put | null> = known.map(() => null);
  const at: number[] = known.map(() => -1);
  let column = site === undefined ? 0 : 1;
  for (const p of plan.plans) {
    p.put(empty, column, undefined);
    const k = p.catalogField === undefined ? -1 : known.indexOf(p.catalogField);
    if (k >= 0) {
      puts[k] = p.put;
      at[k] = column;
    }
    column += p.columns.length;
  }
  return { puts, at, empty, body: [] };
}

/** The rows a scan filled (`fill`), with their unknown fields' cells added from the scan's leftovers. */
function tableOf(plan: TablePlan, fill: RowFill, flats: Leftovers[], opts: ToTableOptions): Table {
  let column = opts.siteId === undefined ? 0 : 1;
  for (const p of plan.plans) {
    if (p.catalogField === undefined) {
      const path = p.columns[0].field;
      for (let i = 0; i < flats.length; i++) p.put(fill.body[i], column, flats[i]?.get(path));
    }
    column += p.columns.length;
  }
  const table: Table = { columns: withSite(plan.columns, opts), rows: fill.body };
  if (opts.forSheet) table.sheetSafe = true;
  return table;
}

/** The plan's cells for rows: one more look at each row, now that the plan is known. */
function fillRows(plan: TablePlan, known: readonly string[], rows: Record<string, unknown>[], opts: ToTableOptions): Table {
  const fill = rowFill(plan, known, opts);
  return tableOf(plan, fill, scanRows(rows, known, fill).flats, opts);
}

function apiRowsOf(spec: ReportSpec, apiRows: Record<string, unknown>[]): Record<string, unknown>[] {
  return spec.shape === 'date-bounds' ? apiRows.flatMap(dateBoundsRows) : apiRows;
}

/**
 * API rows as a table. Known columns come first in catalog order; one that no row carries is left
 * out (the API may not send it: an empty column would read as zeros nobody earned), unless there
 * are no rows at all. A score column appears only when some row sends a score. Every other field
 * follows in the order first seen, with a readable header and typed cells, so nothing the API
 * sends is dropped.
 */
export function toTable(spec: ReportSpec, apiRows: Record<string, unknown>[], opts: ToTableOptions): Table {
  const rows = apiRowsOf(spec, apiRows);
  const known = spec.columns.map((c) => c.field);
  return fillRows(planTable(spec, rows.length, scanRows(rows, known), opts), known, rows, opts);
}

/** A table arriving in batches: every batch is cut to the columns the first one decided. */
export interface TableStream {
  /**
   * The batch as rows of that table; null when the batch needs what the first did not decide (a
   * catalog field or a score first seen now and not laid out, an unknown field, or one whose type
   * the batch changes), as the whole table would then have other columns or cells.
   */
  add(apiRows: Record<string, unknown>[]): Table | null;
  /**
   * The columns of every row added so far as one table (what toTable would give): the batches'
   * columns, less laid-out catalog columns and scores no row filled, formats widened.
   */
  columns(): TableColumn[];
}

/** Catalog fields and scores the rows so far filled. */
interface Filled {
  rows: number;
  present: Set<string>;
  scored: Set<string>;
}

/** Whether the table of every row so far plus `rows` would still be `plan`'s (formats aside). */
function fitsPlan(spec: ReportSpec, plan: TablePlan, filled: Filled, rows: number, scan: RowScan, toDate: ToDate): boolean {
  if (rows === 0) return true;
  if (plan.empty) return false;
  for (const field of scan.present) if (!plan.present.has(field)) return false;
  for (const field of scan.scored) if (!plan.scored.has(field)) return false;
  // A laid-out column filled for the first time must not take a header an unknown field has.
  const extraHeaders = new Set([...plan.extras.values()].map((e) => e.column.header.toLowerCase()));
  for (const { field, header } of spec.columns) {
    if (scan.present.has(field) && !filled.present.has(field) && extraHeaders.has(header.toLowerCase())) return false;
    if (scan.scored.has(field) && !filled.scored.has(field) && extraHeaders.has(`${header} score`.toLowerCase())) return false;
  }
  const { flats } = scan;
  const seen = new Set<string>();
  for (const flat of flats) {
    if (!flat) continue;
    for (const path of flat.keys()) {
      if (!plan.extras.has(path)) return false;
      seen.add(path);
    }
  }
  for (const path of seen) {
    const extra = plan.extras.get(path)!;
    const batch = unknownColumnType(
      path,
      flats.map((flat) => flat?.get(path)),
      toDate,
    );
    const fits = sameDecision(extra.decided, batch);
    if (fits === false) return false;
    if (fits === 'wider') {
      extra.decided = { ...extra.decided, format: FORMAT.number };
      extra.column.format = FORMAT.number;
    }
  }
  return true;
}

/**
 * Whether a field typed `decided` by the rows so far keeps that type with a batch typing it
 * `batch` (as both together would decide it); 'wider' when fractions join whole numbers.
 */
function sameDecision(decided: UnknownColumnType, batch: UnknownColumnType): boolean | 'wider' {
  // Only empty cells or "NaN" in the batch: a type decided by values stands; "NaN" makes numbers.
  if (!batch.sent) return decided.sent === true || batch.type === decided.type || decided.type === 'number';
  if (!decided.sent || batch.type !== decided.type) return false;
  if (batch.format === decided.format) return true;
  if (decided.type !== 'number') return false;
  return decided.format === FORMAT.integer ? 'wider' : true;
}

export function tableStream(spec: ReportSpec, opts: TableStreamOptions): TableStream {
  const known = spec.columns.map((c) => c.field);
  let plan: TablePlan | null = null;
  const filled: Filled = { rows: 0, present: new Set(), scored: new Set() };
  return {
    add(apiRows) {
      const rows = apiRowsOf(spec, apiRows);
      // Once the columns are decided, the look that checks a batch fits them also fills its rows.
      const fill = plan ? rowFill(plan, known, opts) : null;
      const scan = scanRows(rows, known, fill ?? undefined);
      if (!plan) plan = planTable(spec, rows.length, scan, opts);
      else if (!fitsPlan(spec, plan, filled, rows.length, scan, opts.toDate)) return null;
      filled.rows += rows.length;
      for (const field of scan.present) filled.present.add(field);
      for (const field of scan.scored) filled.scored.add(field);
      return fill ? tableOf(plan, fill, scan.flats, opts) : fillRows(plan, known, rows, opts);
    },
    columns() {
      const decided = plan ?? planTable(spec, 0, scanRows([], known), opts);
      if (filled.rows === 0) return withSite(decided.columns, opts);
      const kept = decided.plans.flatMap((p) => {
        if (p.catalogField === undefined) return p.columns;
        if (!filled.present.has(p.catalogField)) return [];
        return filled.scored.has(p.catalogField) ? p.columns : p.columns.slice(0, 1);
      });
      return withSite(kept, opts);
    },
  };
}
