/**
 * The fake API's accounts: three credentials and the sites each can see. Profiles drive the data
 * model (how much traffic, how it monetises), so every report for a site tells one story.
 */
export type Niche = 'food' | 'travel' | 'craft' | 'sports' | 'home' | 'garden' | 'finance' | 'parenting';

export interface SiteDef {
  id: string;
  name: string;
  status: 'Active' | 'Inactive';
  service: string;
  jw: boolean;
  url: string;
  niche: Niche;
  /** Rows in the page reports (traffic/pages, pages/performance). */
  pageCount: number;
  /** Typical sessions a day. */
  baseSessions: number;
  pagesPerSession: number;
  impressionsPerPageview: number;
  /** Dollars per thousand impressions before seasonality. */
  cpm: number;
  bounceRate: number;
  /** First day with data; null for a site without any (inactive). */
  startDate: string | null;
}

/** What `/sites` shows for a site. */
export interface SiteRow {
  id: string;
  name: string;
  status: string;
  service: string;
  jw: boolean;
  url: string;
}

export interface Credential {
  clientId: string;
  clientSecret: string;
}

const base = { status: 'Active' as const, service: 'AdThrive' };

export const SITES: readonly SiteDef[] = [
  {
    ...base,
    id: 'site-1',
    name: 'Example Kitchen',
    jw: true,
    url: 'https://example-kitchen.com',
    niche: 'food',
    pageCount: 1203,
    baseSessions: 12000,
    pagesPerSession: 1.45,
    impressionsPerPageview: 4.2,
    cpm: 16,
    bounceRate: 0.58,
    startDate: '2024-01-01',
  },
  {
    ...base,
    id: 'site-2',
    name: 'Wander Far Travel',
    jw: false,
    url: 'https://wanderfar.example',
    niche: 'travel',
    pageCount: 40,
    baseSessions: 320,
    pagesPerSession: 1.8,
    impressionsPerPageview: 3.1,
    cpm: 11,
    bounceRate: 0.52,
    startDate: '2024-01-01',
  },
  {
    ...base,
    id: 'site-3',
    name: 'Stitch & Yarn',
    jw: true,
    url: 'https://stitch-and-yarn.example',
    niche: 'craft',
    pageCount: 300,
    baseSessions: 2600,
    pagesPerSession: 1.6,
    impressionsPerPageview: 3.6,
    cpm: 13,
    bounceRate: 0.55,
    startDate: '2024-01-01',
  },
  {
    ...base,
    id: 'site-big',
    name: 'Big Game Daily',
    jw: true,
    url: 'https://biggamedaily.example',
    niche: 'sports',
    pageCount: 120_000,
    baseSessions: 380_000,
    pagesPerSession: 1.7,
    impressionsPerPageview: 3.3,
    cpm: 7.5,
    bounceRate: 0.62,
    startDate: '2024-01-01',
  },
  // Only the benchmark's credential sees it: twice site-big's pages, for the 240,000-row pull.
  {
    ...base,
    id: 'site-huge',
    name: 'Huge Game Daily',
    jw: true,
    url: 'https://hugegamedaily.example',
    niche: 'sports',
    pageCount: 240_000,
    baseSessions: 760_000,
    pagesPerSession: 1.7,
    impressionsPerPageview: 3.3,
    cpm: 7.5,
    bounceRate: 0.62,
    startDate: '2024-01-01',
  },
  {
    ...base,
    id: 'site-old',
    name: 'Retired Recipes',
    status: 'Inactive',
    jw: false,
    url: 'https://retired-recipes.example',
    niche: 'food',
    pageCount: 80,
    baseSessions: 0,
    pagesPerSession: 1.3,
    impressionsPerPageview: 3,
    cpm: 10,
    bounceRate: 0.6,
    startDate: null,
  },
  ...agencySites(),
  {
    ...base,
    id: 'other-1',
    name: "Someone Else's Blog",
    jw: false,
    url: 'https://someone-else.example',
    niche: 'home',
    pageCount: 120,
    baseSessions: 900,
    pagesPerSession: 1.5,
    impressionsPerPageview: 3.4,
    cpm: 12,
    bounceRate: 0.57,
    startDate: '2024-01-01',
  },
];

function agencySites(): SiteDef[] {
  const names: Array<[string, Niche]> = [
    ['Garden Notes', 'garden'],
    ['Budget Bites', 'food'],
    ['Tiny Home Life', 'home'],
    ['Frugal Family', 'finance'],
    ['Little Learners', 'parenting'],
    ['Trail & Tent', 'travel'],
    ['Sourdough Society', 'food'],
    ['Quilt Corner', 'craft'],
    ['Patio Plants', 'garden'],
    ['Weeknight Suppers', 'food'],
  ];
  return names.map(([name, niche], i) => {
    const n = String(i + 1).padStart(2, '0');
    // Agencies pick sites up over time: later sites have data from a later month.
    const start = `2024-${String(i + 1).padStart(2, '0')}-01`;
    return {
      ...base,
      id: `agency-${n}`,
      name,
      jw: i % 3 !== 1,
      niche,
      url: `https://${name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`,
      pageCount: 50 + ((i * 137) % 550),
      baseSessions: 400 + ((i * 811) % 5200),
      pagesPerSession: 1.3 + (i % 5) * 0.1,
      impressionsPerPageview: 3 + (i % 4) * 0.4,
      cpm: 9 + (i % 6) * 1.5,
      bounceRate: 0.5 + (i % 4) * 0.04,
      startDate: start,
    };
  });
}

export const CREDENTIALS = {
  demo: { clientId: 'demo-client', clientSecret: 'demo-secret' },
  agency: { clientId: 'agency-client', clientSecret: 'agency-secret' },
  other: { clientId: 'other-client', clientSecret: 'other-secret' },
  bench: { clientId: 'bench-client', clientSecret: 'bench-secret' },
  /** The add-on's demo mode (src/api/demo.ts): a few ordinary sites, none of the huge ones. */
  sample: { clientId: 'sample-client', clientSecret: 'sample-secret' },
} as const satisfies Record<string, Credential>;

const SCOPES: Record<string, readonly string[]> = {
  'demo-client': ['site-1', 'site-2', 'site-3', 'site-big', 'site-old'],
  'agency-client': [...SITES.filter((s) => s.id.startsWith('agency-')).map((s) => s.id), 'site-1'],
  'other-client': ['other-1'],
  'bench-client': ['site-1', 'site-big', 'site-huge'],
  'sample-client': ['site-1', 'site-2', 'site-3', 'site-old'],
};

const BY_ID = new Map(SITES.map((s) => [s.id, s]));

export function findSite(id: string): SiteDef | undefined {
  return BY_ID.get(id);
}

export function findCredential(clientId: string): Credential | undefined {
  return Object.values(CREDENTIALS).find((c) => c.clientId === clientId);
}

/** Sites a credential sees, in dashboard order; every site when no client is named. */
export function sitesFor(clientId?: string): SiteDef[] {
  if (clientId === undefined) return [...SITES];
  return (SCOPES[clientId] ?? []).map((id) => BY_ID.get(id)).filter((s): s is SiteDef => s !== undefined);
}

export function canSee(clientId: string, siteId: string): boolean {
  return (SCOPES[clientId] ?? []).includes(siteId);
}

export function siteRow(site: SiteDef): SiteRow {
  return { id: site.id, name: site.name, status: site.status, service: site.service, jw: site.jw, url: site.url };
}
