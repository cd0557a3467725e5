import { newEmulator } from './helpers';

describe('LockService', () => {
  it('a Lock object is its own holder; other Lock objects of the scope see it busy', () => {
    const emu = newEmulator();
    const { LockService } = emu.globals;
    const a = LockService.getDocumentLock();
    const b = LockService.getDocumentLock();
    expect(a.tryLock(1000)).toBe(true);
    expect(a.hasLock()).toBe(true);
    expect(a.tryLock(1000)).toBe(true);
    const t0 = emu.clock.now();
    expect(b.tryLock(2000)).toBe(false);
    expect(emu.clock.now()).toBe(t0 + 2000);
    expect(b.hasLock()).toBe(false);
    a.releaseLock();
    expect(a.hasLock()).toBe(false);
    expect(b.tryLock(0)).toBe(true);
    expect(emu.counters).toMatchObject({ lockAcquired: 2, lockTimeouts: 1 });
  });

  it('scopes are independent; user locks are per user', () => {
    const emu = newEmulator();
    const { LockService } = emu.globals;
    expect(LockService.getDocumentLock().tryLock(0)).toBe(true);
    expect(LockService.getScriptLock().tryLock(0)).toBe(true);
    expect(LockService.getUserLock().tryLock(0)).toBe(true);
    expect(LockService.getUserLock().tryLock(0)).toBe(false);
    emu.setUser('editor@example.com');
    expect(LockService.getUserLock().tryLock(0)).toBe(true);
  });

  it('waitLock throws after the timeout when another execution holds the lock', () => {
    const emu = newEmulator();
    const release = emu.locks.hold('document');
    const lock = emu.globals.LockService.getDocumentLock();
    const t0 = emu.clock.now();
    expect(() => lock.waitLock(10_000)).toThrow('Lock timeout: another process was holding the lock for too long.');
    expect(emu.clock.now()).toBe(t0 + 10_000);
    release();
    lock.waitLock(10_000);
    expect(lock.hasLock()).toBe(true);
    expect(emu.counters).toMatchObject({ lockAcquired: 1, lockTimeouts: 1 });
  });

  it('releases what an execution still holds when it ends', () => {
    const emu = newEmulator();
    const held = emu.runAs({}, () => {
      const lock = emu.globals.LockService.getScriptLock();
      lock.waitLock(1000);
      return lock;
    });
    expect(held.hasLock()).toBe(false);
    expect(emu.globals.LockService.getScriptLock().tryLock(0)).toBe(true);
  });

  it('a held user lock is per user', () => {
    const emu = newEmulator();
    const release = emu.locks.hold('user', 'editor@example.com');
    expect(emu.globals.LockService.getUserLock().tryLock(0)).toBe(true);
    emu.setUser('editor@example.com');
    expect(emu.globals.LockService.getUserLock().tryLock(0)).toBe(false);
    release();
    expect(emu.globals.LockService.getUserLock().tryLock(0)).toBe(true);
  });
});
