/**
 * An API (or a proxy before it) that echoes the request's bearer token or the client secret inside
 * its data (a site name, a page URL with the token in its query, a debug field) must not get them
 * into a cell, the sidebar or a formula's result: the requester hides such text before any layer
 * above it sees the answer.
 */
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { API_BASE_URL, buildBundle, createWorld, findSecrets, TOKEN_URL, type World } from '../hardening/world';

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

/**
 * A world connected with `secret` as the client secret. The fake API knows only its own, so the
 * token request is answered as for the demo credentials; `edit` then rewrites every answer.
 */
function worldWithSecret(secret: string, edit: (req: TransportRequest, res: TransportResponse) => TransportResponse): World {
  const w = createWorld();
  const demo = Buffer.from('demo-client:demo-secret').toString('base64');
  w.setEdit((req, res) => {
    if (!req.url.includes('/oauth/token')) return edit(req, res);
    return w.api.handle({ ...req, headers: { ...req.headers, Authorization: `Basic ${demo}` } }) as TransportResponse;
  });
  const saved = w.sidebar('saveSettings', [
    { clientId: 'demo-client', clientSecret: secret, apiBaseUrl: API_BASE_URL, tokenUrl: TOKEN_URL, allowFormulas: true },
  ]);
  expect(saved.ok).toBe(true);
  return w;
}

const PAGES = { report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Pages' };

describe('a client secret of digits, which the API can echo as a number', () => {
  const secret = '4815162342108108';
  const eachRow = (change: (row: Record<string, unknown>) => void) => (_req: TransportRequest, res: TransportResponse) => {
    if (res.status !== 200) return res;
    const body = JSON.parse(res.body) as { data?: unknown };
    if (Array.isArray(body.data)) for (const row of body.data as Array<Record<string, unknown>>) change(row);
    return { ...res, body: JSON.stringify(body) };
  };

  it('as a field of every row: no cell, formula result or cache shows its digits', () => {
    const w = worldWithSecret(
      secret,
      eachRow((row) => {
        row.accountRef = Number(secret);
      }),
    );
    expect(w.sidebar('runReport', [{ report: 'sites', sheetName: 'Sites' }]).ok).toBe(true);
    expect(w.formula('CREATOR_SITES').ok).toBe(true);
    expect(w.sidebar('runReport', [PAGES]).ok).toBe(true);
    expect(findSecrets(w, [secret])).toEqual([]);
    // The rest of each row is still there.
    expect(w.emu.spreadsheet.values('Pages!A1:C2')[1].some((v) => typeof v === 'number')).toBe(true);
  });

  it('as the row count: no message, status, status sheet or e-mail says it, grouped or not', () => {
    const w = worldWithSecret(secret, (req, res) => {
      if (!req.url.includes('/pages') || res.status !== 200) return res;
      const body = JSON.parse(res.body) as { meta?: Record<string, unknown> };
      body.meta = { ...body.meta, recordCount: Number(secret) };
      return { ...res, body: JSON.stringify(body) };
    });
    w.sidebar('runReport', [PAGES]);
    const saved = w.sidebar('saveReport', [
      { ...PAGES, name: 'Hourly pages', sheetName: 'Hourly', schedule: { every: 'hour' }, notifyOnFailure: true },
    ]);
    expect(saved.ok).toBe(true);
    w.emu.clock.advance(3_600_000);
    for (const t of w.emu.triggers) w.emu.fireTrigger(t.id);
    w.sidebar('showStatusSheet');
    expect(findSecrets(w, [secret])).toEqual([]);
  });

  it('as the wait a 429 asks for: the message leaves the number out', () => {
    const w = worldWithSecret(secret, (req, res) =>
      req.url.includes('/pages') ? { status: 429, headers: { 'retry-after': secret }, body: '{}' } : res,
    );
    const run = w.sidebar('runReport', [PAGES]);
    expect(run.ok).toBe(false);
    expect(run.ok ? '' : run.message).toMatch(/limiting requests/);
    expect(findSecrets(w, [secret])).toEqual([]);
  });
});

describe('a client secret echoed in another Unicode form', () => {
  it('composed where it was saved decomposed, and the other way: no cell shows it', () => {
    const decomposed = 'E\u0301le\u0301phant-e\u0301te\u0301-De\u0301fi-Re\u0301el';
    for (const [saved, echoed] of [
      [decomposed, decomposed.normalize('NFC')],
      [decomposed.normalize('NFC'), decomposed],
    ]) {
      const w = worldWithSecret(saved, (_req, res) => {
        if (res.status !== 200) return res;
        const body = JSON.parse(res.body) as { data?: unknown };
        if (Array.isArray(body.data)) for (const row of body.data as Array<Record<string, unknown>>) row.debug = `client_secret=${echoed}`;
        return { ...res, body: JSON.stringify(body) };
      });
      expect(w.sidebar('runReport', [{ report: 'sites', sheetName: 'Sites' }]).ok).toBe(true);
      expect(findSecrets(w, [saved, echoed], { parts: 8 })).toEqual([]);
      expect(JSON.stringify(w.emu.spreadsheet.values('Sites!A1:H3'))).toContain('(hidden');
    }
  });
});
