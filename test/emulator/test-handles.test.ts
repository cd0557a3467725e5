import { newEmulator, thrownMessage } from './helpers';

/** What tests steer and read the emulator by, beside the Apps Script services it plays. */
describe('lock probe', () => {
  it('held() sees a lock an execution took and one another execution holds, and sees it go', () => {
    const emu = newEmulator();
    const lock = emu.globals.LockService.getDocumentLock();
    expect(emu.locks.held('document')).toBe(false);
    lock.tryLock(0);
    expect(emu.locks.held('document')).toBe(true);
    lock.releaseLock();
    expect(emu.locks.held('document')).toBe(false);
    const release = emu.locks.hold('user', 'editor@example.com');
    expect(emu.locks.held('user', 'editor@example.com')).toBe(true);
    expect(emu.locks.held('user')).toBe(false); // the owner's user lock is another lock
    release();
    expect(emu.locks.held('user', 'editor@example.com')).toBe(false);
  });
});

describe('trigger IDs', () => {
  it('triggerId(n) is the ID the nth created trigger gets, deleted ones counted', () => {
    const emu = newEmulator();
    const { ScriptApp } = emu.globals;
    const first = ScriptApp.newTrigger('a').timeBased().everyHours(1).create();
    ScriptApp.deleteTrigger(first);
    const second = ScriptApp.newTrigger('b').timeBased().everyHours(1).create();
    expect(first.getUniqueId()).toBe(emu.triggerId(1));
    expect(second.getUniqueId()).toBe(emu.triggerId(2));
    expect(emu.triggers.map((t) => t.id)).toEqual([emu.triggerId(2)]);
  });
});

describe('cache entries and faults', () => {
  it("entries() is the user's stored cache, live: a damaged entry is what the next get returns", () => {
    const emu = newEmulator();
    const cache = emu.globals.CacheService.getUserCache();
    cache.put('k', 'value', 60);
    expect(Object.keys(emu.caches.entries('user'))).toEqual(['k']);
    emu.caches.entries('user').k.value = 'damaged';
    expect(cache.get('k')).toBe('damaged');
    delete emu.caches.entries('user').k;
    expect(cache.get('k')).toBeNull();
    expect(emu.caches.entries('user', 'editor@example.com')).toEqual({});
  });

  it('putErrors: the next N writes throw a server error and store nothing; later ones work', () => {
    const emu = newEmulator();
    const cache = emu.globals.CacheService.getUserCache();
    emu.caches.putErrors = 2;
    expect(thrownMessage(() => cache.put('a', '1'))).toMatch(/^Service error: Cache/);
    expect(thrownMessage(() => cache.putAll({ b: '2' }))).toMatch(/^Service error: Cache/);
    cache.put('c', '3');
    expect(Object.keys(emu.caches.entries('user'))).toEqual(['c']);
    expect(emu.caches.putErrors).toBe(0);
  });
});

describe('UrlFetchApp quota fault', () => {
  it("quotaSpent: fetch and fetchAll throw Google's daily-quota error and send nothing", () => {
    const emu = newEmulator({ variants: { urlAllowlist: false } });
    emu.urlFetch.quotaSpent = true;
    const { UrlFetchApp } = emu.globals;
    expect(thrownMessage(() => UrlFetchApp.fetch('https://api.example/x'))).toBe('Service invoked too many times for one day: urlfetch.');
    expect(thrownMessage(() => UrlFetchApp.fetchAll(['https://api.example/x']))).toBe(
      'Service invoked too many times for one day: urlfetch.',
    );
    expect(emu.counters.requests).toBe(0);
    emu.urlFetch.quotaSpent = false;
    expect(UrlFetchApp.fetch('https://api.example/x').getResponseCode()).toBe(200);
  });
});
