import type { Totals } from './daily';
import { allocate } from './metrics';
import { between, hashString } from './random';
import type { Niche, SiteDef } from './sites';

/**
 * Dimension reports split a range's totals by fixed shares (one share vector per metric, so e.g.
 * desktop earns more per session than mobile). Every metric is split with largest remainders, so the
 * rows add back up to the range totals exactly. A share of 0 gives a zero-traffic row (rpm null).
 */
export interface DimensionValue {
  label: string;
  /** Share of sessions; other metrics default to it. */
  sessions: number;
  pageviews?: number;
  impressions?: number;
  earnings?: number;
  bounces?: number;
}

const DEVICES: DimensionValue[] = [
  { label: 'desktop', sessions: 30, pageviews: 34, impressions: 38, earnings: 44, bounces: 24 },
  { label: 'mobile', sessions: 63, pageviews: 59, impressions: 55, earnings: 48, bounces: 69 },
  { label: 'tablet', sessions: 7, pageviews: 7, impressions: 7, earnings: 8, bounces: 7 },
];

const RAW_SOURCES: DimensionValue[] = [
  { label: 'google / organic', sessions: 46, pageviews: 47, bounces: 44 },
  { label: 'pinterest.com / referral', sessions: 14, pageviews: 12, bounces: 17 },
  { label: '(direct) / (none)', sessions: 12, pageviews: 13, bounces: 11 },
  { label: 'facebook.com / referral', sessions: 8, pageviews: 7, bounces: 10 },
  { label: 'newsletter / email', sessions: 5, pageviews: 6, bounces: 3 },
  { label: 'bing / organic', sessions: 4, pageviews: 4, bounces: 4 },
  { label: 'instagram.com / referral', sessions: 3, pageviews: 3, bounces: 4 },
  { label: 'flipboard / referral', sessions: 3, pageviews: 3, bounces: 3 },
  { label: 'duckduckgo / organic', sessions: 2, pageviews: 2, bounces: 2 },
  { label: 'yahoo / organic', sessions: 1, pageviews: 1, bounces: 1 },
  { label: 'legacy-partner.example / referral', sessions: 0 },
];

const SOURCE_GROUPS: DimensionValue[] = [
  { label: 'Organic Search', sessions: 52, pageviews: 53, impressions: 54, earnings: 56 },
  { label: 'Social', sessions: 22, pageviews: 19, impressions: 18, earnings: 15 },
  { label: 'Direct', sessions: 13, pageviews: 14, impressions: 14, earnings: 14 },
  { label: 'Email', sessions: 6, pageviews: 7, impressions: 7, earnings: 8 },
  { label: 'Referral', sessions: 5, pageviews: 5, impressions: 5, earnings: 5 },
  { label: 'Other', sessions: 2, pageviews: 2, impressions: 2, earnings: 2 },
];

const COUNTRIES: DimensionValue[] = [
  { label: 'United States', sessions: 62, pageviews: 63, impressions: 66, earnings: 79 },
  { label: 'Canada', sessions: 9, pageviews: 9, impressions: 9, earnings: 7 },
  { label: 'United Kingdom', sessions: 8, pageviews: 8, impressions: 8, earnings: 6 },
  { label: 'Australia', sessions: 5, pageviews: 5, impressions: 5, earnings: 3.5 },
  { label: 'Germany', sessions: 3, pageviews: 3, impressions: 3, earnings: 1.5 },
  { label: 'India', sessions: 3, pageviews: 2.5, impressions: 2, earnings: 0.4 },
  { label: 'Philippines', sessions: 2, pageviews: 2, impressions: 1.5, earnings: 0.3 },
  { label: 'France', sessions: 2, pageviews: 2, impressions: 1.5, earnings: 0.8 },
  { label: "Côte d'Ivoire", sessions: 0.5, pageviews: 0.5, impressions: 0.4, earnings: 0.05 },
  { label: 'Other', sessions: 5.5, pageviews: 5, impressions: 3.6, earnings: 1.45 },
  { label: 'Antarctica', sessions: 0 },
];

const CATEGORY_NAMES: Record<Niche, string[]> = {
  food: ['Dinner', 'Desserts', 'Breakfast', 'Baking', 'Drinks', 'Holiday'],
  travel: ['Europe', 'Asia', 'Road Trips', 'Budget Travel', 'Packing Tips'],
  craft: ['Knitting', 'Crochet', 'Sewing', 'Free Patterns', 'Beginner'],
  sports: ['Football', 'Basketball', 'Baseball', 'College', 'Soccer', 'Fantasy'],
  home: ['Decor', 'Cleaning', 'Organization', 'DIY'],
  garden: ['Vegetables', 'Flowers', 'Houseplants', 'Landscaping'],
  finance: ['Budgeting', 'Saving', 'Debt', 'Investing'],
  parenting: ['Baby', 'Toddler', 'School', 'Activities'],
};

/** Ad units and the devices each runs on, with their share of impressions and relative eCPM. */
export const AD_UNITS: Array<{ unit: string; devices: string[]; share: number; ecpm: number; viewability: number }> = [
  { unit: 'Header', devices: ['desktop', 'tablet'], share: 9, ecpm: 1.2, viewability: 62 },
  { unit: 'Sidebar', devices: ['desktop'], share: 8, ecpm: 0.9, viewability: 55 },
  { unit: 'Sticky Sidebar', devices: ['desktop'], share: 7, ecpm: 1.5, viewability: 81 },
  { unit: 'Content', devices: ['desktop', 'mobile', 'tablet'], share: 42, ecpm: 1, viewability: 68 },
  { unit: 'Adhesion', devices: ['mobile', 'tablet'], share: 20, ecpm: 1.1, viewability: 88 },
  { unit: 'In-Image', devices: ['desktop', 'mobile', 'tablet'], share: 9, ecpm: 0.7, viewability: 59 },
  { unit: 'Footer', devices: ['desktop', 'mobile', 'tablet'], share: 5, ecpm: 0.5, viewability: 41 },
  { unit: 'Interstitial', devices: ['mobile'], share: 0, ecpm: 1, viewability: 0 },
];

export type DimensionName = 'device' | 'rawSource' | 'sourceGroup' | 'country' | 'category';

export function dimensionValues(name: DimensionName, site: SiteDef): DimensionValue[] {
  switch (name) {
    case 'device':
      return DEVICES;
    case 'rawSource':
      return RAW_SOURCES;
    case 'sourceGroup':
      return SOURCE_GROUPS;
    case 'country':
      return COUNTRIES;
    case 'category': {
      const names = CATEGORY_NAMES[site.niche];
      // Decreasing shares, plus a category with posts but no traffic.
      const values: DimensionValue[] = names.map((label, i) => ({ label, sessions: 40 / (i + 1.5) }));
      values.push({ label: 'Uncategorized', sessions: 0 });
      return values;
    }
  }
}

export interface Split extends Totals {
  label: string;
}

/** Splits range totals over a dimension. Shares wobble a little per site so sites differ. */
export function splitTotals(seed: number, site: SiteDef, name: DimensionName, totals: Totals): Split[] {
  const values = dimensionValues(name, site);
  const s = hashString(site.id);
  const d = hashString(name);
  const jitter = values.map((v, i) => (v.sessions > 0 ? between(0.85, 1.15, seed, s, d, i) : 0));
  // A smaller wobble per metric, so ratios (RPM, pages per session) differ between rows too.
  const shares = (metric: number, pick: (v: DimensionValue) => number | undefined) =>
    values.map((v, i) => (pick(v) ?? v.sessions) * jitter[i] * between(0.93, 1.07, seed, s, d, i, metric));
  const sessions = allocate(
    totals.sessions,
    shares(0, (v) => v.sessions),
  );
  const pageviews = allocate(
    totals.pageviews,
    shares(1, (v) => v.pageviews),
  );
  const impressions = allocate(
    totals.impressions,
    shares(2, (v) => v.impressions),
  );
  const earningsCents = allocate(
    totals.earningsCents,
    shares(3, (v) => v.earnings),
  );
  const bounces = allocate(
    totals.bounces,
    shares(4, (v) => v.bounces),
  );
  return values.map((v, i) => ({
    label: v.label,
    sessions: sessions[i],
    pageviews: pageviews[i],
    impressions: impressions[i],
    earningsCents: earningsCents[i],
    // A row never bounces more sessions than it has.
    bounces: Math.min(bounces[i], sessions[i]),
  }));
}
