import { parseQuery, type Query, splitUrl } from './query';
import { API_PREFIX, DATE_BOUNDS_KEY, type FakeEndpoint, SITE_ENDPOINTS, SITES_PATH } from './endpoints';

/** Which endpoint a URL names. The host (and anything before the API prefix) is ignored. */
export type Route =
  | { kind: 'token' }
  | { kind: 'sites' }
  | { kind: 'dateBounds'; siteId: string }
  | { kind: 'report'; endpoint: FakeEndpoint; siteId: string }
  | { kind: 'unknown' };

export interface ParsedUrl {
  /** Path from the API prefix or `/oauth/token` on, e.g. `/creator-api/v1/sites`. */
  path: string;
  query: Query;
  /** Decoded path and query, for fault matching and the request log. */
  target: string;
  route: Route;
}

export function parseUrl(url: string): ParsedUrl {
  const u = splitUrl(url);
  const pathname = u.pathname;
  const query = parseQuery(u.search);
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
  if (rest === SITES_PATH) return { kind: 'sites' };
  const m = /^\/sites\/([^/]+)\/(.*)$/.exec(rest);
  if (!m) return { kind: 'unknown' };
  const siteId = safeDecode(m[1]);
  if (m[2] === DATE_BOUNDS_KEY) return { kind: 'dateBounds', siteId };
  const endpoint = SITE_ENDPOINTS.find((e) => e.key === m[2]);
  return endpoint ? { kind: 'report', endpoint, siteId } : { kind: 'unknown' };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
