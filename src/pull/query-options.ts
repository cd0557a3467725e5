import { CreatorError } from '../shared/errors';
import { fieldNamed } from '../catalog/aliases';
import type { ReportSpec } from '../catalog/types';
import { COMPARE_TO, type CompareTo } from '../dates/compare-period';
import { capitalize, describeInput, singleCell } from '../shared/user-input';

/** The most rows one report may ask for per site: the pull's row cap and every form's bound. */
export const MAX_LIMIT = 100_000;

/** A report's row limit and sort, as every caller (formulas, the builder, saved reports, refresh) reads them. */
export interface QueryOptions {
  limit?: number;
  sort?: string;
  /** The report's columns to keep (catalog fields, in catalog order); absent: every column. */
  columns?: string[];
}

/**
 * The one reader of a report's query options. Formulas, the sidebar's Run, saving a report and the
 * refresh that replays it all come through here, so a definition that saves is one that runs.
 */
export function readQueryOptions(spec: ReportSpec, given: { limit?: unknown; sort?: unknown; columns?: unknown }): QueryOptions {
  const options: QueryOptions = {};
  const limit = readLimit(given.limit);
  const sort = readSort(spec, given.sort);
  const columns = readColumns(spec, given.columns);
  if (limit !== undefined) options.limit = limit;
  if (sort !== undefined) options.sort = sort;
  if (columns !== undefined) options.columns = columns;
  return options;
}

/**
 * A column choice: a list of the report's columns (field, header or alias). Returned as catalog
 * fields in catalog order; none or every column means every column (then fields the API adds
 * later show up too). An empty list is a mistake, not "everything".
 */
export function readColumns(spec: ReportSpec, given: unknown): string[] | undefined {
  if (given === undefined || given === null || given === '') return undefined;
  if (!Array.isArray(given))
    throw new CreatorError('BAD_INPUT', `The columns must be a list of columns of ${spec.label}, not ${describeInput(given)}.`);
  if (given.length === 0) throw new CreatorError('BAD_INPUT', `Pick at least one column of ${spec.label} (or all of them).`);
  const wanted = new Set<string>();
  for (const name of given) {
    const field = typeof name === 'string' ? fieldNamed(spec, name.trim()) : undefined;
    if (field === undefined) {
      throw new CreatorError(
        'BAD_INPUT',
        `${capitalize(describeInput(name))} is not a column of ${spec.label}. Its columns are ${spec.columns.map((c) => c.header).join(', ')}.`,
      );
    }
    wanted.add(field);
  }
  if (wanted.size === spec.columns.length) return undefined;
  return spec.columns.filter((c) => wanted.has(c.field)).map((c) => c.field);
}

/** A row limit from a cell or an options string: a whole number from 1 to 100,000, or none. */
export function readLimit(given: unknown): number | undefined {
  const value = singleCell(given, 'limit');
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) {
    throw new CreatorError('BAD_INPUT', `The limit ${describeInput(value)} must be a whole number from 1 to ${MAX_LIMIT}.`);
  }
  return n;
}

const SORT = /^(-?)([A-Za-z][A-Za-z0-9]*)$/;

/**
 * A sort from a cell: `field` ascending, `-field` descending. A known column's field, header or
 * alias ("-RPM", "Page RPM", "type") maps to the catalog's field name; any other plausible name passes through,
 * since the API may sort by fields the catalog does not list.
 */
export function readSort(spec: ReportSpec, given: unknown): string | undefined {
  const value = singleCell(given, 'sort');
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badSort(spec, value);
  const text = value.trim();
  if (text === '') return undefined;
  const desc = text.startsWith('-');
  const name = (desc ? text.slice(1) : text).trim();
  const field = fieldNamed(spec, name) ?? name;
  if (!SORT.test(field)) throw badSort(spec, text);
  return `${desc ? '-' : ''}${field}`;
}

function badSort(spec: ReportSpec, value: unknown): CreatorError {
  const fields = spec.columns.filter((c) => c.type !== 'text' && c.type !== 'url').map((c) => c.field);
  const example = fields[0] ?? spec.columns[0]?.field ?? 'earnings';
  return new CreatorError(
    'BAD_INPUT',
    `The sort ${describeInput(value)} is not a field name. Use a field such as ${example}, or -${example} for descending` +
      (fields.length ? ` (fields: ${fields.join(', ')}).` : '.'),
  );
}

/** The totals switch: off by default; TRUE, 1, "true", "yes", "on" add the Total row(s). */
export function readTotals(given: unknown): boolean {
  const value = singleCell(given, 'totals switch');
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(text)) return true;
    if (['false', 'no', 'off', '0', ''].includes(text)) return false;
  }
  throw new CreatorError('BAD_INPUT', `The totals switch ${describeInput(value)} must be TRUE or FALSE (e.g. "totals=true").`);
}

/** What to compare with, or null for no comparison: previousPeriod, previousYear, previousYearWeekday. */
export function readCompareTo(given: unknown): CompareTo | null {
  const value = singleCell(given, 'compareTo');
  if (value === undefined || value === null || value === '') return null;
  const text =
    typeof value === 'string'
      ? value
          .trim()
          .replace(/[\s_-]/g, '')
          .toLowerCase()
      : '';
  if (typeof value === 'string' && ['', 'none', 'off'].includes(text)) return null;
  const found = COMPARE_TO.find((c) => c.toLowerCase() === text);
  if (found) return found;
  throw new CreatorError(
    'BAD_INPUT',
    `Cannot compare with ${describeInput(value)}. Use previousPeriod (the same number of days just before), previousYear (the same dates a year earlier) or previousYearWeekday (364 days earlier, weekdays aligned).`,
  );
}
