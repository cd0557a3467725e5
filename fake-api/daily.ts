import { parseDay, partsOf } from './dates';
import { between, hashString } from './random';
import type { Niche, SiteDef } from './sites';

/**
 * The data model's ground truth: per-site, per-day integer totals. Every report is a sum of days
 * then a split of that sum, so any range, dimension or page list adds back up to the summary.
 * Money is kept in integer cents so sums are exact.
 */
export interface Totals {
  sessions: number;
  pageviews: number;
  impressions: number;
  earningsCents: number;
  /** Sessions that bounced; bounceRate = bounces / sessions. */
  bounces: number;
}

export interface DayTotals extends Totals {
  videoImpressions: number;
  videoEarningsCents: number;
}

export const ZERO: Totals = { sessions: 0, pageviews: 0, impressions: 0, earningsCents: 0, bounces: 0 };

/** Day of year where a niche's traffic peaks. */
const PEAK: Record<Niche, number> = { food: 330, travel: 170, craft: 320, sports: 20, home: 90, garden: 120, finance: 15, parenting: 240 };
const WEEKEND: Record<Niche, number> = {
  food: 1.1,
  travel: 0.9,
  craft: 1.05,
  sports: 1.3,
  home: 0.95,
  garden: 1.15,
  finance: 0.8,
  parenting: 0.9,
};
/** Advertisers spend in Q4 and pull back in January. */
const MONTH_CPM = [0.72, 0.85, 0.95, 0.95, 1, 1, 0.95, 0.97, 1.02, 1.08, 1.3, 1.45];

export function dayTotals(seed: number, site: SiteDef, day: number): DayTotals {
  const start = parseDay(site.startDate);
  if (start === null || day < start || site.baseSessions === 0) {
    return { ...ZERO, videoImpressions: 0, videoEarningsCents: 0 };
  }
  const s = hashString(site.id);
  const { year, month, weekday } = partsOf(day);
  const dayOfYear = day - Date.UTC(year, 0, 1) / 86_400_000;
  const season = 1 + 0.2 * Math.cos((2 * Math.PI * (dayOfYear - PEAK[site.niche])) / 365);
  const week = weekday === 0 || weekday === 6 ? WEEKEND[site.niche] : 1;
  const growth = 1 + 0.0004 * (day - start);
  const sessions = Math.round(site.baseSessions * season * week * growth * between(0.88, 1.12, seed, s, day, 1));
  const pageviews = Math.round(sessions * site.pagesPerSession * between(0.94, 1.06, seed, s, day, 2));
  const impressions = Math.round(pageviews * site.impressionsPerPageview * between(0.95, 1.05, seed, s, day, 3));
  const cpm = site.cpm * MONTH_CPM[month - 1] * between(0.9, 1.1, seed, s, day, 4);
  const earningsCents = Math.round((impressions * cpm) / 10);
  const bounces = Math.round(sessions * site.bounceRate * between(0.95, 1.05, seed, s, day, 5));
  const videoImpressions = site.jw ? Math.round(pageviews * 0.12 * between(0.85, 1.15, seed, s, day, 6)) : 0;
  const videoCpm = 22 * MONTH_CPM[month - 1] * between(0.9, 1.1, seed, s, day, 7);
  return {
    sessions,
    pageviews,
    impressions,
    earningsCents,
    bounces,
    videoImpressions,
    videoEarningsCents: Math.round((videoImpressions * videoCpm) / 10),
  };
}

/** Totals of the inclusive day range. */
export function rangeTotals(seed: number, site: SiteDef, from: number, to: number): Totals {
  const t = { ...ZERO };
  for (let day = from; day <= to; day++) {
    const d = dayTotals(seed, site, day);
    t.sessions += d.sessions;
    t.pageviews += d.pageviews;
    t.impressions += d.impressions;
    t.earningsCents += d.earningsCents;
    t.bounces += d.bounces;
  }
  return t;
}
