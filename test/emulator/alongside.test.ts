import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../../emulator';
import { newEmulator } from './helpers';

/**
 * A long call (a pull: pages fetched, progress written to the user cache) and a poll of that
 * progress, which Google runs as a second execution while the first goes on.
 */
const SCRIPT = `
var instance = 'fresh';
function pull(pages) {
  instance = 'pulling';
  var lock = LockService.getDocumentLock();
  lock.waitLock(1000);
  SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1').setValue('started');
  for (var page = 1; page <= pages; page++) {
    UrlFetchApp.fetch('https://api.example.com/page/' + page);
    CacheService.getUserCache().put('progress', 'page ' + page + ' of ' + pages);
  }
  lock.releaseLock();
  return 'pulled ' + pages;
}
function poll() {
  return {
    progress: CacheService.getUserCache().get('progress'),
    instance: instance,
    user: Session.getActiveUser().getEmail(),
    a1: SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1').getValue(),
    documentLockFree: LockService.getDocumentLock().tryLock(0),
  };
}
function takeScriptLock() { return LockService.getScriptLock().tryLock(0); }
function scriptLockFree() { var l = LockService.getScriptLock(); var free = l.tryLock(0); if (free) l.releaseLock(); return free; }
`;

function emulatorWith(onWait: (emu: Emulator) => void): Emulator {
  const dir = mkdtempSync(join(tmpdir(), 'emu-alongside-'));
  writeFileSync(join(dir, 'Code.js'), SCRIPT);
  let emu: Emulator | null = null;
  emu = newEmulator({ distDir: dir, onWait: () => emu && onWait(emu) });
  emu.loadBundle();
  return emu;
}

describe('callAlongside: a second execution while one waits on a service', () => {
  it('reads what the running execution wrote so far, in its own script instance', () => {
    const polls: unknown[] = [];
    const emu = emulatorWith((e) => polls.push(e.callAlongside({ user: 'owner@example.com', mode: 'full' }, 'poll')));
    expect(emu.bundle!.call('pull', 2)).toBe('pulled 2');
    // Each wait (a round trip, a cache write) saw the progress as the pull had left it.
    expect(polls.map((p) => (p as { progress: string | null }).progress)).toEqual([null, 'page 1 of 2', 'page 1 of 2', 'page 2 of 2']);
    expect(polls[0]).toMatchObject({ instance: 'fresh', user: 'owner@example.com', a1: 'started' });
    // The pull's document lock is held against the poll.
    expect(polls.every((p) => (p as { documentLockFree: boolean }).documentLockFree === false)).toBe(true);
    expect(emu.bundle!.context.instance as string).toBe('pulling');
  });

  it('ends only itself: the running execution keeps its lock, the alongside one gives its own back', () => {
    const seen: Array<{ took: unknown; free: unknown }> = [];
    const emu = emulatorWith((e) => {
      if (seen.length > 0) return;
      const as = { user: 'owner@example.com', mode: 'full' } as const;
      seen.push({ took: e.callAlongside(as, 'takeScriptLock'), free: e.callAlongside(as, 'scriptLockFree') });
    });
    emu.bundle!.call('pull', 1);
    expect(seen).toEqual([{ took: true, free: true }]);
    // After the pull ended, its document lock was released as usual.
    expect(emu.bundle!.call('poll')).toMatchObject({ documentLockFree: true, progress: 'page 1 of 1' });
  });

  it('runs as the given user and mode, then hands the running execution back its own', () => {
    let inside: unknown = null;
    let after: unknown = null;
    const emu = emulatorWith((e) => {
      if (inside) return;
      inside = e.callAlongside({ user: 'editor@example.com', mode: 'full' }, 'poll');
      after = { user: e.user, mode: e.mode };
    });
    emu.bundle!.callAs({ user: 'owner@example.com' }, 'pull', 1);
    expect(inside).toMatchObject({ user: 'editor@example.com', progress: null });
    expect(after).toEqual({ user: 'owner@example.com', mode: 'full' });
  });
});
