import { checkReadBack, readBackMessage } from '../../src/sheet/read-back-check';
import { sheetEmulator } from './helpers';

/**
 * The menu's read-back check: on a spreadsheet where values read back as written (the emulator),
 * it finds no difference, leaves no sheet behind and keeps the user on their sheet; a sheet of the
 * user's that happens to have its scratch name is never touched.
 */
describe('Check how Sheets reads values back', () => {
  it('compares every sample, finds none different, and removes its scratch sheet', () => {
    const { ss } = sheetEmulator();
    const mine = ss.insertSheet('Creator Reporting read-back check');
    mine.getRange('A1').setValue('my notes');
    const other = ss.insertSheet('Data');
    ss.setActiveSheet(other);
    const names = ss.getSheets().map((s) => s.getName());
    const report = checkReadBack(ss);
    expect(report.checked).toBeGreaterThanOrEqual(25);
    expect(report.mismatches).toEqual([]);
    expect(readBackMessage(report)).toMatch(/^All \d+ sample values read back exactly as written/);
    expect(ss.getSheets().map((s) => s.getName())).toEqual(names);
    expect(mine.getRange('A1').getValue()).toBe('my notes');
    expect(ss.getActiveSheet()?.getName()).toBe('Data');
  });

  it('names each value that read back otherwise', () => {
    const message = readBackMessage({
      checked: 28,
      mismatches: ['text with a month name: sent string "May 2024", read back the date 2024-05-01T04:00:00.000Z'],
    });
    expect(message).toMatch(/^1 of 28 sample values read back differently/);
    expect(message).toContain('"May 2024"');
  });
});
