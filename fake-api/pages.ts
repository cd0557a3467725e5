import { rangeTotals, type Totals } from './daily';
import { isoDay, parseDay } from './dates';
import { pageAuthor, pagePath, pageTitle } from './page-names';
import { between4, hash4, hashString } from './random';
import { sortByIntegerKeys } from './sort-keys';
import type { SiteDef } from './sites';

/**
 * A site's pages, generated once per (seed, site): Zipf-like traffic weights and fixed per-page
 * traits. A range's page table splits that range's totals over the pages (integer parts that sum to
 * the totals), held in typed arrays so 120,000 rows stay cheap; rows are built only when served.
 */
export interface PageCatalog {
  site: SiteDef;
  count: number;
  /** Share of pageviews. */
  weight: Float64Array;
  /** Page indexes by descending weight: who gets the rounding remainders. */
  byWeight: Uint32Array;
  sessionFactor: Float64Array;
  impressionFactor: Float64Array;
  earningsFactor: Float64Array;
  bounceFactor: Float64Array;
  hashes: Uint32Array;
}

const catalogs = new Map<string, PageCatalog>();
// Module-level copies: global lookups were slow inside jest's vm sandbox (test/plain-environment.ts).
const pow = Math.pow;
const floor = Math.floor;
const min = Math.min;
const mround = Math.round;

export function pageCatalog(seed: number, site: SiteDef): PageCatalog {
  const key = `${seed}|${site.id}|${site.pageCount}`;
  const cached = catalogs.get(key);
  if (cached) return cached;
  const n = site.pageCount;
  const s = hashString(site.id);
  const exponent = n > 10_000 ? 0.85 : 1;
  const c: PageCatalog = {
    site,
    count: n,
    weight: new Float64Array(n),
    byWeight: new Uint32Array(n),
    sessionFactor: new Float64Array(n),
    impressionFactor: new Float64Array(n),
    earningsFactor: new Float64Array(n),
    bounceFactor: new Float64Array(n),
    hashes: new Uint32Array(n),
  };
  // The last few pages are unpublished drafts: rows with no traffic (rpm null).
  const zeroFrom = n - Math.min(3, Math.floor(n / 10));
  for (let i = 0; i < n; i++) {
    c.hashes[i] = hash4(seed, s, i, 11);
    c.weight[i] = i >= zeroFrom ? 0 : between4(0.7, 1.3, seed, s, i, 12) / pow(i + 2, exponent);
    c.sessionFactor[i] = between4(0.6, 1, seed, s, i, 13);
    c.impressionFactor[i] = between4(0.7, 1.3, seed, s, i, 14);
    c.earningsFactor[i] = between4(0.5, 1.6, seed, s, i, 15);
    c.bounceFactor[i] = between4(0.7, 1.3, seed, s, i, 16);
  }
  // Remainders go to the heaviest pages first; a quantised weight orders them well enough.
  let top = 0;
  for (let i = 0; i < n; i++) if (c.weight[i] > top) top = c.weight[i];
  top = top || 1;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = mround((c.weight[i] / top) * 1073741824);
  c.byWeight.set(sortByIntegerKeys(keys, true));
  catalogs.set(key, c);
  return c;
}

export interface PageTable {
  catalog: PageCatalog;
  totals: Totals;
  pageviews: Float64Array;
  sessions: Float64Array;
  impressions: Float64Array;
  earningsCents: Float64Array;
  bounces: Float64Array;
}

export function pageTable(seed: number, site: SiteDef, from: number, to: number): PageTable {
  const catalog = pageCatalog(seed, site);
  const totals = rangeTotals(seed, site, from, to);
  const n = catalog.count;
  const pageviews = split(totals.pageviews, catalog.weight, catalog.byWeight);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) weights[i] = pageviews[i] * catalog.sessionFactor[i];
  const sessions = split(totals.sessions, weights, catalog.byWeight);
  for (let i = 0; i < n; i++) weights[i] = pageviews[i] * catalog.impressionFactor[i];
  const impressions = split(totals.impressions, weights, catalog.byWeight);
  for (let i = 0; i < n; i++) weights[i] = impressions[i] * catalog.earningsFactor[i];
  const earningsCents = split(totals.earningsCents, weights, catalog.byWeight);
  for (let i = 0; i < n; i++) weights[i] = sessions[i] * catalog.bounceFactor[i];
  const bounces = split(totals.bounces, weights, catalog.byWeight);
  for (let i = 0; i < n; i++) bounces[i] = min(bounces[i], sessions[i]);
  return { catalog, totals, pageviews, sessions, impressions, earningsCents, bounces };
}

/**
 * Integer split in O(n): floors, then one extra unit to the heaviest pages until the total is met
 * (exact largest-remainder would need a 120,000-element sort per range).
 */
function split(total: number, weights: Float64Array, order: Uint32Array): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i];
  if (sum <= 0 || total <= 0) return out;
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    out[i] = floor((weights[i] / sum) * total);
    given += out[i];
  }
  for (let k = 0; given < total; k = (k + 1) % order.length) {
    const i = order[k];
    if (weights[i] > 0) {
      out[i]++;
      given++;
    }
  }
  return out;
}

/** Per-page text, memoised per catalog for sorting by a text field; nulls sort as U+FFFF (last). */
const texts = new WeakMap<PageCatalog, Map<string, string[]>>();

export function pageText(catalog: PageCatalog, field: string): string[] {
  let byField = texts.get(catalog);
  if (!byField) texts.set(catalog, (byField = new Map()));
  let values = byField.get(field);
  if (!values) {
    values = Array.from({ length: catalog.count }, (_, i) => pageTextAt(catalog, field, i) ?? '\uffff');
    byField.set(field, values);
  }
  return values;
}

const MODIFIED_FROM = parseDay('2022-01-01')!;

export function pageTextAt(catalog: PageCatalog, field: string, i: number): string | null {
  const { site } = catalog;
  const h = catalog.hashes[i];
  switch (field) {
    case 'pageTitle':
      return pageTitle(site.niche, i, catalog.count);
    case 'pageUrl':
      return pagePath(site.niche, i, catalog.count);
    case 'author':
      return pageAuthor(h);
    case 'modifiedDate':
      return h % 7 === 0 ? null : isoDay(MODIFIED_FROM + (h % 1000));
    default:
      return null;
  }
}
