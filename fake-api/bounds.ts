import type { DateFamily } from '../src/catalog/types';
import { dayFromParts, isoDay, parseDay, partsOf } from './dates';
import type { SiteDef } from './sites';

/** A day range; both ends null when the site has no data for it. */
export interface DayRange {
  start: number | null;
  end: number | null;
}

export interface IsoRange {
  startDate: string | null;
  endDate: string | null;
}

export const PRESETS = ['mostRecentDay', 'lastThirtyDays', 'lastNinetyDays', 'monthToDate', 'lastMonth', 'yearToDate', 'lastYear'] as const;

export type FamilyBounds = { range: IsoRange } & Record<(typeof PRESETS)[number], IsoRange>;

/** Analytics (traffic) data runs to yesterday; earnings settle a day later. */
const LAG: Record<DateFamily, number> = { analytics: 1, earnings: 2 };

/** The days a family has data for, on the given calendar day (UTC). */
export function familyRange(site: SiteDef, family: DateFamily, today: number): DayRange {
  const start = parseDay(site.startDate);
  if (start === null || site.status !== 'Active') return { start: null, end: null };
  const end = today - LAG[family];
  return end < start ? { start: null, end: null } : { start, end };
}

export function familyBounds(site: SiteDef, family: DateFamily, today: number): FamilyBounds {
  const { start, end } = familyRange(site, family, today);
  const clip = (from: number, to: number): IsoRange => {
    if (start === null || end === null) return { startDate: null, endDate: null };
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    return a > b ? { startDate: null, endDate: null } : { startDate: isoDay(a), endDate: isoDay(b) };
  };
  const e = end ?? 0;
  const p = partsOf(e);
  const monthStart = dayFromParts(p.year, p.month, 1);
  const lastMonthStart = dayFromParts(p.month === 1 ? p.year - 1 : p.year, p.month === 1 ? 12 : p.month - 1, 1);
  return {
    range: clip(start ?? 0, e),
    mostRecentDay: clip(e, e),
    lastThirtyDays: clip(e - 29, e),
    lastNinetyDays: clip(e - 89, e),
    monthToDate: clip(monthStart, e),
    lastMonth: clip(lastMonthStart, monthStart - 1),
    yearToDate: clip(dayFromParts(p.year, 1, 1), e),
    lastYear: clip(dayFromParts(p.year - 1, 1, 1), dayFromParts(p.year, 1, 1) - 1),
  };
}

export function dateBounds(site: SiteDef, today: number): { analyticsDateBounds: FamilyBounds; earningsDateBounds: FamilyBounds } {
  return {
    analyticsDateBounds: familyBounds(site, 'analytics', today),
    earningsDateBounds: familyBounds(site, 'earnings', today),
  };
}
