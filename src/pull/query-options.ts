import { CreatorError } from '../shared/errors';
import type { ReportSpec } from '../catalog/types';
import { describeInput, singleCell } from '../shared/user-input';

/** The most rows one report may ask for per site: the pull's row cap and every form's bound. */
export const MAX_LIMIT = 100_000;

/** A report's row limit and sort, as every caller (formulas, the builder, saved reports, refresh) reads them. */
export interface QueryOptions {
  limit?: number;
  sort?: string;
}

/**
 * The one reader of a report's query options. Formulas, the sidebar's Run, saving a report and the
 * refresh that replays it all come through here, so a definition that saves is one that runs.
 */
export function readQueryOptions(spec: ReportSpec, given: { limit?: unknown; sort?: unknown }): QueryOptions {
  const options: QueryOptions = {};
  const limit = readLimit(given.limit);
  const sort = readSort(spec, given.sort);
  if (limit !== undefined) options.limit = limit;
  if (sort !== undefined) options.sort = sort;
  return options;
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
 * A sort from a cell: `field` ascending, `-field` descending. A known column's field or header
 * ("-RPM", "Page RPM") maps to the API's field name; any other plausible name passes through,
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
  const squashed = name.replace(/\s+/g, '').toLowerCase();
  const known = spec.columns.find(
    (c) => c.field.toLowerCase() === squashed || c.header.replace(/\s+/g, '').toLowerCase() === squashed,
  );
  const field = known ? known.field : name;
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
