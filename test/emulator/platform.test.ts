import { newEmulator } from './helpers';

describe('createPlatform(emu.globals)', () => {
  it('works end to end', () => {
    const emu = newEmulator({ latencyMs: 50 });
    const p = emu.platform();
    expect(p.sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(p.base64Encode('héllo')).toBe('aMOpbGxv');
    const big = 'row,'.repeat(50_000) + 'ünïcode';
    const packed = p.gzipToBase64(big);
    expect(packed.length).toBeLessThan(big.length / 10);
    expect(p.gunzipFromBase64(packed)).toBe(big);
    expect(() => p.gunzipFromBase64('bm90IGd6aXA=')).toThrow();

    const instant = new Date('2026-11-21T09:30:00Z');
    expect(p.formatDate(instant, 'America/Los_Angeles', 'yyyy-MM-dd HH:mm')).toBe('2026-11-21 01:30');
    expect(p.formatDate(instant, 'Pacific/Auckland', 'yyyy-MM-dd HH:mm')).toBe('2026-11-21 22:30');
    expect(p.formatDate(new Date('2026-11-21T12:30:00Z'), 'Pacific/Auckland', 'yyyy-MM-dd')).toBe('2026-11-22');

    const t0 = p.now();
    p.sleep(250);
    expect(p.now()).toBe(t0 + 250);
    const res = p.http.fetch({ url: 'https://api.example.com/status/500' });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json');
    expect(
      p.http
        .fetchAll([{ url: 'https://api.example.com/a' }, { url: 'https://api.example.com/b', method: 'post', payload: 'x' }])
        .map((r) => r.status),
    ).toEqual([200, 200]);
    expect(p.now()).toBe(t0 + 250 + 100);
    expect(() => p.http.fetch({ url: 'https://api.example.com/down' })).toThrow(/Address unavailable/);

    p.userProperties.setProperty('a', '1');
    expect(p.userProperties.getProperty('a')).toBe('1');
    p.userCache.put('k', 'v', 60);
    expect(p.documentCache!.get('k')).toBeNull();
    expect(p.userCache.get('k')).toBe('v');
    expect(p.documentProperties).not.toBeNull();
    expect(p.userLock()!.tryLock(100)).toBe(true);
    expect(p.documentLock()!.tryLock(100)).toBe(true);
    expect(p.userEmail()).toBe('owner@example.com');
    expect(p.timeZone()).toBe('America/New_York');
    p.log('hi');
    expect(emu.logs).toEqual(['hi']);

    const id = p.triggers.createHourly('refreshAll');
    expect(p.triggers.list()).toEqual([{ id, handler: 'refreshAll' }]);
    expect(() => p.triggers.createHourly('again')).toThrow(/too many time-based triggers/);
    p.triggers.remove(id);
    expect(p.triggers.list()).toEqual([]);
  });

  it('in customFunction mode: no document properties (null), empty email, owner stores', () => {
    const emu = newEmulator();
    emu.platform().userProperties.setProperty('cred', 'x');
    emu.runAs({ user: 'editor@example.com', mode: 'customFunction' }, () => {
      const p = emu.platform();
      expect(p.documentProperties).toBeNull();
      expect(p.userEmail()).toBe('');
      expect(p.userProperties.getProperty('cred')).toBe('x');
    });
  });
});
