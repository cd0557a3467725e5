import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEmulator } from './helpers';

describe('emu.recalculate with the real formula engine', () => {
  it('runs the bundle custom functions as the owner in customFunction mode and spills results', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-recalc-real-'));
    writeFileSync(
      join(dir, 'Code.js'),
      `function CRED(label) { return [[label, PropertiesService.getUserProperties().getProperty('cred')], ['user', Session.getActiveUser().getEmail()]]; }
       function WRITE() { SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('Z1').setValue(1); return 'no'; }`,
    );
    const emu = newEmulator({ distDir: dir });
    emu.globals.PropertiesService.getUserProperties().setProperty('cred', 'owner-cred');
    emu.loadBundle();
    const sheet = emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheets()[0];
    sheet.getRange('A1').setFormula('=CRED("who")');
    sheet.getRange('D1').setFormula('=WRITE()');
    emu.setUser('editor@example.com');
    const report = emu.recalculate();
    expect(sheet.getRange('A1:B2').getValues()).toEqual([
      ['who', 'owner-cred'],
      ['user', ''],
    ]);
    expect(report.evaluated).toHaveLength(2);
    expect(report.errors.map((e) => e.a1)).toEqual(['D1']);
    expect(sheet.getRange('Z1').getValue()).toBe('');
    expect([emu.user, emu.mode]).toEqual(['editor@example.com', 'full']);
  });
});
