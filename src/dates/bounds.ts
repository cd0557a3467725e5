import type { DateFamily } from '../catalog/types';
import type { DateBounds } from '../shared/date-bounds';

export interface AvailableRange {
  startDate: string | null;
  endDate: string;
}

export const FAMILY_LABEL: Record<DateFamily, string> = { analytics: 'Traffic', earnings: 'Earnings' };

/** The family's range, or null when the site has no data in it yet (no end date). */
export function availableRange(bounds: DateBounds | null | undefined, family: DateFamily): AvailableRange | null {
  const range = bounds?.[family]?.range;
  if (!range?.endDate) return null;
  return { startDate: range.startDate ?? null, endDate: range.endDate };
}

/** The last day with data for the family: results are final up to a few days before it. */
export function dataThrough(bounds: DateBounds | null | undefined, family: DateFamily): string | null {
  return availableRange(bounds, family)?.endDate ?? null;
}
