import { CreatorError } from '../shared/errors';
import { thousands } from '../shared/text-size';

/** A query parameter; names are sent as written (`page[number]` keeps its brackets, as the API documents). */
export type QueryParam = [name: string, value: string | number];

/**
 * URLs are built by hand (Apps Script has no URL class): path parameters and query values are
 * percent-encoded so a site ID or sort with `/`, `&` or `#` cannot change the request.
 */
export function buildUrl(baseUrl: string, path: string, params: QueryParam[]): string {
  const base = baseUrl.replace(/\/+$/, '');
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`).join('&');
  const url = query ? `${base}${path}?${query}` : `${base}${path}`;
  // UrlFetchApp throws "Limit Exceeded: URLFetch URL Length." past this; retrying that as a network
  // failure would blame the connection for an argument (a pasted paragraph as a site ID or sort).
  if (url.length > MAX_URL_LENGTH) {
    throw new CreatorError(
      'BAD_INPUT',
      `The request would be ${thousands(url.length)} characters long, more than Apps Script allows (${thousands(MAX_URL_LENGTH)}). Check the site ID and sort: they are far too long to be right.`,
    );
  }
  return url;
}

/** Apps Script's UrlFetch URL limit. */
export const MAX_URL_LENGTH = 2_082;

/** Fills `{siteId}` in a catalog path. */
export function resolvePath(path: string, siteId: string | undefined): string {
  if (!path.includes('{siteId}')) return path;
  if (siteId === undefined || siteId.trim() === '') {
    throw new CreatorError('BAD_INPUT', 'This report needs a site ID. See CREATOR_SITES() for the IDs your credential can see.');
  }
  const id = siteId.trim();
  // "." and ".." are path steps, not names: a client or proxy would resolve /sites/../x to /x.
  if (/^\.{1,2}$/.test(id)) {
    throw new CreatorError('BAD_INPUT', `"${id}" is not a site ID. See CREATOR_SITES() for the IDs your credential can see.`);
  }
  return path.replace('{siteId}', encodeURIComponent(id));
}

/** The host of an http(s) URL, for messages; "" when it cannot be read. */
export function hostOf(url: string): string {
  const match = /^[a-z]+:\/\/([^/?#]+)/i.exec(url);
  return match ? match[1] : '';
}
