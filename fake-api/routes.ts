import { REPORTS } from '../src/catalog/reports';
import type { ReportSpec } from '../src/catalog/types';

/** Which endpoint a URL names. The host (and anything before the API prefix) is ignored. */
export type Route = { kind: 'token' } | { kind: 'sites' } | { kind: 'report'; spec: ReportSpec; siteId: string } | { kind: 'unknown' };

export interface ParsedUrl {
  /** Path from the API prefix or `/oauth/token` on, e.g. `/creator-api/v1/sites`. */
  path: string;
  query: URLSearchParams;
  /** Decoded path and query, for fault matching and the request log. */
  target: string;
  route: Route;
}

const API_PREFIX = '/creator-api/v1';
const SITE_REPORTS = REPORTS.filter((r) => r.path.includes('{siteId}')).map((spec) => ({
  spec,
  tail: spec.path.slice(spec.path.indexOf('{siteId}') + '{siteId}'.length),
}));

export function parseUrl(url: string): ParsedUrl {
  const u = new URL(url, 'http://fake-api.invalid');
  const pathname = u.pathname;
  const query = u.searchParams;
  let path = pathname;
  let route: Route = { kind: 'unknown' };
  const api = pathname.indexOf(`${API_PREFIX}/`);
  if (pathname.endsWith('/oauth/token')) {
    path = '/oauth/token';
    route = { kind: 'token' };
  } else if (api >= 0) {
    path = pathname.slice(api);
    route = apiRoute(pathname.slice(api + API_PREFIX.length).replace(/\/+$/, ''));
  }
  const search = u.search.length > 1 ? safeDecode(u.search.slice(1).replace(/\+/g, ' ')) : '';
  return { path, query, target: safeDecode(path) + (search ? `?${search}` : ''), route };
}

function apiRoute(rest: string): Route {
  if (rest === '/sites') return { kind: 'sites' };
  const m = /^\/sites\/([^/]+)(\/.*)$/.exec(rest);
  if (!m) return { kind: 'unknown' };
  const found = SITE_REPORTS.find((r) => r.tail === m[2]);
  return found ? { kind: 'report', spec: found.spec, siteId: safeDecode(m[1]) } : { kind: 'unknown' };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
