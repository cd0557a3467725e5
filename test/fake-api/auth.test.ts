import type { TransportResponse } from '../../emulator/transport-types';
import { basic, harness, range, tokenRequest } from './helpers';

const body = (r: unknown) => JSON.parse((r as TransportResponse).body);

describe('token endpoint', () => {
  test('mints an opaque bearer token that lives 300 s', () => {
    const { api } = harness();
    const res = api.handle(tokenRequest(basic('demo-client', 'demo-secret'))) as TransportResponse;
    expect(res.status).toBe(200);
    const b = body(res);
    expect(b).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 });
    expect(b.access_token.length).toBeGreaterThan(20);
    expect(b.access_token).not.toContain('demo');
    expect(api.stats.tokenMints).toBe(1);
    const second = body(api.handle(tokenRequest(basic('demo-client', 'demo-secret'))));
    expect(second.access_token).not.toBe(b.access_token);
  });

  test('rejects a bad secret, an unknown client and a missing header with invalid_client', () => {
    const { api } = harness();
    for (const auth of [basic('demo-client', 'wrong'), basic('nobody', 'demo-secret'), '', 'Bearer x']) {
      const res = api.handle(tokenRequest(auth)) as TransportResponse;
      expect(res.status).toBe(401);
      expect(body(res).internalCode).toBe('invalid_client');
    }
    expect(api.stats.tokenMints).toBe(0);
  });

  test('rejects a missing or wrong grant_type with 400', () => {
    const { api } = harness();
    for (const b of ['', 'grant_type=password', 'grant=client_credentials']) {
      const res = api.handle(tokenRequest(basic('demo-client', 'demo-secret'), b)) as TransportResponse;
      expect(res.status).toBe(400);
    }
  });

  test('rejects a JSON body and a GET', () => {
    const { api } = harness();
    const json = {
      ...tokenRequest(basic('demo-client', 'demo-secret')),
      headers: { Authorization: basic('demo-client', 'demo-secret'), 'Content-Type': 'application/json' },
    };
    expect((api.handle(json) as TransportResponse).status).toBe(400);
    expect((api.handle({ ...tokenRequest(basic('demo-client', 'demo-secret')), method: 'GET' }) as TransportResponse).status).toBe(405);
  });

  test('header names are case-insensitive', () => {
    const { api } = harness();
    const res = api.handle({
      method: 'post',
      url: '/oauth/token',
      headers: { authorization: basic('demo-client', 'demo-secret'), 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: 'grant_type=client_credentials',
    }) as TransportResponse;
    expect(res.status).toBe(200);
  });
});

describe('bearer tokens on data calls', () => {
  test('a token works until 300 s after minting on the injected clock, then token_expired', () => {
    const h = harness();
    const token = h.token();
    h.clock.now += 299_000;
    expect(h.get('/sites', token).status).toBe(200);
    h.clock.now += 1_000;
    const res = h.get('/sites', token);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ internalCode: 'token_expired', message: expect.any(String) });
    expect(h.get('/sites', h.token()).status).toBe(200);
  });

  test('unknown or missing tokens get invalid_token', () => {
    const h = harness();
    expect(h.json('/sites', 'made-up').body.internalCode).toBe('invalid_token');
    const res = h.api.handle({ method: 'GET', url: '/creator-api/v1/sites', headers: {}, body: '' }) as TransportResponse;
    expect(res.status).toBe(401);
    expect(body(res).internalCode).toBe('invalid_token');
  });

  test('expireTokens() expires every issued token now', () => {
    const h = harness();
    const a = h.token();
    const b = h.token('agency');
    h.api.expireTokens();
    expect(h.json('/sites', a).body.internalCode).toBe('token_expired');
    expect(h.json('/sites', b).body.internalCode).toBe('token_expired');
    expect(h.get('/sites', h.token()).status).toBe(200);
  });

  test('revoke() kills existing tokens and new mints; restore() brings the credential back', () => {
    const h = harness();
    const token = h.token();
    h.api.revoke('demo-client');
    expect(h.json('/sites', token).body.internalCode).toBe('invalid_token');
    expect(() => h.token()).toThrow(/401/);
    expect(h.get('/sites', h.token('agency')).status).toBe(200);
    h.api.restore('demo-client');
    expect(h.get('/sites', h.token()).status).toBe(200);
  });

  test('secrets and tokens never appear in error bodies', () => {
    const h = harness();
    const token = h.token();
    h.api.expireTokens();
    expect(h.get('/sites', token).body).not.toContain(token);
    const res = h.api.handle(tokenRequest(basic('demo-client', 'demo-secretX'))) as TransportResponse;
    expect(res.body).not.toContain('demo-secret');
  });
});

describe('scopes', () => {
  test('each credential lists its own sites', () => {
    const h = harness();
    const ids = (client: 'demo' | 'agency' | 'other') =>
      h.json('/sites?page[size]=0', h.token(client)).body.data.map((s: { id: string }) => s.id);
    expect(ids('demo')).toEqual(['site-1', 'site-2', 'site-3', 'site-big', 'site-old']);
    expect(ids('agency')).toEqual([...Array.from({ length: 10 }, (_, i) => `agency-${String(i + 1).padStart(2, '0')}`), 'site-1']);
    expect(ids('other')).toEqual(['other-1']);
    expect(h.api.sites('agency-client')).toHaveLength(11);
    expect(h.api.sites('bench-client').map((s) => s.id)).toEqual(['site-1', 'site-big', 'site-huge']);
    expect(h.api.sites()).toHaveLength(17);
  });

  test('a site outside the scope is site_not_found, like an unknown one', () => {
    const h = harness();
    const other = h.token('other');
    for (const path of [
      '/sites/site-1/date-bounds',
      `/sites/site-1/earnings?${range('2026-10-01', '2026-10-02')}`,
      '/sites/nope/date-bounds',
    ]) {
      const res = h.json(path, other);
      expect(res.status).toBe(404);
      expect(res.body.internalCode).toBe('site_not_found');
    }
    expect(h.json('/sites/site-1/date-bounds', h.token('agency')).status).toBe(200);
  });
});
