/** What the fake API reads of a query string: URLSearchParams' get and has. */
export interface Query {
  get(name: string): string | null;
  has(name: string): boolean;
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A query string (`a=1&b=two`) as URLSearchParams parses it, in plain JavaScript: the add-on's
 * demo mode runs this API inside Apps Script, which has no URL or URLSearchParams.
 */
export function parseQuery(search: string): Query {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '')
    .map((part): [string, string] => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
  return {
    get: (name) => pairs.find(([k]) => k === name)?.[1] ?? null,
    has: (name) => pairs.some(([k]) => k === name),
  };
}

/** A URL's path and query string, without URL (absent in Apps Script); a path alone is fine too. */
export function splitUrl(url: string): { pathname: string; search: string } {
  const noHash = url.split('#')[0];
  const q = noHash.indexOf('?');
  const beforeQuery = q < 0 ? noHash : noHash.slice(0, q);
  const search = q < 0 ? '' : noHash.slice(q);
  const pathname = beforeQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search };
}
