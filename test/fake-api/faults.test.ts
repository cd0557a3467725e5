import type { TransportResponse } from '../../emulator/transport-types';
import { basic, harness, range, tokenRequest } from './helpers';

const OCT = range('2026-10-01', '2026-10-31');
const PAGES = `/sites/site-1/pages/performance?${OCT}&page[size]=100`;

function setup() {
  const h = harness();
  const token = h.token();
  const call = (path = '/sites') =>
    h.api.handle({ method: 'GET', url: `http://h/creator-api/v1${path}`, headers: { Authorization: `Bearer ${token}` }, body: '' });
  return { h, token, call };
}

describe('faults', () => {
  test('status 429 with Retry-After fires once by default, then calls succeed', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'status', status: 429, retryAfter: 7 });
    const res = call() as TransportResponse;
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(JSON.parse(res.body).internalCode).toBe('rate_limited');
    expect((call() as TransportResponse).status).toBe(200);
    expect(h.api.faults).toEqual([]);
  });

  test.each([500, 502, 503, 504])('status %i', (status) => {
    const { h, call } = setup();
    h.api.inject({ kind: 'status', status, times: 2 });
    expect((call() as TransportResponse).status).toBe(status);
    expect((call() as TransportResponse).status).toBe(status);
    expect((call() as TransportResponse).status).toBe(200);
  });

  test('faults without a path spare the token endpoint', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'status', status: 500 });
    expect(h.token()).toEqual(expect.any(String));
    expect((call() as TransportResponse).status).toBe(500);
  });

  test('path and after: the third matching request fails', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'status', status: 503, path: 'pages/performance', after: 2 });
    expect((call('/sites') as TransportResponse).status).toBe(200);
    expect((call(PAGES) as TransportResponse).status).toBe(200);
    expect((call(`${PAGES}&page[number]=2`) as TransportResponse).status).toBe(200);
    expect((call(`${PAGES}&page[number]=3`) as TransportResponse).status).toBe(503);
    expect((call(`${PAGES}&page[number]=3`) as TransportResponse).status).toBe(200);
  });

  test('path matches the decoded query too', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'status', status: 500, path: 'page[number]=2' });
    expect((call(PAGES) as TransportResponse).status).toBe(200);
    expect((call(`/sites/site-1/pages/performance?${OCT}&page%5Bnumber%5D=2`) as TransportResponse).status).toBe(500);
  });

  test('malformed: a 200 with truncated JSON', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'malformed' });
    const res = call() as TransportResponse;
    expect(res.status).toBe(200);
    expect(() => JSON.parse(res.body)).toThrow();
  });

  test('html: a 502 proxy page', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'html' });
    const res = call() as TransportResponse;
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html>/);
  });

  test('latency: the response says how long it took', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'latency', delayMs: 4000 });
    const res = call() as TransportResponse;
    expect(res.status).toBe(200);
    expect(res.delayMs).toBe(4000);
    expect((call() as TransportResponse).delayMs).toBeUndefined();
  });

  test('network: a network failure in process, logged with status 0', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'network' });
    expect(call()).toEqual({ networkError: expect.any(String) });
    expect(h.api.stats.log[h.api.stats.log.length - 1].status).toBe(0);
  });

  test('tokenDown: the token endpoint answers 503, data calls are untouched', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'tokenDown' });
    expect((call() as TransportResponse).status).toBe(200);
    const res = h.api.handle(tokenRequest(basic('demo-client', 'demo-secret'))) as TransportResponse;
    expect(res.status).toBe(503);
    expect(h.token()).toEqual(expect.any(String));
  });

  test('revoke: this request and every later one fail, new tokens too', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'revoke' });
    expect(JSON.parse((call() as TransportResponse).body).internalCode).toBe('invalid_token');
    expect((call() as TransportResponse).status).toBe(401);
    expect(() => h.token()).toThrow(/401/);
  });

  test('expireToken: the token used expires; a new one works', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'expireToken' });
    expect(JSON.parse((call() as TransportResponse).body).internalCode).toBe('token_expired');
    expect(JSON.parse((call() as TransportResponse).body).internalCode).toBe('token_expired');
    expect(h.get('/sites', h.token()).status).toBe(200);
  });

  test('cycle: next points back to page 1', () => {
    const { h } = setup();
    h.api.inject({ kind: 'cycle', path: 'page[number]=2' });
    expect(h.json(`${PAGES}&page[number]=2`).body.meta.page.next).toBe(1);
    expect(h.json(`${PAGES}&page[number]=2`).body.meta.page.next).toBe(3);
  });

  test('nextNotIncreasing: next repeats the current page', () => {
    const { h } = setup();
    h.api.inject({ kind: 'nextNotIncreasing' });
    expect(h.json(`${PAGES}&page[number]=4`).body.meta.page.next).toBe(4);
  });

  test('countChange: a later page reports a different recordCount', () => {
    const { h } = setup();
    h.api.inject({ kind: 'countChange' });
    expect(h.json(PAGES).body.meta.recordCount).toBe(1203);
    expect(h.json(`${PAGES}&page[number]=2`).body.meta.recordCount).not.toBe(1203);
  });

  test('shortPage: a middle page has fewer rows, recordCount unchanged', () => {
    const { h } = setup();
    h.api.inject({ kind: 'shortPage', after: 1 });
    expect(h.json(PAGES).body.data).toHaveLength(100);
    const short = h.json(`${PAGES}&page[number]=2`).body;
    expect(short.data.length).toBeLessThan(100);
    expect(short.meta.recordCount).toBe(1203);
    expect(h.json(`${PAGES}&page[number]=13`).body.data).toHaveLength(3);
  });

  test('pagination faults skip non-paginated requests', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'cycle' });
    expect((call('/sites') as TransportResponse).status).toBe(200);
    expect(h.api.faults).toHaveLength(1);
  });

  test('clearFaults() and unknown kinds', () => {
    const { h, call } = setup();
    h.api.inject({ kind: 'status', status: 500, times: 100 });
    h.api.clearFaults();
    expect((call() as TransportResponse).status).toBe(200);
    expect(() => h.api.inject({ kind: 'explode' } as never)).toThrow(/unknown fault/);
  });
});

describe('stats', () => {
  test('requests by path, token mints and a log', () => {
    const { h, call } = setup();
    call('/sites?page[size]=0');
    call(PAGES);
    call(PAGES);
    expect(h.api.stats.requests).toBe(4);
    expect(h.api.stats.tokenMints).toBe(1);
    expect(h.api.stats.byPath).toEqual({
      '/oauth/token': 1,
      '/creator-api/v1/sites': 1,
      '/creator-api/v1/sites/site-1/pages/performance': 2,
    });
    expect(h.api.stats.log[1]).toEqual({ method: 'GET', path: '/creator-api/v1/sites', query: 'page[size]=0', status: 200 });
    h.api.reset();
    expect(h.api.stats.requests).toBe(0);
  });

  test('unknown paths are 404 and the handler never throws', () => {
    const { call } = setup();
    expect((call('/nope') as TransportResponse).status).toBe(404);
    expect((call('/sites/site-1/unknown/report') as TransportResponse).status).toBe(404);
  });
});
