import type { DateFamily } from '../catalog/types';

/**
 * What this folder reads from a site's date bounds. Structural and lenient on purpose: the API may
 * send null for either end of any range (no data yet), and a preset may be missing.
 */
export interface DateRangeLike {
  startDate?: string | null;
  endDate?: string | null;
}

export interface FamilyBoundsLike {
  range?: DateRangeLike | null;
  presets?: Record<string, DateRangeLike | null | undefined> | null;
}

export type DateBoundsLike = Partial<Record<DateFamily, FamilyBoundsLike | null | undefined>>;

export interface AvailableRange {
  startDate: string | null;
  endDate: string;
}

export const FAMILY_LABEL: Record<DateFamily, string> = { analytics: 'Traffic', earnings: 'Earnings' };

/** The family's range, or null when the site has no data in it yet (no end date). */
export function availableRange(bounds: DateBoundsLike | null | undefined, family: DateFamily): AvailableRange | null {
  const range = bounds?.[family]?.range;
  if (!range || !range.endDate) return null;
  return { startDate: range.startDate ?? null, endDate: range.endDate };
}

/** The last day with data for the family: results are final up to a few days before it. */
export function dataThrough(bounds: DateBoundsLike | null | undefined, family: DateFamily): string | null {
  return availableRange(bounds, family)?.endDate ?? null;
}
