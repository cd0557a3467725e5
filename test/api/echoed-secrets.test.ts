/**
 * An API (or a proxy before it) that echoes the request's bearer token or the client secret inside
 * its data (a site name, a page URL with the token in its query, a debug field) must not get them
 * into a cell, the sidebar or a formula's result: the requester hides such text before any layer
 * above it sees the answer.
 */
import { buildBundle, createWorld, findSecrets, type World } from '../hardening/world';

beforeAll(async () => {
  await buildBundle();
});

/** How the API writes its answer's text: as JSON.stringify does, or with the echoed credentials escaped. */
type Writing = (text: string, secrets: string[]) => string;
const plainly: Writing = (text) => text;
/** Every character of an echoed credential as a `\u` escape, and every `/` as `\/` (PHP's default). */
const escaping: Writing = (text, secrets) => {
  const asEscapes = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  let out = text.replace(/\//g, '\\/');
  for (const secret of secrets) if (secret !== '') out = out.split(secret).join(asEscapes(secret));
  return out;
};

function echoingWorld(write: Writing): World {
  const w = createWorld();
  w.setEdit((req, res) => {
    if (req.url.includes('/oauth/token') || res.status !== 200) return res;
    const auth = Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? '';
    const token = String(auth).replace(/^Bearer /, '');
    const body = JSON.parse(res.body) as unknown;
    const rows = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown }).data) ? (body as { data: unknown[] }).data : [];
    for (const row of rows as Array<Record<string, unknown>>) {
      if (!row || typeof row !== 'object') continue;
      if ('name' in row) row.name = `Example Kitchen (${token})`;
      if ('pageUrl' in row) row.pageUrl = `/recipes/soup?access_token=${token}`;
      row.debug = `client_secret=demo-secret; Authorization: ${String(auth)}`;
      row[`x_${token}`] = 1;
    }
    return { ...res, body: write(JSON.stringify(body), [token, 'demo-secret']) };
  });
  w.connect();
  return w;
}

describe.each([
  ['as it is', plainly],
  ['JSON-escaped (every character as \\u, every / as \\/)', escaping],
])('the API echoing the credential inside its data, %s', (_, write) => {
  it('reaches no cell, no sidebar answer and no formula result', () => {
    const w = echoingWorld(write);
    expect(w.sidebar('testConnection').ok).toBe(true);
    const pull = w.sidebar('runReport', [{ report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Pages' }]);
    expect(pull.ok).toBe(true);
    expect(w.sidebar('runReport', [{ report: 'sites', sheetName: 'Sites' }]).ok).toBe(true);
    expect(w.formula('CREATOR_SITES').ok).toBe(true);
    expect(w.tokens.length).toBeGreaterThan(0);
    expect(findSecrets(w, ['demo-secret', ...w.tokens])).toEqual([]);
    const secrets = ['demo-secret', ...w.tokens];
    expect(w.seen.filter((text) => secrets.some((s) => text.includes(s)))).toEqual([]);
    // The rest of each row is still there.
    const pages = w.emu.spreadsheet.values('Pages!A1:C3');
    expect(pages[0]).toEqual(expect.arrayContaining(['Page URL']));
    expect(pages[1].some((v) => typeof v === 'number')).toBe(true);
  });
});
