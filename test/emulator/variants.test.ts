/** Each unconfirmed platform behaviour is a switch (emulator/variants.ts); the lenient default is the old emulator. */
import { LENIENT, STRICT } from '../../emulator';
import { newEmulator, thrownMessage } from './helpers';

describe('platform variants', () => {
  it("urlAllowlist: refuses URLs outside the manifest before sending, in Google's words", () => {
    const seen: unknown[] = [];
    const emu = newEmulator({ variants: { urlAllowlist: ['https://allowed.example/'] } }, seen as never[]);
    const fetch = (url: string) => emu.globals.UrlFetchApp.fetch(url);
    expect(fetch('https://allowed.example/x').getResponseCode()).toBe(200);
    expect(thrownMessage(() => fetch('https://other.example/x'))).toBe(
      'Request to https://other.example/x failed because the URL has not been whitelisted in the script manifest.',
    );
    expect(thrownMessage(() => emu.globals.UrlFetchApp.fetchAll(['https://allowed.example/a', 'https://other.example/b']))).toMatch(
      /whitelisted/,
    );
    expect(seen).toHaveLength(1);
    expect(newEmulator().globals.UrlFetchApp.fetch('https://other.example/x').getResponseCode()).toBe(200);
  });

  it('resultCellLimit: a larger custom-function result is "Result too large"', () => {
    const emu = newEmulator({ variants: { resultCellLimit: 10 } });
    const sheet = emu.spreadsheet.getSheets()[0];
    sheet.getRange('A1').setFormula('=BIG(11)');
    sheet.getRange('E1').setFormula('=BIG(10)');
    const big = (n: unknown) => Array.from({ length: Number(n) }, (_, i) => [i]);
    const report = emu.recalculate({ BIG: big });
    expect(report.errors.map((e) => [e.a1, e.error])).toEqual([['A1', 'Result too large']]);
  });

  it('spreadsheetCellLimit: growing past 10 million cells throws', () => {
    const emu = newEmulator({ variants: { spreadsheetCellLimit: STRICT.spreadsheetCellLimit } });
    const sheet = emu.spreadsheet.getSheets()[0];
    sheet.insertRowsAfter(1000, 300_000); // 301,000 x 26 = 7.8 M
    expect(thrownMessage(() => sheet.insertRowsAfter(1000, 100_000))).toBe(
      'This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
    );
    expect(sheet.getMaxRows()).toBe(301_000);
  });

  it('cache: one script cache for every user, evicting the oldest tenth when full (strict)', () => {
    const emu = newEmulator({ variants: { cacheEvictionShare: STRICT.cacheEvictionShare } });
    const asUser = (user: string, fn: () => void) => emu.runAs({ user, mode: 'full' }, fn);
    asUser('a@example.com', () => emu.globals.CacheService.getScriptCache()!.put('mine', '1', 600));
    asUser('b@example.com', () => {
      const cache = emu.globals.CacheService.getScriptCache()!;
      expect(cache.get('mine')).toBe('1');
      for (let i = 0; i < 1_000; i++) cache.put(`k${i}`, 'x', 600);
      expect(cache.get('mine')).toBeNull();
      expect(cache.get('k98')).toBeNull();
      expect(cache.get('k99')).toBe('x');
    });
    expect(emu.counters.cacheEvictions).toBe(100);
  });

  it('deniedInCustomFunctions: locks and document properties throw "You do not have permission" in a formula', () => {
    const strict = newEmulator({ variants: { deniedInCustomFunctions: STRICT.deniedInCustomFunctions } });
    const inFormula = (fn: () => unknown) => thrownMessage(() => strict.runAs({ mode: 'customFunction' }, fn));
    expect(inFormula(() => strict.globals.LockService.getUserLock())).toBe('You do not have permission to call LockService.getUserLock');
    expect(inFormula(() => strict.globals.LockService.getDocumentLock())).toBe(
      'You do not have permission to call LockService.getDocumentLock',
    );
    expect(inFormula(() => strict.globals.PropertiesService.getDocumentProperties())).toMatch(/^You do not have permission/);
    const lenient = newEmulator();
    expect(lenient.runAs({ mode: 'customFunction' }, () => lenient.globals.LockService.getUserLock()!.tryLock(10))).toBe(true);
    expect(LENIENT.deniedInCustomFunctions).toEqual(['documentProperties']);
  });

  it('triggerListing and triggerRun: an add-on trigger listed per project only; a detached run sees no document', () => {
    const emu = newEmulator({ variants: { triggerListing: 'perProject', triggerRun: 'detached' } });
    const ScriptApp = emu.globals.ScriptApp;
    emu.runAs({ mode: 'full' }, () => ScriptApp.newTrigger('handler').timeBased().everyHours(1).create());
    const ss = emu.globals.SpreadsheetApp.getActiveSpreadsheet();
    expect(ScriptApp.getUserTriggers(ss)).toHaveLength(0);
    expect(ScriptApp.getProjectTriggers()).toHaveLength(1);
    const loaded = emu.loadBundle(require.resolve('./fixtures/probe-bundle.js'));
    expect(loaded.has('handler')).toBe(true);
    expect(emu.fireTrigger(emu.triggers[0].id)).toEqual({ spreadsheet: false, documentProperties: false, documentLock: false });
    // Outside a trigger run the document is there.
    expect(emu.globals.SpreadsheetApp.getActiveSpreadsheet()).not.toBeNull();
  });

  it('triggerRun noSpreadsheet: the document properties and lock, but no active spreadsheet; getUserTriggers(null) is refused', () => {
    const emu = newEmulator({ variants: { triggerRun: 'noSpreadsheet' } });
    emu.runAs({ mode: 'full' }, () => emu.globals.ScriptApp.newTrigger('handler').timeBased().everyHours(1).create());
    emu.loadBundle(require.resolve('./fixtures/probe-bundle.js'));
    expect(emu.fireTrigger(emu.triggers[0].id)).toEqual({ spreadsheet: false, documentProperties: true, documentLock: true });
    expect(() => emu.globals.ScriptApp.getUserTriggers(null as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet)).toThrow(
      "The parameters (null) don't match the method signature for ScriptApp.getUserTriggers.",
    );
  });

  it("customFunctionActiveRange: a custom function's active range is its formula's cell, or null", () => {
    for (const [variant, expected] of [
      ['formulaCell', 'C7'],
      ['none', null],
    ] as const) {
      const emu = newEmulator({ variants: { customFunctionActiveRange: variant } });
      emu.spreadsheet.getSheets()[0].getRange('C7').setFormula('=WHERE()');
      const seen: Array<string | null> = [];
      emu.recalculate({ WHERE: () => (seen.push(emu.globals.SpreadsheetApp.getActiveRange()?.getA1Notation() ?? null), 1) });
      expect(seen).toEqual([expected]);
    }
  });

  it('hiddenEmails and scriptTimeZone', () => {
    const emu = newEmulator({ timeZone: 'America/New_York', variants: { hiddenEmails: true, scriptTimeZone: 'Asia/Tokyo' } });
    expect(emu.globals.Session.getEffectiveUser().getEmail()).toBe('');
    expect(emu.globals.Session.getScriptTimeZone()).toBe('Asia/Tokyo');
    expect(emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone()).toBe('America/New_York');
  });

  it('counts a document lock released while sheet writes are unflushed', () => {
    const emu = newEmulator();
    emu.runAs({ mode: 'full' }, () => {
      const lock = emu.globals.LockService.getDocumentLock()!;
      lock.tryLock(10);
      emu.spreadsheet.getSheets()[0].getRange('A1').setValue('x');
      lock.releaseLock();
      lock.tryLock(10);
      emu.spreadsheet.getSheets()[0].getRange('A2').setValue('y');
      emu.globals.SpreadsheetApp.flush();
      lock.releaseLock();
    });
    expect(emu.counters.unflushedLockReleases).toBe(1);
    expect(emu.counters.flushes).toBe(1);
  });
});
