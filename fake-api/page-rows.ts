import * as m from './metrics';
import { pageText, pageTextAt, type PageTable } from './pages';
import { sortByIntegerKeys, sortByText } from './sort-keys';
import type { Row } from './report-rows';

/** Rows of the two paginated page reports, built one at a time from a page table. */
export type PagedKey = 'traffic/pages' | 'pages/performance';

const scored = (value: number | null, hash: number, salt: number): { value: number | null; score: number | null } => ({
  value,
  score: value === null ? null : (hash >>> salt) % 101,
});

export function pageRow(key: PagedKey, t: PageTable, i: number): Row {
  const c = t.catalog;
  if (key === 'traffic/pages') {
    return {
      pageTitle: pageTextAt(c, 'pageTitle', i),
      pageviews: t.pageviews[i],
      sessions: t.sessions[i],
      pagesPerSession: m.perSession(t.pageviews[i], t.sessions[i]),
      bounceRate: m.percent(t.bounces[i], t.sessions[i]),
    };
  }
  const h = c.hashes[i];
  const cents = t.earningsCents[i];
  return {
    pageUrl: pageTextAt(c, 'pageUrl', i),
    siteUrl: c.site.url,
    impressions: t.impressions[i],
    earnings: m.dollars(cents),
    pageviews: t.pageviews[i],
    pageviewsPercent: m.percent(t.pageviews[i], t.totals.pageviews, 4),
    // Page rows carry no sessions: the service's page RPM is per thousand pageviews.
    rpm: m.pageRpm(cents, t.pageviews[i]),
    viewability: scored(viewabilityOf(t, i), h, 3),
    cpm: scored(m.cpm(cents, t.impressions[i]), h, 9),
    impressionsPerPageview: scored(m.perPageview(t.impressions[i], t.pageviews[i]), h, 17),
    modifiedDate: pageTextAt(c, 'modifiedDate', i),
    author: pageTextAt(c, 'author', i),
  };
}

function viewabilityOf(t: PageTable, i: number): number | null {
  return t.impressions[i] > 0 ? m.round(45 + (t.catalog.hashes[i] % 4000) / 100, 1) : null;
}

// A module-level copy: global lookups are slow inside jest's vm sandbox.
const mround = Math.round;

const TEXT_FIELDS = new Set(['pageTitle', 'pageUrl', 'author', 'modifiedDate', 'siteUrl']);

/**
 * Page indexes in the requested order. Null values (zero-traffic ratios) sort last either way.
 * Numeric keys are scaled to integers at the precision the rows show, for the packed sort.
 */
export function sortPages(_key: PagedKey, t: PageTable, field: string, descending: boolean): Uint32Array {
  const n = t.catalog.count;
  if (field === 'siteUrl') return Uint32Array.from({ length: n }, (_, i) => i);
  if (TEXT_FIELDS.has(field)) return sortByText(pageText(t.catalog, field), descending);
  const keys = new Float64Array(n);
  const scale = SCALE[field] ?? 1;
  for (let i = 0; i < n; i++) {
    const v = pageRowNumber(t, field, i);
    keys[i] = v === null ? NaN : mround(v * scale);
  }
  return sortByIntegerKeys(keys, descending);
}

/** Decimal places each ratio is rounded to, as a multiplier. */
const SCALE: Record<string, number> = {
  pagesPerSession: 100,
  bounceRate: 100,
  rpm: 100,
  cpm: 100,
  impressionsPerPageview: 100,
  viewability: 10,
};

/** One numeric field of a row without building the row (scored fields sort by value). */
function pageRowNumber(t: PageTable, field: string, i: number): number | null {
  const cents = t.earningsCents[i];
  switch (field) {
    case 'pageviews':
      return t.pageviews[i];
    case 'sessions':
      return t.sessions[i];
    case 'impressions':
      return t.impressions[i];
    case 'earnings':
      return cents;
    case 'pagesPerSession':
      return m.perSession(t.pageviews[i], t.sessions[i]);
    case 'bounceRate':
      return m.percent(t.bounces[i], t.sessions[i]);
    case 'pageviewsPercent':
      return t.pageviews[i];
    case 'rpm':
      return m.pageRpm(cents, t.pageviews[i]);
    case 'cpm':
      return m.cpm(cents, t.impressions[i]);
    case 'impressionsPerPageview':
      return m.perPageview(t.impressions[i], t.pageviews[i]);
    case 'viewability':
      return viewabilityOf(t, i);
    default:
      return null;
  }
}
