import { CreatorError } from './errors';

/** A query parameter; names are sent as written (`page[number]` keeps its brackets, as the API documents). */
export type QueryParam = [name: string, value: string | number];

/**
 * URLs are built by hand (Apps Script has no URL class): path parameters and query values are
 * percent-encoded so a site ID or sort with `/`, `&` or `#` cannot change the request.
 */
export function buildUrl(baseUrl: string, path: string, params: QueryParam[]): string {
  const base = baseUrl.replace(/\/+$/, '');
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`).join('&');
  return query ? `${base}${path}?${query}` : `${base}${path}`;
}

/** Fills `{siteId}` in a catalog path. */
export function resolvePath(path: string, siteId: string | undefined): string {
  if (!path.includes('{siteId}')) return path;
  if (siteId === undefined || siteId.trim() === '') {
    throw new CreatorError('BAD_INPUT', 'This report needs a site ID. See CREATOR_SITES() for the IDs your credential can see.');
  }
  return path.replace('{siteId}', encodeURIComponent(siteId.trim()));
}

/** The host of an http(s) URL, for messages; "" when it cannot be read. */
export function hostOf(url: string): string {
  const match = /^[a-z]+:\/\/([^/?#]+)/i.exec(url);
  return match ? match[1] : '';
}
