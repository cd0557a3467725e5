import type { Query } from './query';
import type { ReportKey } from '../src/catalog/types';
import type { Row } from './report-rows';

/**
 * "Drift": plausible alternatives to our guesses about the twelve unconfirmed endpoints (see
 * creator-api.md, "The other endpoints", and the network's internal dashboard API). Each is a
 * switch; `ALL_DRIFT` turns on every one that can hold at once. Off by default: the default fake
 * keeps serving the shapes the catalog was written from.
 */
export interface Drift {
  /** Device rows keyed `type` instead of `device` (internal API). */
  deviceAsType: boolean;
  /** Dimension values capitalised: "Desktop", "Mobile", "Tablet". */
  capitalisedValues: boolean;
  /** `viewability` as `{value}` with no score (as on the live pages/performance). */
  viewabilityValueOnly: boolean;
  /** Some page rows have `pageUrl: null` and still carry earnings (live quirk). */
  nullPageUrl: boolean;
  /**
   * Page rows under 1,000 impressions leave `viewability` out (too few measured impressions) and
   * send `cpm` and `impressionsPerPageview` without a score: sorted by traffic, the first pages
   * lack a catalog field and its scores that later pages bring.
   */
  sparseLowTraffic: boolean;
  /** Some page rows are URL variants (www, no trailing slash) of another row's article. */
  urlVariants: boolean;
  /** Extra fields: briefId/briefStatus on pages, impressionsPerPageview on countries, pageRpm on sources. */
  extraFields: boolean;
  /** Categories carry numPosts but no impressions or cpm (internal API). */
  categoriesWithoutImpressions: boolean;
  /** traffic/by-source and traffic/by-device bodies are bare JSON arrays (internal API). */
  bareArrays: boolean;
  /** Errors as JSON:API `errors[]` objects with status, code and detail. */
  jsonApiErrors: boolean;
  /** `earnings` sends one summary row (a `data` object) unless asked `aggregationPeriod=daily`. */
  earningsDailyOnRequest: boolean;
  /** `earnings` ignores aggregationPeriod and always sends one summary row. Excludes the above. */
  earningsSummaryOnly: boolean;
  /** An unknown `aggregationPeriod` parameter is a 400. Not in ALL_DRIFT. */
  rejectAggregationPeriod: boolean;
  /** Paginated reports refuse `page[size]` above 250 with a 400 (only 250 is seen working). */
  pageSizeMax250: boolean;
  /** Paginated reports refuse any sort but `-pageviews` with a 400 (the only sort seen working). */
  sortPageviewsOnly: boolean;
  /** Date bounds with `lastMonthWidget`, a null preset, and timestamps instead of dates. */
  boundsExtras: boolean;
  /** Every data request answered 202 with an HTML challenge page (a web firewall). Not in ALL_DRIFT. */
  firewall: boolean;
}

export const NO_DRIFT: Drift = {
  deviceAsType: false,
  capitalisedValues: false,
  viewabilityValueOnly: false,
  nullPageUrl: false,
  sparseLowTraffic: false,
  urlVariants: false,
  extraFields: false,
  categoriesWithoutImpressions: false,
  bareArrays: false,
  jsonApiErrors: false,
  earningsDailyOnRequest: false,
  earningsSummaryOnly: false,
  rejectAggregationPeriod: false,
  pageSizeMax250: false,
  sortPageviewsOnly: false,
  boundsExtras: false,
  firewall: false,
};

export const DRIFT_NAMES = Object.keys(NO_DRIFT) as Array<keyof Drift>;

/** Switches that cannot hold together with the rest, or that leave nothing to tabulate. */
const NOT_IN_ALL: ReadonlyArray<keyof Drift> = ['earningsSummaryOnly', 'rejectAggregationPeriod', 'firewall'];

/** Every variation that can hold at once: the fake's "drift mode". */
export const ALL_DRIFT: Drift = Object.fromEntries(DRIFT_NAMES.map((name) => [name, !NOT_IN_ALL.includes(name)])) as unknown as Drift;

/** `--drift` (all), `--drift=a,b` (those), `--drift=none`; unknown names throw. */
export function parseDriftArg(text: string | undefined): Drift {
  if (text === undefined || text === '' || text === 'all') return { ...ALL_DRIFT };
  if (text === 'none') return { ...NO_DRIFT };
  const drift = { ...NO_DRIFT };
  for (const name of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!DRIFT_NAMES.includes(name as keyof Drift)) throw new Error(`unknown drift: ${name} (known: ${DRIFT_NAMES.join(', ')})`);
    drift[name as keyof Drift] = true;
  }
  return drift;
}

export function checkDriftNames(partial: Partial<Drift>): void {
  for (const name of Object.keys(partial)) {
    if (!DRIFT_NAMES.includes(name as keyof Drift)) throw new Error(`unknown drift: ${name}`);
  }
}

/** Impressions below which sparseLowTraffic's page rows carry no viewability and no scores. */
export const LOW_TRAFFIC = 1_000;

const DEVICE_KEYS: ReadonlySet<string> = new Set(['traffic/by-device', 'devices/performance', 'ad-units/performance']);
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A 400 the drifted API gives before serving a paginated report, or null. */
export function pagedRefusal(d: Drift, query: Query): { code: string; detail: string } | null {
  const size = Number(query.get('page[size]') ?? '');
  if (d.pageSizeMax250 && Number.isFinite(size) && size > 250) {
    return { code: 'invalid_page_size', detail: 'page[size] must be at most 250.' };
  }
  const sort = query.get('sort');
  if (d.sortPageviewsOnly && sort !== null && sort !== '' && sort !== '-pageviews') {
    return { code: 'invalid_sort', detail: `Sorting by ${sort.replace(/^-/, '')} is not supported.` };
  }
  return null;
}

/** A 400 for any dated report, or null. */
export function reportRefusal(d: Drift, query: Query): { code: string; detail: string } | null {
  if (d.rejectAggregationPeriod && query.has('aggregationPeriod')) {
    return { code: 'invalid_parameter', detail: 'Unknown parameter aggregationPeriod.' };
  }
  return null;
}

const ROW_SWITCHES: ReadonlyArray<keyof Drift> = [
  'deviceAsType',
  'capitalisedValues',
  'viewabilityValueOnly',
  'nullPageUrl',
  'sparseLowTraffic',
  'extraFields',
  'categoriesWithoutImpressions',
];

/** Whether any switch changes rows (checked once per response: the big site has 120,000 rows). */
export function changesRows(d: Drift): boolean {
  return ROW_SWITCHES.some((name) => d[name]);
}

/** One row as the drifted API would send it. `index` is the row's position in its report. */
export function driftRow(d: Drift, key: ReportKey, row: Row, index: number): Row {
  let out = row;
  const edit = (): Row => (out === row ? (out = { ...row }) : out);
  if (DEVICE_KEYS.has(key) && typeof out.device === 'string') {
    if (d.capitalisedValues) edit().device = capitalise(out.device as string);
    if (d.deviceAsType) {
      const { device, ...rest } = out;
      // `type` takes the device's place, first in the row as the internal API sends it.
      out = { type: device, ...rest };
    }
  }
  if (d.viewabilityValueOnly && 'viewability' in out) {
    const v = out.viewability;
    edit().viewability = typeof v === 'object' && v !== null ? { value: (v as { value: unknown }).value } : { value: v };
  }
  if (key === 'pages/performance') {
    if (d.nullPageUrl && index % 25 === 7) edit().pageUrl = null;
    if (d.sparseLowTraffic && typeof out.impressions === 'number' && out.impressions < LOW_TRAFFIC) {
      const { viewability: _v, ...rest } = out;
      out = rest;
      for (const field of ['cpm', 'impressionsPerPageview']) {
        const v = out[field];
        if (typeof v === 'object' && v !== null) out[field] = { value: (v as { value: unknown }).value };
      }
    }
    if (d.extraFields) {
      edit().briefId = index % 3 === 0 ? `brief-${1000 + index}` : null;
      edit().briefStatus = index % 3 === 0 ? 'Published' : null;
    }
  }
  if (d.extraFields && key === 'countries/performance' && typeof out.impressions === 'number' && typeof out.pageviews === 'number') {
    edit().impressionsPerPageview = out.pageviews > 0 ? Math.round((out.impressions / out.pageviews) * 100) / 100 : null;
  }
  if (d.extraFields && key === 'traffic-sources/performance' && typeof out.earnings === 'number' && typeof out.pageviews === 'number') {
    edit().pageRpm = out.pageviews > 0 ? Math.round((out.earnings / out.pageviews) * 100_000) / 100 : null;
  }
  if (d.categoriesWithoutImpressions && key === 'categories/performance') {
    const { impressions: _i, cpm: _c, ...rest } = out;
    out = rest;
  }
  return out;
}

/** Rows of a page of pages/performance: every so often a row repeats the row before's article as a URL variant. */
export function driftPageUrls(d: Drift, rows: Row[], siteUrl: string): Row[] {
  if (!d.urlVariants) return rows;
  const host = siteUrl.replace(/^https?:\/\//, '');
  return rows.map((row, i) => {
    const before = rows[i - 1]?.pageUrl;
    if (i % 10 !== 3 || typeof before !== 'string') return row;
    // Same article: full URL with www and no trailing slash.
    return { ...row, pageUrl: `https://www.${host}${before.replace(/\/$/, '')}` };
  });
}

/** Whether `earnings` answers with one summary row for this query. */
export function earningsAsSummary(d: Drift, query: Query): boolean {
  if (d.earningsSummaryOnly) return true;
  return d.earningsDailyOnRequest && query.get('aggregationPeriod') !== 'daily';
}

/** The daily earnings rows as one summary row for the range (ratios recomputed from the sums). */
export function earningsSummary(rows: Row[]): Row {
  const sum = (field: string): number => rows.reduce((a, r) => a + (typeof r[field] === 'number' ? (r[field] as number) : 0), 0);
  const earnings = Math.round(sum('earnings') * 100) / 100;
  const pageviews = sum('pageviews');
  const sessions = sum('sessions');
  const ratio = (n: number, d: number, scale: number, decimals: number): number | null =>
    d > 0 ? Math.round((n / d) * scale * 10 ** decimals) / 10 ** decimals : null;
  return {
    earnings,
    pageviews,
    sessions,
    rpm: ratio(earnings, sessions, 1000, 2),
    pageRpm: ratio(earnings, pageviews, 1000, 2),
    rps: ratio(earnings, sessions, 1, 4),
  };
}

/** Date bounds with the extras the live service has shown or may show. */
export function driftBounds(
  d: Drift,
  bounds: Record<string, Record<string, { startDate: string | null; endDate: string | null } | null>>,
): unknown {
  if (!d.boundsExtras) return bounds;
  const stamp = (ymd: string | null): string | null => (ymd === null ? null : `${ymd}T00:00:00.000Z`);
  const out: Record<string, unknown> = {};
  for (const [family, ranges] of Object.entries(bounds)) {
    const next: Record<string, unknown> = {};
    for (const [name, range] of Object.entries(ranges)) {
      next[name] = range === null ? null : { startDate: stamp(range.startDate), endDate: stamp(range.endDate) };
    }
    next.lastMonthWidget = ranges.lastMonth ? { ...(next.lastMonth as object) } : null;
    // A preset the service has no range for arrives as null, not as {startDate: null, ...}.
    next.lastYear = null;
    out[family] = next;
  }
  return out;
}

/** The page a web firewall shows a client it wants to check. */
export function challengePage(): string {
  return '<!DOCTYPE html>\n<html><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript><div id="challenge-form">Checking your browser before accessing the site.</div></body></html>\n';
}
