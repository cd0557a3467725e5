import { CreatorError } from '../shared/errors';
import { hasOwn, ownValue } from '../shared/own';

/** `-field` descending, `field` ascending; the API's own syntax. */
function parseSort(sort: string): { field: string; descending: boolean } {
  const trimmed = sort.trim();
  const descending = trimmed.startsWith('-');
  const field = trimmed.replace(/^[-+]/, '').trim();
  if (!/^[A-Za-z0-9_.]{1,64}$/.test(field)) {
    throw new CreatorError(
      'BAD_INPUT',
      `"${sort.slice(0, 40)}" is not a sort. Use a column's field name, e.g. "-earnings" (descending) or "pageviews".`,
    );
  }
  return { field, descending };
}

function sortValue(value: unknown): number | string | null {
  if (typeof value === 'object' && value !== null && 'value' in value) return sortValue((value as { value: unknown }).value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

/** Text compares without regard to case ("Desktop" and "desktop" are one device to a reader). */
function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sorts rows the API did not sort (non-paginated reports, and paginated ones whose sort the API
 * refused), so `sort` means the same for every report. Stable; empty values last in both directions.
 */
export function sortRows(rows: Record<string, unknown>[], sort: string): Record<string, unknown>[] {
  const { field, descending } = parseSort(sort);
  if (rows.length > 0 && !rows.some((row) => hasOwn(row, field))) {
    throw new CreatorError('BAD_INPUT', `Cannot sort by "${field}": this report has no such field.`);
  }
  return rows
    .map((row, index) => ({ row, index, key: sortValue(ownValue(row, field)) }))
    .sort((x, y) => {
      if (x.key === null || y.key === null) return x.key === y.key ? x.index - y.index : x.key === null ? 1 : -1;
      const order = compare(x.key, y.key);
      return order !== 0 ? (descending ? -order : order) : x.index - y.index;
    })
    .map((entry) => entry.row);
}
