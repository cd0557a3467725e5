import { newEmulator } from './helpers';

describe('snapshot / restore', () => {
  it('round-trips properties, caches, triggers, clock and user through JSON', () => {
    const a = newEmulator();
    const g = a.globals;
    g.PropertiesService.getUserProperties().setProperty('u', '1');
    g.PropertiesService.getDocumentProperties().setProperty('d', '2');
    g.PropertiesService.getScriptProperties().setProperty('s', '3');
    g.CacheService.getScriptCache().put('c', 'cached', 60);
    g.ScriptApp.newTrigger('tick').timeBased().everyHours(2).create();
    g.SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('B2').setValue('kept');
    a.clock.advance(10_000);
    a.setUser('editor@example.com');
    const saved = JSON.parse(JSON.stringify(a.snapshot()));

    const b = newEmulator();
    b.restore(saved);
    expect(b.clock.now()).toBe(a.clock.now());
    expect(b.user).toBe('editor@example.com');
    expect(b.triggers).toEqual(a.triggers);
    expect(b.globals.SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('B2').getValue()).toBe('kept');
    b.setUser('owner@example.com');
    expect(b.globals.PropertiesService.getUserProperties().getProperty('u')).toBe('1');
    expect(b.globals.PropertiesService.getDocumentProperties().getProperty('d')).toBe('2');
    expect(b.globals.PropertiesService.getScriptProperties().getProperty('s')).toBe('3');
    expect(b.globals.CacheService.getScriptCache().get('c')).toBe('cached');
    b.clock.advance(60_000);
    expect(b.globals.CacheService.getScriptCache().get('c')).toBeNull();
    // A restored copy is independent of the snapshot it came from.
    b.globals.PropertiesService.getScriptProperties().setProperty('s', 'changed');
    expect(saved.properties.script.s).toBe('3');
    expect(() => b.restore({} as never)).toThrow(/not an emulator snapshot/);
  });
});
