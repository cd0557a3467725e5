import type { ReportSpec } from '../catalog/types';
import { inferType, isValueObject, toCell, toUnknownCell, type ToDate } from './cells';
import { dateBoundsRows } from './date-bounds-rows';
import { flattenInto } from './flatten';
import { SITE_COLUMN, type Table, type TableColumn } from './types';

export interface ToTableOptions {
  /** A `YYYY-MM-DD` day as the Date a sheet shows as that day (the spreadsheet's time zone). */
  toDate: ToDate;
  /** Adds a leading Site column with this ID (multi-site pulls). */
  siteId?: string;
}

interface Plan {
  column: TableColumn;
  cell(row: Record<string, unknown>, flat: Map<string, unknown>): unknown;
}

/**
 * API rows as a table. Known columns come first in catalog order and are always present (even
 * when no row has them), so a column never moves between refreshes; every other field follows
 * in the order first seen, so nothing the API sends is dropped.
 */
export function toTable(spec: ReportSpec, apiRows: Record<string, unknown>[], opts: ToTableOptions): Table {
  const rows = spec.shape === 'date-bounds' ? apiRows.flatMap(dateBoundsRows) : apiRows;
  const known = new Set(spec.columns.map((c) => c.field));
  const plans: Plan[] = [];

  for (const spec_ of spec.columns) {
    const { field, header, type, format } = spec_;
    plans.push({ column: { header, field, type, ...(format ? { format } : {}) }, cell: (row) => toCell(row[field], type, opts.toDate) });
    // A score column also appears when an unscored metric arrives as {value, score}.
    if (spec_.scored || rows.some((row) => isValueObject(row[field]) && 'score' in row[field])) {
      plans.push({
        column: { header: `${header} score`, field: `${field}.score`, type: 'number' },
        cell: (row) => {
          const value = row[field];
          return isValueObject(value) ? toCell(value.score, 'number', opts.toDate) : '';
        },
      });
    }
  }

  // Unknown fields, and leftovers of known metric objects (keys beyond value and score).
  const flats = rows.map((row) => {
    const flat = new Map<string, unknown>();
    for (const key of Object.keys(row)) {
      if (!known.has(key)) flattenInto(key, row[key], flat);
      else if (isValueObject(row[key])) {
        const value = row[key] as Record<string, unknown>;
        for (const extra of Object.keys(value)) if (extra !== 'value' && extra !== 'score') flattenInto(`${key}.${extra}`, value[extra], flat);
      }
    }
    return flat;
  });
  const taken = new Set(plans.map((p) => p.column.field));
  const extras: string[] = [];
  for (const flat of flats) {
    for (const path of flat.keys()) {
      if (!taken.has(path)) {
        taken.add(path);
        extras.push(path);
      }
    }
  }
  for (const path of extras) {
    const type = inferType(flats.map((flat) => flat.get(path)));
    plans.push({
      column: { header: path.replace(/\.score$/, ' score'), field: path, type },
      cell: (_row, flat) => toUnknownCell(flat.get(path), type, opts.toDate),
    });
  }

  const site = opts.siteId;
  const columns = plans.map((p) => p.column);
  const body = rows.map((row, i) => plans.map((p) => p.cell(row, flats[i])));
  if (site === undefined) return { columns, rows: body };
  return { columns: [SITE_COLUMN, ...columns], rows: body.map((cells) => [site, ...cells]) };
}
