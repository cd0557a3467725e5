import { createClient } from '../../src/api/client';
import { findReport } from '../../src/catalog/reports';
import { isCreatorError } from '../../src/shared/errors';
import { caught } from './helpers/caught';
import { CREDENTIAL, SECRET, stubbed, TOKEN_URL } from './helpers/stub-api';
import { json } from './helpers/api-world';

const devices = findReport('devices/performance')!;
const query = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };

describe('tokens', () => {
  it('mints once and reuses the token across executions through the user cache', () => {
    const { api, world } = stubbed();
    createClient(world.execution(), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 });
    createClient(world.execution('formula'), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 });
    expect(api.mints).toBe(1);
    expect(api.dataRequests).toHaveLength(2);
  });

  it('sends the credential as HTTP Basic with a form body, and the token as a Bearer header', () => {
    const { world } = stubbed();
    createClient(world.execution(), CREDENTIAL).listSites();
    const [mint, data] = world.stats.requests;
    expect(mint.url).toBe(TOKEN_URL);
    expect(mint.method).toBe('post');
    expect(mint.contentType).toBe('application/x-www-form-urlencoded');
    expect(mint.headers?.Authorization).toBe('Basic ' + Buffer.from(`client-1:${SECRET}`).toString('base64'));
    expect(data.headers?.Authorization).toBe('Bearer token-1');
  });

  it('mints a new token once the cached one is near its expiry', () => {
    const { api, world } = stubbed();
    createClient(world.execution(), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 });
    world.now += 241_000; // past expires_in - 60
    createClient(world.execution(), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 });
    expect(api.mints).toBe(2);
  });

  it('re-mints once on a 401 and retries the request', () => {
    const { api, world } = stubbed();
    createClient(world.execution(), CREDENTIAL).listSites();
    api.revokeAll();
    const rows = createClient(world.execution(), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 }).rows;
    expect(rows).toHaveLength(1);
    expect(api.mints).toBe(2);
  });

  it('reports AUTH_FAILED on a second 401, without the secret or a token in the message', () => {
    const { api, world } = stubbed();
    api.fail({ match: (r) => r.url !== TOKEN_URL, times: 2, respond: () => json(401, { code: 'token_revoked' }) });
    const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(devices, query));
    expect(isCreatorError(error) && error.code).toBe('AUTH_FAILED');
    expect((error as Error).message).toBe('The credential was rejected: check or re-enter it in Settings.');
    expect(api.mints).toBe(2);
    expect((error as Error).message).not.toContain(SECRET);
    expect((error as Error).message).not.toContain('token-');
  });

  it('reports AUTH_FAILED when the token endpoint rejects the credential', () => {
    const { world } = stubbed();
    const wrong = { ...CREDENTIAL, clientSecret: 'wrong-secret-9999' };
    const error = caught(() => createClient(world.execution(), wrong).listSites());
    expect(isCreatorError(error) && error.code).toBe('AUTH_FAILED');
    expect((error as Error).message).toContain('invalid_client');
    expect((error as Error).message).not.toContain('wrong-secret');
  });

  it('mints anyway when the user lock cannot be had, and releases a lock it took', () => {
    const { api, world } = stubbed();
    const release = world.emu.locks.hold('user'); // another execution of this user's
    createClient(world.execution(), CREDENTIAL).listSites();
    expect(api.mints).toBe(1);
    release();
    for (const key of Object.keys(world.userCache)) delete world.userCache[key];
    createClient(world.execution(), CREDENTIAL).fetchRows(devices, query);
    expect(world.emu.locks.held('user')).toBe(false);
  });

  /**
   * A token in the cache, taken out; `lockThatFreesLate()` is a lock that "comes free" only after
   * another execution has put that token back (as if it minted while this one waited).
   */
  function tokenMintedWhileWaiting() {
    const { api, world } = stubbed();
    createClient(world.execution(), CREDENTIAL).listSites();
    const key = Object.keys(world.userCache).find((k) => k.startsWith('creator.tok.'))!;
    const saved = world.userCache[key];
    delete world.userCache[key];
    const lock = world.platform().userLock()!;
    const original = lock.tryLock;
    let waited = 0;
    const lockThatFreesLate = () => ({ ...lock, tryLock: (ms: number) => (waited++, (world.userCache[key] = saved), original(ms)) });
    return { api, world, platform: world.platform(), lockThatFreesLate, waits: () => waited };
  }

  it('uses a token another execution cached while this one waited for the lock', () => {
    const { api, world, platform, lockThatFreesLate } = tokenMintedWhileWaiting();
    platform.userLock = lockThatFreesLate;
    createClient(world.execution(), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 });
    expect(api.mints).toBe(1);
  });

  it('where a custom function may not take the user lock, the script lock serialises the mint', () => {
    const { api, world, platform, lockThatFreesLate, waits } = tokenMintedWhileWaiting();
    // "You do not have permission to call LockService.getUserLock" comes back as null from the platform.
    platform.userLock = () => null;
    platform.scriptLock = lockThatFreesLate;
    createClient(world.execution(), CREDENTIAL).fetchRows(devices, query, { cacheTtlSeconds: 0 });
    expect(waits()).toBe(1);
    expect(api.mints).toBe(1);
  });
});
