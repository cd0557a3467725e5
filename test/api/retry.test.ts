import { createClient } from '../../src/api/client';
import { findReport } from '../../src/catalog/reports';
import { caught } from './helpers/caught';
import { CREDENTIAL, SECRET, stubbed, TOKEN_URL } from './helpers/stub-api';
import { json } from './helpers/api-world';

const devices = findReport('devices/performance')!;
const query = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };
const isData = (r: { url: string }) => r.url !== TOKEN_URL;

const half = () => 0.5;

describe('retries', () => {
  it('waits as long as Retry-After asks on a 429, then succeeds', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, respond: () => json(429, { internalCode: 'rate_limited' }, { 'retry-after': '7' }) });
    const result = createClient(world.execution(), CREDENTIAL, { random: () => 0 }).fetchRows(devices, query);
    expect(result.rows).toHaveLength(1);
    expect(world.stats.sleeps).toEqual([7000]);
  });

  it('backs off exponentially with jitter on 429s without Retry-After', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, times: 3, respond: () => json(429, {}) });
    createClient(world.execution(), CREDENTIAL, { random: half }).fetchRows(devices, query);
    expect(world.stats.sleeps).toEqual([250, 500, 1000]);
  });

  it('retries a 5xx and a network failure, then succeeds', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, respond: () => json(503, {}) });
    api.fail({ match: isData, respond: () => 'network' });
    const result = createClient(world.execution(), CREDENTIAL, { random: half }).fetchRows(devices, query);
    expect(result.rows).toHaveLength(1);
    expect(world.stats.sleeps).toHaveLength(2);
  });

  it('gives up after five tries with SERVER_ERROR and a clear message', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, times: 99, respond: () => json(502, { code: 'bad_gateway' }) });
    const error = caught(() => createClient(world.execution(), CREDENTIAL, { random: half }).fetchRows(devices, query));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.message).toContain('status 502, bad_gateway');
    expect(error.message).toContain('Try again in a minute');
    expect(api.faults[0].times).toBe(99 - 5);
  });

  it('does not retry other statuses: 400 becomes BAD_INPUT with the provider sentence', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, respond: () => json(400, { code: 'invalid_sort', message: 'Unknown sort field foo' }) });
    const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query));
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toContain('invalid_sort');
    expect(error.message).toContain('Unknown sort field foo.');
    expect(world.stats.sleeps).toEqual([]);
  });

  it('never echoes an HTML or long body', () => {
    const { api, world } = stubbed();
    const html = '<html><body><h1>Bad Request</h1><p>nginx</p></body></html>';
    api.fail({ match: isData, respond: () => ({ status: 400, text: html, headers: {} }) });
    const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query));
    expect(error.message).not.toContain('<');
    expect(error.message).not.toContain('nginx');
    api.fail({ match: isData, respond: () => json(400, { message: 'x'.repeat(400) }) });
    expect(caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query)).message).not.toContain('xxxxxxxx');
  });

  it('maps 404 to NOT_FOUND and 403 to FORBIDDEN, each naming the site and what to check', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, respond: () => json(404, { errors: [{ internalCode: 'site_not_found' }] }) });
    const missing = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe(
      "Site site-1 is not available to this credential (status 404, site_not_found): it has no site with this ID. Check the site ID against CREATOR_SITES() or the sidebar's site list.",
    );
    expect(missing.providerCode).toBe('site_not_found');
    api.fail({ match: isData, respond: () => json(403, { errors: [{ internalCode: 'report_forbidden' }] }) });
    const refused = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toMatch(
      /^Site site-1 is not available to this credential \(status 403, report_forbidden\): its dashboard user may not see this site or this report\./,
    );
  });

  it('maps a 200 with HTML or broken JSON to BAD_RESPONSE, without the body', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, respond: () => ({ status: 200, text: '<!doctype html><title>Login</title>', headers: {} }) });
    const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toContain('answered with a web page instead of data (status 200)');
    api.fail({ match: isData, respond: () => ({ status: 200, text: '{"data": [', headers: {} }) });
    expect(caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query)).code).toBe('BAD_RESPONSE');
  });

  it('fails at once, before the deadline, when Retry-After is longer than the time left', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, times: 9, respond: () => json(429, { internalCode: 'rate_limited' }, { 'retry-after': '60' }) });
    const execution = world.execution('formula');
    const error = caught(() => createClient(execution, CREDENTIAL).fetchRows(devices, query));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toContain('asked to wait 60 s');
    expect(error.message).toContain('sidebar');
    expect(world.stats.sleeps).toEqual([]);
    expect(world.now).toBeLessThan(execution.deadline);
  });

  it('stops backing off when the next wait would pass the deadline', () => {
    const { api, world } = stubbed({}, { latencyMs: 4_000 });
    api.fail({ match: isData, times: 9, respond: () => json(503, {}) });
    const execution = world.execution('formula');
    const error = caught(() => createClient(execution, CREDENTIAL, { random: () => 0.99 }).fetchRows(devices, query));
    expect(['SERVER_ERROR', 'TIME_BUDGET']).toContain(error.code);
    expect(error.message).toMatch(/no time left|did not finish/);
    expect(world.now).toBeLessThanOrEqual(execution.deadline);
  });

  it('reports an exhausted network as NETWORK naming the host, never the URL query or secret', () => {
    const { api, world } = stubbed();
    api.fail({ match: isData, times: 9, respond: () => 'network' });
    const error = caught(() => createClient(world.execution(), CREDENTIAL, { random: half }).fetchRows(devices, query));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toContain('publisher-api.raptive.com');
    expect(error.message).not.toContain(SECRET);
  });

  it('turns an UrlFetch quota error into RATE_LIMITED without retrying', () => {
    const { world } = stubbed();
    world.emu.urlFetch.quotaSpent = true;
    const error = caught(() => createClient(world.execution(), CREDENTIAL).listSites());
    expect(error.code).toBe('RATE_LIMITED');
    expect(world.emu.counters.fetchCalls + world.emu.counters.fetchAllCalls).toBe(1);
  });
});
