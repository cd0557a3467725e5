import type { DateBounds, DateRange, FamilyBounds } from './types';

/** A day, or the day an ISO timestamp was written for ("2026-11-19T00:00:00Z" is the 19th). */
const YMD_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/;

/**
 * A bound as a day. Timestamps count as the calendar day they name; epoch numbers (seconds or
 * milliseconds) as their UTC day, as a service storing days at midnight UTC sends them.
 */
export function ymdOrNull(value: unknown): string | null {
  if (typeof value === 'string') {
    const match = YMD_PREFIX.exec(value.trim());
    return match ? match[1] : null;
  }
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    const ms = value < 1e11 ? value * 1000 : value;
    return new Date(ms).toISOString().slice(0, 10);
  }
  return null;
}

/** An object's fields; anything else reads as having none. */
function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function readRange(value: unknown): DateRange {
  const range = fieldsOf(value);
  return { startDate: ymdOrNull(range.startDate), endDate: ymdOrNull(range.endDate) };
}

/** A preset the service has no days for may come as null instead of {startDate: null, ...}. */
function isRangeLike(value: unknown): boolean {
  return value === null || (typeof value === 'object' && ('startDate' in value || 'endDate' in value));
}

function readFamily(value: unknown): FamilyBounds {
  const family = fieldsOf(value);
  // Preset names come from the API: a name like "constructor" or "__proto__" stays a plain key.
  const presets: Record<string, DateRange> = Object.create(null);
  for (const name of Object.keys(family)) {
    if (name !== 'range' && isRangeLike(family[name])) presets[name] = readRange(family[name]);
  }
  return { range: readRange(family.range), presets };
}

/**
 * The `data` of `/sites/{id}/date-bounds`, typed. Every date may be null (no data yet); a missing
 * family reads as all-null rather than failing, so callers say "no data" instead of crashing.
 * Presets beyond the known ones (`lastMonthWidget`) are kept as the API named them.
 */
export function parseDateBounds(data: unknown): DateBounds {
  const raw = fieldsOf(data);
  return {
    analytics: readFamily(raw.analyticsDateBounds ?? raw.analytics),
    earnings: readFamily(raw.earningsDateBounds ?? raw.earnings),
  };
}
