import { newEmulator } from './helpers';

const asFormula = { user: 'editor@example.com', mode: 'customFunction' as const };

describe('customFunction mode', () => {
  it("uses the OWNER's user properties and caches, whoever runs, and cannot write properties", () => {
    const emu = newEmulator();
    emu.globals.PropertiesService.getUserProperties().setProperty('secret', 'owner-cred');
    emu.globals.CacheService.getUserCache()!.put('token', 'owner-token');
    emu.runAs(asFormula, () => {
      expect(emu.user).toBe('editor@example.com');
      expect(emu.globals.PropertiesService.getUserProperties().getProperty('secret')).toBe('owner-cred');
      expect(emu.globals.CacheService.getUserCache()!.get('token')).toBe('owner-token');
      expect(() => emu.globals.PropertiesService.getUserProperties().setProperty('x', 'y')).toThrow(
        'You do not have permission to call Properties.setProperty',
      );
      emu.globals.CacheService.getUserCache()!.put('t2', 'v');
    });
    expect(emu.globals.CacheService.getUserCache()!.get('t2')).toBe('v');
  });

  it('refuses document properties by default, allows them when configured', () => {
    const denied = newEmulator();
    expect(() => denied.runAs(asFormula, () => denied.globals.PropertiesService.getDocumentProperties())).toThrow(
      /permission to call PropertiesService.getDocumentProperties/,
    );
    const allowed = newEmulator({ documentPropertiesInCustomFunctions: true });
    allowed.globals.PropertiesService.getDocumentProperties().setProperty('consent', 'yes');
    expect(allowed.runAs(asFormula, () => allowed.globals.PropertiesService.getDocumentProperties().getProperty('consent'))).toBe('yes');
  });

  it('hides identities and refuses ScriptApp, HtmlService and the Ui', () => {
    const emu = newEmulator();
    emu.runAs(asFormula, () => {
      const g = emu.globals;
      expect(g.Session.getActiveUser().getEmail()).toBe('');
      expect(g.Session.getEffectiveUser().getEmail()).toBe('');
      expect(() => g.ScriptApp.newTrigger('f')).toThrow('You do not have permission to call ScriptApp.newTrigger');
      expect(() => g.ScriptApp.getProjectTriggers()).toThrow(/permission to call ScriptApp.getProjectTriggers/);
      expect(() => g.HtmlService.createHtmlOutput('x')).toThrow(/permission to call HtmlService.createHtmlOutput/);
      expect(() => g.SpreadsheetApp.getUi()).toThrow('Cannot call SpreadsheetApp.getUi() from this context.');
      // Still allowed there:
      expect(g.Utilities.base64Encode('a')).toBe('YQ==');
      expect(g.LockService.getDocumentLock().tryLock(10)).toBe(true);
      expect(g.UrlFetchApp.fetch('https://api.example.com/x').getResponseCode()).toBe(200);
    });
    expect(emu.mode).toBe('full');
    expect(emu.globals.SpreadsheetApp.getUi()).toBeDefined();
  });

  it('makes the spreadsheet read-only through the permission callback', () => {
    const emu = newEmulator();
    const range = emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1');
    range.setValue(1);
    expect(() => emu.runAs({ mode: 'customFunction' }, () => range.setValue(2))).toThrow();
    expect(emu.runAs({ mode: 'customFunction' }, () => range.getValue())).toBe(1);
  });

  it('restores user and mode even when the function throws', () => {
    const emu = newEmulator();
    expect(() =>
      emu.runAs(asFormula, () => {
        throw new Error('x');
      }),
    ).toThrow('x');
    expect([emu.user, emu.mode]).toEqual(['owner@example.com', 'full']);
  });

  it('kills an execution that runs past 30 s (custom function) or 6 min (otherwise)', () => {
    const emu = newEmulator({ latencyMs: 10_000 });
    const fetch = () => emu.globals.UrlFetchApp.fetch('https://api.example.com/x');
    expect(() => emu.runAs({ mode: 'customFunction' }, () => [fetch(), fetch(), fetch(), fetch()])).toThrow(
      'Exceeded maximum execution time',
    );
    expect(emu.runAs({}, () => [fetch(), fetch(), fetch(), fetch()])).toHaveLength(4);
    expect(() => emu.runAs({}, () => emu.globals.Utilities.sleep(300_001))).toThrow(/at most 300000/);
    expect(() => emu.runAs({}, () => [1, 2].forEach(() => emu.globals.Utilities.sleep(200_000)))).toThrow(
      'Exceeded maximum execution time',
    );
    // Outside an execution (plain test code) nothing is timed.
    for (let i = 0; i < 5; i++) fetch();
  });
});
