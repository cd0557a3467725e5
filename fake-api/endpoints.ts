import type { DateFamily, ReportKey } from '../src/catalog/types';

/**
 * The endpoints the fake serves, written by hand from the API reference the project was given (the
 * endpoint tables of the team's creator-api notes: `/sites`, `date-bounds`, `pages/performance`
 * and the twelve "other endpoints"), not read from the add-on's catalog. A path the catalog gets
 * wrong then meets a 404 here, as it would on the real API, instead of a fake that agrees with it;
 * test/fake-api/endpoints.test.ts holds the catalog's paths against this list.
 */
export interface FakeEndpoint {
  /** The path after `/sites/{siteId}/`, which the notes use as the report's key. */
  key: ReportKey;
  /** "Traffic endpoints are bounded by analytics, earnings/performance endpoints by earnings." */
  family: DateFamily;
  /** Endpoints that return many rows page them and take a `sort` over the fields of their rows. */
  paged?: { defaultSort: string; sortable: readonly string[] };
}

/** The API's prefix: every data path starts with it (the token URL does not). */
export const API_PREFIX = '/creator-api/v1';

/** The site list: the one endpoint not under a site. */
export const SITES_PATH = '/sites';

/** A site's date bounds: served by the fake's bounds, not as a report. */
export const DATE_BOUNDS_KEY = 'date-bounds';

export const SITE_ENDPOINTS: readonly FakeEndpoint[] = [
  { key: 'traffic/summary', family: 'analytics' },
  { key: 'traffic/by-device', family: 'analytics' },
  { key: 'traffic/by-source', family: 'analytics' },
  { key: 'traffic/by-country', family: 'analytics' },
  {
    key: 'traffic/pages',
    family: 'analytics',
    paged: { defaultSort: '-pageviews', sortable: ['pageTitle', 'pageviews', 'sessions', 'pagesPerSession', 'bounceRate'] },
  },
  { key: 'earnings', family: 'earnings' },
  { key: 'ad-units/performance', family: 'earnings' },
  { key: 'video/earnings', family: 'earnings' },
  { key: 'devices/performance', family: 'earnings' },
  {
    key: 'pages/performance',
    family: 'earnings',
    paged: {
      defaultSort: '-earnings',
      sortable: [
        'pageUrl',
        'siteUrl',
        'earnings',
        'pageviews',
        'pageviewsPercent',
        'impressions',
        'rpm',
        'cpm',
        'viewability',
        'impressionsPerPageview',
        'modifiedDate',
        'author',
      ],
    },
  },
  { key: 'traffic-sources/performance', family: 'earnings' },
  { key: 'countries/performance', family: 'earnings' },
  { key: 'categories/performance', family: 'earnings' },
];

/** Every path the fake answers under the API prefix, `{siteId}` standing for a site's ID. */
export function endpointPaths(): string[] {
  return [SITES_PATH, `/sites/{siteId}/${DATE_BOUNDS_KEY}`, ...SITE_ENDPOINTS.map((e) => `/sites/{siteId}/${e.key}`)];
}
