import { newEmulator } from './helpers';

describe('PropertiesService', () => {
  it('keeps user properties per user, document and script properties shared', () => {
    const emu = newEmulator();
    const { PropertiesService } = emu.globals;
    PropertiesService.getUserProperties().setProperty('k', 'owner');
    PropertiesService.getDocumentProperties().setProperty('d', 'doc');
    emu.setUser('editor@example.com');
    expect(PropertiesService.getUserProperties().getProperty('k')).toBeNull();
    PropertiesService.getUserProperties().setProperty('k', 'editor');
    expect(PropertiesService.getDocumentProperties().getProperty('d')).toBe('doc');
    emu.setUser('owner@example.com');
    expect(PropertiesService.getUserProperties().getProperty('k')).toBe('owner');
  });

  it('stores strings and supports the whole Properties API', () => {
    const emu = newEmulator();
    const p = emu.globals.PropertiesService.getScriptProperties();
    p.setProperty('n', 42 as unknown as string).setProperty('b', true as unknown as string);
    expect(p.getProperty('n')).toBe('42');
    expect(p.getProperties()).toEqual({ n: '42', b: 'true' });
    p.setProperties({ c: '3' });
    expect(p.getKeys().sort()).toEqual(['b', 'c', 'n']);
    p.setProperties({ z: '26' }, true);
    expect(p.getProperties()).toEqual({ z: '26' });
    p.deleteProperty('z');
    expect(p.getProperty('z')).toBeNull();
    p.setProperties({ a: '1', b: '2' });
    p.deleteAllProperties();
    expect(p.getKeys()).toEqual([]);
    expect(emu.counters.propertyWrites).toBe(7);
    expect(emu.counters.propertyReads).toBe(6);
  });

  it('enforces 9 KB per value and 500 KB per store', () => {
    const p = newEmulator().globals.PropertiesService.getUserProperties();
    p.setProperty('k', 'x'.repeat(9 * 1024 - 1));
    expect(() => p.setProperty('k', 'x'.repeat(9 * 1024))).toThrow('Argument too large: value');
    expect(() => p.setProperty('k', 'é'.repeat(5000))).toThrow('Argument too large: value');
    for (let i = 0; i < 55; i++) p.setProperty(`key${String(i).padStart(2, '0')}`, 'x'.repeat(9000));
    expect(() => p.setProperty('one-too-many', 'x'.repeat(9000))).toThrow(/exceeded the property storage quota/);
    expect(p.getProperty('one-too-many')).toBeNull();
  });
});

describe('CacheService', () => {
  it('expires entries on the virtual clock (default 600 s)', () => {
    const emu = newEmulator();
    const c = emu.globals.CacheService.getScriptCache();
    c.put('a', 'A');
    c.put('b', 'B', 30);
    emu.clock.advance(29_999);
    expect(c.get('b')).toBe('B');
    emu.clock.advance(1);
    expect(c.get('b')).toBeNull();
    emu.clock.advance(570_000 - 1);
    expect(c.get('a')).toBe('A');
    emu.clock.advance(1);
    expect(c.get('a')).toBeNull();
    expect(emu.counters).toMatchObject({ cacheGets: 4, cacheHits: 2, cacheMisses: 2, cachePuts: 2 });
  });

  it('supports getAll, putAll, remove and removeAll', () => {
    const emu = newEmulator();
    const c = emu.globals.CacheService.getDocumentCache()!;
    c.putAll({ a: '1', b: '2', c: '3' }, 60);
    expect(c.getAll(['a', 'b', 'x'])).toEqual({ a: '1', b: '2' });
    c.remove('a');
    c.removeAll(['b', 'nothing']);
    expect(c.getAll(['a', 'b', 'c'])).toEqual({ c: '3' });
    expect(emu.counters).toMatchObject({ cacheGets: 2, cachePuts: 1, cacheHits: 3, cacheMisses: 3 });
  });

  it('enforces key, value and TTL limits', () => {
    const c = newEmulator().globals.CacheService.getScriptCache();
    c.put('k'.repeat(250), 'v');
    expect(() => c.put('k'.repeat(251), 'v')).toThrow('Argument too large: key');
    c.put('v', 'x'.repeat(102_400));
    expect(() => c.put('v', 'x'.repeat(102_401))).toThrow('Argument too large: value');
    expect(() => c.put('v', 'é'.repeat(51_201))).toThrow('Argument too large: value');
    c.put('t', 'v', 21_600);
    expect(() => c.put('t', 'v', 21_601)).toThrow(/expirationInSeconds/);
    expect(() => c.putAll({ ok: 'v', ['k'.repeat(251)]: 'v' })).toThrow('Argument too large: key');
    expect(c.get('ok')).toBeNull();
  });

  it('keeps about 1,000 items, evicting the oldest', () => {
    const c = newEmulator().globals.CacheService.getScriptCache();
    for (let i = 0; i < 1005; i++) c.put(`k${i}`, 'v');
    expect(c.get('k0')).toBeNull();
    expect(c.get('k4')).toBeNull();
    expect(c.get('k5')).toBe('v');
    expect(c.get('k1004')).toBe('v');
  });

  it('keeps user caches per user', () => {
    const emu = newEmulator();
    emu.globals.CacheService.getUserCache()!.put('k', 'owner');
    emu.setUser('editor@example.com');
    expect(emu.globals.CacheService.getUserCache()!.get('k')).toBeNull();
  });
});
