import { createFakeApi } from '../../fake-api/index';
import { startFakeApiServer, type FakeApiServer } from '../../fake-api/server';
import { spawnFakeApiServer, type SpawnedFakeApi } from '../../fake-api/spawn';
import { NOW } from './helpers';

const BASIC = `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`;

async function mint(origin: string): Promise<string> {
  const res = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const admin = async (origin: string, op: string, body?: unknown) => {
  const res = await fetch(`${origin}/__fake/${op}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

describe('HTTP server', () => {
  let server: FakeApiServer;
  const clock = { now: NOW };
  const api = createFakeApi({ now: () => clock.now });

  beforeAll(async () => {
    server = await startFakeApiServer(api);
  });
  afterAll(() => server.close());
  beforeEach(() => api.reset());

  test('listens on 127.0.0.1 and serves the token and data endpoints', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = await mint(server.url);
    const res = await fetch(`${server.url}/creator-api/v1/sites/site-1/earnings?startDate=2026-10-01&endDate=2026-10-02`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
  });

  test('admin: quirks, inject, stats, expire-tokens, revoke, clock, reset', async () => {
    const token = await mint(server.url);
    const get = () => fetch(`${server.url}/creator-api/v1/sites?page%5Bsize%5D=0`, { headers: { authorization: `Bearer ${token}` } });
    expect((await admin(server.url, 'quirks', { numbersAsStrings: true })).body.numbersAsStrings).toBe(true);
    expect(((await (await get()).json()) as any).meta.totalItemCount).toBe('5');
    await admin(server.url, 'inject', { kind: 'status', status: 429, retryAfter: 2 });
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    const stats = (await admin(server.url, 'stats')).body;
    expect(stats.byPath['/creator-api/v1/sites']).toBe(2);
    expect(stats.log[stats.log.length - 1]).toMatchObject({ path: '/creator-api/v1/sites', query: 'page[size]=0', status: 429 });
    await admin(server.url, 'expire-tokens', {});
    expect((await get()).status).toBe(401);
    await admin(server.url, 'clock', { offsetMs: 86_400_000 });
    expect(api.now()).toBe(NOW + 86_400_000);
    await admin(server.url, 'clock', { now: NOW + 5 });
    expect(api.now()).toBe(NOW + 5);
    await admin(server.url, 'revoke', { clientId: 'demo-client' });
    const refused = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(refused.status).toBe(401);
    await admin(server.url, 'reset', {});
    expect(api.now()).toBe(NOW);
    expect((await mint(server.url)).length).toBeGreaterThan(10);
    expect((await admin(server.url, 'inject', { kind: 'bogus' })).status).toBe(400);
    expect((await admin(server.url, 'nope', {})).status).toBe(404);
  });

  test('latency faults really wait; network faults drop the connection', async () => {
    const token = await mint(server.url);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    await admin(server.url, 'inject', { kind: 'latency', delayMs: 300, path: 'page[size]=1' });
    // A request sent after the delayed one, without the fault, is answered first: the delay holds
    // the response back (an order, not a stopwatch, so a loaded machine cannot flake it).
    const answered: string[] = [];
    const delayed = fetch(`${server.url}/creator-api/v1/sites?page%5Bsize%5D=1`, auth).then((r) => (answered.push('delayed'), r));
    const prompt = fetch(`${server.url}/creator-api/v1/sites?page%5Bsize%5D=2`, auth).then((r) => (answered.push('prompt'), r));
    const [res] = await Promise.all([delayed, prompt]);
    expect(res.status).toBe(200);
    expect(answered).toEqual(['prompt', 'delayed']);
    await admin(server.url, 'inject', { kind: 'network' });
    await expect(fetch(`${server.url}/creator-api/v1/sites`, { headers: { authorization: `Bearer ${token}` } })).rejects.toThrow();
  });
});

describe('spawnFakeApiServer', () => {
  let child: SpawnedFakeApi;
  beforeAll(async () => {
    child = await spawnFakeApiServer();
  });
  afterAll(() => child?.stop());

  test('runs the server in a child process with the demo credential', async () => {
    expect(child.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(child.apiBaseUrl).toBe(`${child.origin}/creator-api/v1`);
    expect(child.tokenUrl).toBe(`${child.origin}/oauth/token`);
    expect(child.clientId).toBe('demo-client');
    const token = await mint(child.origin);
    const res = await fetch(`${child.apiBaseUrl}/sites?page[size]=0`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(5);
  });

  test('admin() steers it and stop() ends it', async () => {
    await child.admin('inject', { kind: 'status', status: 503 });
    const token = await mint(child.origin);
    expect((await fetch(`${child.apiBaseUrl}/sites`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(503);
    const stats = (await child.admin('stats')) as { tokenMints: number };
    expect(stats.tokenMints).toBeGreaterThanOrEqual(1);
    await expect(child.admin('inject', { kind: 'bogus' })).rejects.toThrow(/400/);
    await child.stop();
    await expect(fetch(`${child.origin}/__fake/stats`)).rejects.toThrow();
  });
});
