import type { DateBounds, DateRange, FamilyBounds } from './types';

/** A day, or an ISO timestamp whose day is the API's own calendar day (as in report rows). */
const YMD = /^(\d{4}-\d{2}-\d{2})(?:$|[T ]\d{2}:\d{2})/;

function ymdOrNull(value: unknown): string | null {
  const match = typeof value === 'string' ? YMD.exec(value.trim()) : null;
  return match ? match[1] : null;
}

/** An object's fields; anything else reads as having none. */
function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function readRange(value: unknown): DateRange {
  const range = fieldsOf(value);
  return { startDate: ymdOrNull(range.startDate), endDate: ymdOrNull(range.endDate) };
}

function isRangeLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('startDate' in value || 'endDate' in value);
}

function readFamily(value: unknown): FamilyBounds {
  const family = fieldsOf(value);
  const presets: Record<string, DateRange> = {};
  for (const name of Object.keys(family)) {
    if (name !== 'range' && isRangeLike(family[name])) presets[name] = readRange(family[name]);
  }
  return { range: readRange(family.range), presets };
}

/**
 * The `data` of `/sites/{id}/date-bounds`, typed. Every date may be null (no data yet); a missing
 * family reads as all-null rather than failing, so callers say "no data" instead of crashing.
 */
export function parseDateBounds(data: unknown): DateBounds {
  const raw = fieldsOf(data);
  return {
    analytics: readFamily(raw.analyticsDateBounds ?? raw.analytics),
    earnings: readFamily(raw.earningsDateBounds ?? raw.earnings),
  };
}
