import type { Credential } from '../../../src/api/credential';
import type { NetworkFailure } from '../../../emulator/transport-types';
import type { FetchRequest, FetchResponse } from '../../../src/platform/types';
import { createApiWorld, json, type ApiWorld } from './api-world';

export const BASE = 'https://publisher-api.raptive.com/creator-api/v1';
export const TOKEN_URL = 'https://publisher-api.raptive.com/oauth/token';
export const SECRET = 'super-secret-value-1234';
export const CREDENTIAL: Credential = { clientId: 'client-1', clientSecret: SECRET, apiBaseUrl: BASE, tokenUrl: TOKEN_URL };

export interface Fault {
  match: (request: FetchRequest, url: ParsedUrl) => boolean;
  respond: (request: FetchRequest) => FetchResponse | 'network';
  times: number;
}

export interface ParsedUrl {
  path: string;
  query: Record<string, string>;
}

export function parseUrl(url: string): ParsedUrl {
  const [head, search = ''] = url.split('?');
  const query: Record<string, string> = {};
  for (const pair of search.split('&').filter(Boolean)) {
    const [k, v = ''] = pair.split('=');
    query[decodeURIComponent(k)] = decodeURIComponent(v);
  }
  return { path: head.replace(/^https?:\/\/[^/]+/, ''), query };
}

export interface StubApi {
  handler: (request: FetchRequest) => FetchResponse | NetworkFailure;
  mints: number;
  tokens: Set<string>;
  faults: Fault[];
  /** Rows of the paginated pages/performance report. */
  totalRows: number;
  /** `full`: recordCount + last; `nextOnly`: only next (null on the last page); `nextAbsent`: next omitted at the end. */
  paging: 'full' | 'nextOnly' | 'nextAbsent';
  expiresIn: number;
  /** Every data request's path + query. */
  dataRequests: ParsedUrl[];
  fail(fault: Partial<Fault> & Pick<Fault, 'respond'>): void;
  revokeAll(): void;
}

export function pageRow(i: number): Record<string, unknown> {
  return { pageUrl: `/page-${i}/`, earnings: i, pageviews: i * 10, impressions: i * 20, cpm: { value: 12.5, score: 50 } };
}

export function createStubApi(init: Partial<Pick<StubApi, 'totalRows' | 'paging' | 'expiresIn'>> = {}): StubApi {
  const api: StubApi = {
    mints: 0,
    tokens: new Set(),
    faults: [],
    totalRows: init.totalRows ?? 1203,
    paging: init.paging ?? 'full',
    expiresIn: init.expiresIn ?? 300,
    dataRequests: [],
    fail: (fault) => api.faults.push({ match: () => true, times: 1, ...fault }),
    revokeAll: () => api.tokens.clear(),
    handler: (request) => {
      const url = parseUrl(request.url);
      const fault = api.faults.find((f) => f.times > 0 && f.match(request, url));
      if (fault) {
        fault.times--;
        const response = fault.respond(request);
        if (response === 'network') return { networkError: 'no answer' };
        return response;
      }
      if (request.url === TOKEN_URL) {
        const expected = 'Basic ' + Buffer.from(`${CREDENTIAL.clientId}:${SECRET}`).toString('base64');
        if (request.method !== 'post' || request.payload !== 'grant_type=client_credentials') return json(400, { code: 'invalid_request' });
        if (request.headers?.Authorization !== expected) return json(401, { internalCode: 'invalid_client', message: 'Bad client.' });
        api.mints++;
        const token = `token-${api.mints}`;
        api.tokens.add(token);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: api.expiresIn });
      }
      const bearer = (request.headers?.Authorization ?? '').replace(/^Bearer /, '');
      if (!api.tokens.has(bearer)) return json(401, { internalCode: 'token_expired' });
      api.dataRequests.push(url);
      return route(api, url);
    },
  };
  return api;
}

/** The stub API behind the emulated platform: the world most client unit tests start from. */
export function stubbed(
  init: Parameters<typeof createStubApi>[0] = {},
  opts: Parameters<typeof createApiWorld>[1] = {},
): { api: StubApi; world: ApiWorld } {
  const api = createStubApi(init);
  const world = createApiWorld(api.handler, opts);
  return { api, world };
}

function route(api: StubApi, url: ParsedUrl): FetchResponse {
  const path = url.path.replace('/creator-api/v1', '');
  if (path === '/sites') {
    return json(200, {
      data: [
        { id: 'site-2', name: 'Old Blog', status: 'Inactive', url: 'https://old.example' },
        { id: 'site-1', name: 'Example Kitchen', status: 'Active', url: 'https://kitchen.example', jw: true },
      ],
      meta: { totalItemCount: 2, page: { number: 1, size: 0, prev: null, next: null, first: 1, last: 1 } },
    });
  }
  const bounds = /^\/sites\/([^/]+)\/date-bounds$/.exec(path);
  if (bounds) {
    if (bounds[1] !== 'site-1') return json(404, { code: 'not_found' });
    return json(200, {
      data: {
        analyticsDateBounds: {
          range: { startDate: '2024-01-01', endDate: '2026-11-20' },
          lastThirtyDays: { startDate: '2026-10-22', endDate: '2026-11-20' },
        },
        earningsDateBounds: { range: { startDate: '2024-01-01', endDate: null }, lastThirtyDays: { startDate: null, endDate: null } },
      },
    });
  }
  if (/\/pages\/performance$/.test(path)) {
    const size = Number(url.query['page[size]'] ?? 500);
    const number = Number(url.query['page[number]'] ?? 1);
    const last = Math.max(1, Math.ceil(api.totalRows / size));
    const rows: unknown[] = [];
    for (let i = (number - 1) * size + 1; i <= Math.min(api.totalRows, number * size); i++) rows.push(pageRow(i));
    const page: Record<string, unknown> = { number, size, prev: number > 1 ? number - 1 : null };
    const meta: Record<string, unknown> = { page };
    if (api.paging === 'full') {
      meta.recordCount = api.totalRows;
      page.next = number < last ? number + 1 : null;
      page.last = last;
    } else if (api.paging === 'nextOnly') page.next = number < last ? number + 1 : null;
    else if (number < last) page.next = number + 1;
    return json(200, { data: rows, meta });
  }
  return json(200, { data: [{ device: 'desktop', earnings: '3.25', pageviews: '75', sessions: 50, rpm: null }] });
}
