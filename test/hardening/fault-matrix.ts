/**
 * The API fault matrix: each row is something the Creator API (or the network) can do, and what
 * the user must get: the same data as a fault-free pull, or a message naming the problem.
 * docs/reliability.md lists these rows (test/hardening/reliability-doc.test.ts keeps it honest).
 */
import type { FakeApi, Fault, Quirks } from '../../fake-api';

/**
 * The site every row pulls pages/performance of, in pages of PAGE_ROWS rows (the fake API's
 * maxPageSize): given 3 * PAGE_ROWS pages, it makes 3 pages, as site-1's 1,203 would in pages of
 * 500, at a twentieth of the rows to fetch, write and compare per run. The faults act on pages
 * and requests, not on rows; 60 still hold the fake API's hostile titles (its first 34 pages) and
 * its unpublished drafts with no traffic (the last 3).
 */
export const SITE = 'site-3';
export const PAGE_ROWS = 20;

/** createWorld's options for the rows: the fake API serving SITE in 3 pages. */
export const FAULT_WORLD = { maxPageSize: PAGE_ROWS, pageCounts: { [SITE]: 3 * PAGE_ROWS } };

export interface FaultRow {
  name: string;
  faults?: Fault[];
  quirks?: Partial<Quirks>;
  /** 'data': equal to the fault-free pull. A RegExp: a failure whose message matches it. */
  formula: 'data' | RegExp;
  sidebar: 'data' | RegExp;
  /** What the user gets, for the doc. */
  outcome: string;
}

const RATE = /too many requests.*(status 429).*Try again/i;
const SERVER = /server error \(status 5\d\d.*\).*Try again/i;
const NETWORK = /Could not reach the Creator API.*(Check|Try again)/i;
const UNREADABLE = /could not be read.*(Try again|check)/i;
const PAGES = /pages did not add up.*Nothing was written.*Try again/i;
const AUTH = /credential was rejected.*Settings/i;
const TOKEN_SERVICE = /(token|server error|unavailable).*(status 503|Try again)/i;

export const FAULT_ROWS: FaultRow[] = [
  {
    name: '429 twice, Retry-After 1 s',
    faults: [{ kind: 'status', status: 429, retryAfter: 1, times: 2 }],
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data (waits, retries)',
  },
  {
    name: '429 storm (every request), Retry-After 2 s',
    faults: [{ kind: 'status', status: 429, retryAfter: 2, times: 1000 }],
    formula: RATE,
    sidebar: RATE,
    outcome: '"kept answering too many requests (status 429, rate_limited) after 5 tries. Try again..."',
  },
  {
    name: '429 storm with JSON:API errors array',
    faults: [{ kind: 'status', status: 429, times: 1000 }],
    quirks: { errorsArray: true },
    formula: RATE,
    sidebar: RATE,
    outcome: 'same message, provider code read from errors[]',
  },
  {
    name: '503 burst of 3',
    faults: [{ kind: 'status', status: 503, times: 3 }],
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data (backs off, retries)',
  },
  {
    name: '500 on every request',
    faults: [{ kind: 'status', status: 500, times: 1000 }],
    formula: SERVER,
    sidebar: SERVER,
    outcome: '"kept failing with a server error (status 500...) after 5 tries. Try again..."',
  },
  {
    name: '504 burst of 2 on page 2',
    faults: [{ kind: 'status', status: 504, times: 2, path: 'page[number]=2' }],
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data',
  },
  { name: 'network error twice', faults: [{ kind: 'network', times: 2 }], formula: 'data', sidebar: 'data', outcome: 'correct data' },
  {
    name: 'network down (every request)',
    faults: [{ kind: 'network', times: 1000 }],
    formula: NETWORK,
    sidebar: NETWORK,
    outcome: '"Could not reach the Creator API at <host>... Check the internet connection and the API URLs in Settings"',
  },
  {
    name: 'HTML error page once (502)',
    faults: [{ kind: 'html', times: 1 }],
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data (retried as a 502)',
  },
  {
    name: 'HTML error page on every request',
    faults: [{ kind: 'html', times: 1000 }],
    formula: SERVER,
    sidebar: SERVER,
    outcome: 'server-error message; the HTML is never shown',
  },
  {
    name: 'malformed JSON (truncated body) on every request',
    faults: [{ kind: 'malformed', times: 1000 }],
    formula: UNREADABLE,
    sidebar: UNREADABLE,
    outcome: '"sent a response that could not be read (status 200). Try again; ... check the API base URL"',
  },
  {
    name: 'malformed JSON on page 3 only',
    faults: [{ kind: 'malformed', times: 1, path: 'page[number]=3' }],
    formula: UNREADABLE,
    sidebar: UNREADABLE,
    outcome: 'could-not-be-read message; no partial table',
  },
  {
    name: 'token endpoint down once',
    faults: [{ kind: 'tokenDown', times: 1 }],
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data',
  },
  {
    name: 'token endpoint down',
    faults: [{ kind: 'tokenDown', times: 1000 }],
    formula: TOKEN_SERVICE,
    sidebar: TOKEN_SERVICE,
    outcome: 'server-error message naming status 503',
  },
  {
    name: 'credential revoked mid-run (page 2)',
    faults: [{ kind: 'revoke', path: 'page[number]=2' }],
    formula: AUTH,
    sidebar: AUTH,
    outcome: '"The credential was rejected (status 401, invalid_client): check or re-enter it in Settings."',
  },
  {
    name: 'token expires between pages',
    faults: [{ kind: 'expireToken', path: 'page[number]=2' }],
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data (one new token, one retry)',
  },
  {
    name: 'page cycle (next points back)',
    faults: [{ kind: 'cycle', times: 1000 }],
    formula: PAGES,
    sidebar: PAGES,
    outcome: '"pages did not add up: page 1 pointed back to page 1 as the next one. Nothing was written..."',
  },
  {
    name: 'next does not increase',
    faults: [{ kind: 'nextNotIncreasing', times: 1000 }],
    formula: PAGES,
    sidebar: PAGES,
    outcome: 'pages-did-not-add-up message; nothing written',
  },
  {
    name: 'recordCount changes between pages',
    faults: [{ kind: 'countChange', times: 1 }],
    formula: PAGES,
    sidebar: PAGES,
    outcome: '"The Creator API\'s pages did not add up: ... Nothing was written ..."',
  },
  {
    name: 'a page cut short',
    faults: [{ kind: 'shortPage', times: 1 }],
    formula: PAGES,
    sidebar: PAGES,
    outcome: 'pages-did-not-add-up message',
  },
  {
    name: 'numbers as strings (meta included)',
    quirks: { numbersAsStrings: true },
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data, numbers typed as numbers',
  },
  {
    name: 'no next key on the last page',
    quirks: { missingNextOnLastPage: true },
    formula: 'data',
    sidebar: 'data',
    outcome: 'correct data',
  },
];

export interface LatencyRow {
  name: string;
  surface: 'formula' | 'sidebar';
  report: string;
  siteId: string;
  fault: Fault;
  /** 'data': equal to a fault-free pull. A RegExp: the message, given before Google kills the run. */
  expect: 'data' | RegExp;
  outcome: string;
}

const TOO_BIG_FORMULA = /pages, more than fit in one formula \(30 s\)\. Add a limit, or pull it from the sidebar/;
const TOO_BIG_RUN = /pages, more than fit in one run \(6 min\)\. Use a smaller date range or a limit/;

/** Slow answers near the 30 s (formula) and 6 min (sidebar) limits: data, or a message before Google kills the run. */
export const LATENCY_ROWS: LatencyRow[] = [
  {
    name: 'formula: one 15 s answer (the last page)',
    surface: 'formula',
    report: 'pages/performance',
    siteId: SITE,
    fault: { kind: 'latency', delayMs: 15_000, path: 'page[number]=3' },
    expect: 'data',
    outcome: 'correct data',
  },
  {
    name: 'formula: every answer 7 s (3 pages, 21 s in all)',
    surface: 'formula',
    report: 'pages/performance',
    siteId: SITE,
    fault: { kind: 'latency', delayMs: 7_000, times: 1000 },
    expect: 'data',
    outcome: 'correct data',
  },
  {
    name: 'formula: every answer 12 s (3 pages would need 36 s)',
    surface: 'formula',
    report: 'pages/performance',
    siteId: SITE,
    fault: { kind: 'latency', delayMs: 12_000, times: 1000 },
    expect: TOO_BIG_FORMULA,
    outcome: '"This report has 3 pages, more than fit in one formula (30 s). Add a limit, or pull it from the sidebar" at 24 s',
  },
  {
    name: 'formula: every answer 4 s, 120,000-row site',
    surface: 'formula',
    report: 'pages/performance',
    siteId: 'site-big',
    fault: { kind: 'latency', delayMs: 4_000, times: 1000 },
    expect: TOO_BIG_FORMULA,
    outcome: 'same message after the first page (8 s)',
  },
  {
    name: 'sidebar: every answer 100 s (3 pages, 300 s in all)',
    surface: 'sidebar',
    report: 'pages/performance',
    siteId: SITE,
    fault: { kind: 'latency', delayMs: 100_000, times: 1000 },
    expect: 'data',
    outcome: 'correct data',
  },
  {
    name: 'sidebar: every answer 170 s (3 pages would need 340 s)',
    surface: 'sidebar',
    report: 'pages/performance',
    siteId: SITE,
    fault: { kind: 'latency', delayMs: 170_000, times: 1000 },
    expect: TOO_BIG_RUN,
    outcome: '"more than fit in one run (6 min). Use a smaller date range or a limit"; sheet untouched',
  },
  {
    name: 'sidebar: every answer 20 s, 120,000-row site',
    surface: 'sidebar',
    report: 'pages/performance',
    siteId: 'site-big',
    fault: { kind: 'latency', delayMs: 20_000, times: 1000 },
    expect: TOO_BIG_RUN,
    outcome: 'same message after the first page (40 s); sheet untouched',
  },
];

export interface DriftRow {
  name: string;
  quirks: Partial<Quirks>;
  outcome: string;
}

/** Schema drift: the API's rows change shape; the table must stay truthful. */
export const DRIFT_ROWS: DriftRow[] = [
  {
    name: 'renamed field (earnings arrives as revenue)',
    quirks: { renamedField: true },
    outcome: 'read as Earnings (a catalog alias): every column equals the fault-free one, no extra "revenue" column',
  },
  {
    name: 'missing field (rpm absent on zero-traffic rows)',
    quirks: { missingRpm: true },
    outcome: 'every other value equal; a missing RPM is empty, never 0 or NaN',
  },
  { name: 'new field (newMetric)', quirks: { extraField: true }, outcome: 'every known column equal; newMetric added after them' },
  { name: 'number as a string', quirks: { numbersAsStrings: true }, outcome: 'equal, typed as numbers' },
  {
    name: 'object where a number was (pageviews as {value, score})',
    quirks: { objectForNumber: true },
    outcome: 'Pageviews equal (the value), the score in its own column; no [object Object]',
  },
];

/** Reports the drift rows run against (paginated, daily series, breakdowns with money and ratios). */
export const DRIFT_REPORTS = ['pages/performance', 'earnings', 'devices/performance', 'countries/performance'] as const;

export const DRIFT_CASES = DRIFT_ROWS.flatMap((row) => DRIFT_REPORTS.map((report) => ({ ...row, report })));

export function applyFaults(api: FakeApi, row: { faults?: Fault[]; quirks?: Partial<Quirks> }): void {
  if (row.quirks) api.setQuirks(row.quirks);
  for (const f of row.faults ?? []) api.inject(f);
}
