// The formula engine is another module's job (test/emulator/formula-engine*.test.ts); here a fake
// engine checks what the emulator hands it: the functions, and an executor for custom functions.
const engine = { calls: [] as Array<{ fns: string[]; results: unknown[] }> };
jest.mock('../../emulator/formula-engine', () => ({
  recalculate(_ss: unknown, fns: Record<string, (...a: unknown[]) => unknown>, opts: { runAsCustomFunction<T>(fn: () => T): T }) {
    const results = Object.keys(fns)
      .sort()
      .map((name) => {
        try {
          return opts.runAsCustomFunction(() => fns[name]('arg'));
        } catch (e) {
          return `#ERROR ${(e as Error).message}`;
        }
      });
    engine.calls.push({ fns: Object.keys(fns).sort(), results });
    return { evaluated: [], errors: [] };
  },
}));
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEmulator } from './helpers';

describe('emu.recalculate', () => {
  beforeEach(() => {
    engine.calls = [];
  });

  it("defaults to the loaded bundle's functions, each run as the owner in customFunction mode", () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-recalc-'));
    writeFileSync(
      join(dir, 'Code.js'),
      `function WHO(x) { return [Session.getActiveUser().getEmail(), PropertiesService.getUserProperties().getProperty('cred'), x]; }
       function SETS(x) { PropertiesService.getUserProperties().setProperty('a', x); }
       function LOCKS() { return LockService.getDocumentLock().tryLock(10); }`,
    );
    const emu = newEmulator({ distDir: dir });
    emu.globals.PropertiesService.getUserProperties().setProperty('cred', 'owner-cred');
    expect(() => emu.recalculate()).toThrow(/no bundle loaded/);
    emu.loadBundle();
    emu.setUser('editor@example.com');
    emu.recalculate();
    emu.recalculate();
    expect(engine.calls[0].fns).toEqual(['LOCKS', 'SETS', 'WHO']);
    // Each cell is its own execution: the lock taken by one is released before the next.
    expect(engine.calls[1].results).toEqual([
      true,
      '#ERROR You do not have permission to call Properties.setProperty',
      ['', 'owner-cred', 'arg'],
    ]);
    expect([emu.user, emu.mode]).toEqual(['editor@example.com', 'full']);
  });

  it('takes explicit host functions', () => {
    const emu = newEmulator();
    emu.recalculate({ MODE: () => emu.mode });
    expect(engine.calls[0].results).toEqual(['customFunction']);
  });
});
