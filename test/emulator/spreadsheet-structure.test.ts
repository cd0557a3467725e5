import { newCounters } from '../../emulator/counters';
import { createSpreadsheetService } from '../../emulator/spreadsheet';

type App = GoogleAppsScript.Spreadsheet.SpreadsheetApp;

function setup() {
  let permission: 'full' | 'readOnly' = 'full';
  const svc = createSpreadsheetService({
    id: 'sheet-123',
    name: 'Budget',
    timeZone: 'Europe/Paris',
    counters: newCounters(),
    permission: () => permission,
    now: () => Date.parse('2026-11-21T15:00:00Z'),
    owner: 'owner@example.com',
  });
  const app = svc.SpreadsheetApp as App;
  const ss = app.getActiveSpreadsheet();
  return {
    svc,
    app,
    ss,
    sheet: ss.getSheets()[0],
    readOnly: () => (permission = 'readOnly'),
  };
}

describe('spreadsheet', () => {
  test('identity, time zone, locale, owner', () => {
    const { ss, app } = setup();
    expect(ss.getId()).toBe('sheet-123');
    expect(ss.getName()).toBe('Budget');
    expect(ss.getUrl()).toBe('https://docs.google.com/spreadsheets/d/sheet-123/edit');
    expect(ss.getSpreadsheetTimeZone()).toBe('Europe/Paris');
    ss.setSpreadsheetTimeZone('Asia/Tokyo');
    expect(ss.getSpreadsheetTimeZone()).toBe('Asia/Tokyo');
    expect(ss.getSpreadsheetLocale()).toBe('en_US');
    expect(ss.getOwner()!.getEmail()).toBe('owner@example.com');
    expect(app.getActive().getId()).toBe('sheet-123');
    expect(() => app.flush()).not.toThrow();
  });

  test('insertSheet names, positions and activates; duplicates throw like Sheets', () => {
    const { ss } = setup();
    const data = ss.insertSheet('Data');
    expect(ss.getActiveSheet().getName()).toBe('Data');
    const first = ss.insertSheet('First', 0);
    expect(ss.getSheets().map((s) => s.getName())).toEqual(['First', 'Sheet1', 'Data']);
    expect(first.getIndex()).toBe(1);
    expect(data.getIndex()).toBe(3);
    expect(ss.insertSheet().getName()).toBe('Sheet4');
    expect(() => ss.insertSheet('Data')).toThrow('A sheet with the name "Data" already exists. Please enter another name.');
    expect(() => data.setName('First')).toThrow('A sheet with the name "First" already exists. Please enter another name.');
    expect(ss.getSheetByName('Nope')).toBeNull();
    expect(ss.getSheetByName('Data')!.getSheetId()).toBe(data.getSheetId());
    expect(ss.getSheets()[1].getSheetId()).toBe(0);
    expect(data.getParent().getId()).toBe('sheet-123');
  });

  test('deleteSheet, setActiveSheet, activate, hide and show', () => {
    const { ss, sheet } = setup();
    const other = ss.insertSheet('Other');
    ss.setActiveSheet(sheet);
    expect(ss.getActiveSheet().getName()).toBe('Sheet1');
    other.activate();
    expect(ss.getActiveSheet().getName()).toBe('Other');
    other.hideSheet();
    expect(other.isSheetHidden()).toBe(true);
    expect(() => sheet.hideSheet()).toThrow("You can't hide all the sheets in a document.");
    other.showSheet();
    ss.deleteSheet(other);
    expect(ss.getSheets().map((s) => s.getName())).toEqual(['Sheet1']);
    expect(() => ss.deleteSheet(sheet)).toThrow("You can't remove all the sheets in a document.");
    sheet.setTabColor('#ff0000');
    expect(sheet.getTabColor()).toBe('#ff0000');
  });

  test('getRange with a sheet prefix, quoted names and the active sheet', () => {
    const { ss } = setup();
    const mine = ss.insertSheet("Bob's Data");
    mine.getRange('B3').setValue('x');
    expect(ss.getRange("'Bob''s Data'!B3").getValue()).toBe('x');
    expect(ss.getRange('B3').getValue()).toBe('x');
    expect(ss.getRange('Sheet1!B3').getValue()).toBe('');
    expect(() => ss.getRange('Missing!A1')).toThrow('Range not found');
  });

  test('toasts are recorded', () => {
    const { ss, svc } = setup();
    ss.toast('Refreshed 3 reports', 'Creator Reporting', 5);
    expect(svc.ui.toasts).toEqual([{ message: 'Refreshed 3 reports', title: 'Creator Reporting', seconds: 5 }]);
  });

  test('the model also answers Apps Script Spreadsheet methods', () => {
    const { svc } = setup();
    svc.spreadsheet.getSheetByName('Sheet1')!.getRange('A1').setValue(3);
    expect(svc.spreadsheet.values('Sheet1!A1')).toEqual([[3]]);
    expect(svc.spreadsheet.getSheets()).toHaveLength(1);
  });
});

describe('dimensions', () => {
  test('a new sheet is 1000 x 26; writing beyond needs rows/columns inserted first', () => {
    const { sheet } = setup();
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([1000, 26]);
    expect(() => sheet.getRange(1000, 1, 2, 1)).toThrow('The coordinates of the range are outside the dimensions of the sheet.');
    sheet.insertRowsAfter(1000, 500);
    sheet.insertColumnsAfter(26, 4);
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([1500, 30]);
    sheet.getRange(1500, 30).setValue('corner');
    expect(sheet.getLastRow()).toBe(1500);
    expect(sheet.getLastColumn()).toBe(30);
    expect(sheet.getDataRange().getA1Notation()).toBe('A1:AD1500');
  });

  test('inserting and deleting rows moves cells', () => {
    const { sheet } = setup();
    sheet.getRange('A1:A3').setValues([[1], [2], [3]]);
    sheet.insertRowsAfter(1, 2);
    expect(sheet.getRange('A1:A5').getValues()).toEqual([[1], [''], [''], [2], [3]]);
    sheet.deleteRows(2, 2);
    expect(sheet.getRange('A1:A3').getValues()).toEqual([[1], [2], [3]]);
    expect(sheet.getMaxRows()).toBe(1000);
    expect(() => sheet.deleteRows(1, 1000)).toThrow('Sorry, it is not possible to delete all non-frozen rows.');
  });

  test('empty sheet: last row/column 0, data range A1', () => {
    const { sheet } = setup();
    expect([sheet.getLastRow(), sheet.getLastColumn()]).toEqual([0, 0]);
    expect(sheet.getDataRange().getA1Notation()).toBe('A1');
    sheet.getRange('C5').setNote('notes are not content');
    expect(sheet.getLastRow()).toBe(0);
  });

  test('appendRow writes after the last row and grows the sheet when full', () => {
    const { sheet } = setup();
    sheet.getRange(1000, 1).setValue('last');
    sheet.appendRow(['a', 'b']);
    expect(sheet.getMaxRows()).toBe(1001);
    expect(sheet.getRange('A1001:B1001').getValues()).toEqual([['a', 'b']]);
  });

  test('frozen rows, column widths and auto-resize are recorded', () => {
    const { sheet, svc } = setup();
    sheet.setFrozenRows(1);
    expect(sheet.getFrozenRows()).toBe(1);
    sheet.setColumnWidth(2, 180);
    sheet.autoResizeColumns(1, 3);
    const model = svc.spreadsheet.sheetByName('Sheet1')!;
    expect(model.columnWidths).toEqual({ 2: 180 });
    expect(model.autoResized).toEqual([[1, 3]]);
  });

  test('clear and clearContents on a sheet', () => {
    const { sheet } = setup();
    sheet.getRange('A1').setValue(1).setFontWeight('bold');
    sheet.clearContents();
    expect(sheet.getRange('A1').getValue()).toBe('');
    expect(sheet.getRange('A1').getFontWeight()).toBe('bold');
    sheet.getRange('A1').setValue(1);
    sheet.clear();
    expect(sheet.getRange('A1').getFontWeight()).toBe('normal');
    expect(sheet.getLastRow()).toBe(0);
  });
});

describe('named ranges', () => {
  test('set, get, list, remove; they move with inserted and deleted rows', () => {
    const { ss, sheet } = setup();
    ss.setNamedRange('CR_block_1', sheet.getRange('A5:C10'));
    expect(ss.getRangeByName('CR_block_1')!.getA1Notation()).toBe('A5:C10');
    sheet.insertRowsAfter(2, 3);
    expect(ss.getRangeByName('CR_block_1')!.getA1Notation()).toBe('A8:C13');
    sheet.insertRowsAfter(9, 2);
    expect(ss.getRangeByName('CR_block_1')!.getA1Notation()).toBe('A8:C15');
    sheet.deleteRows(1, 1);
    expect(ss.getRangeByName('CR_block_1')!.getA1Notation()).toBe('A7:C14');
    expect(ss.getNamedRanges().map((n) => n.getName())).toEqual(['CR_block_1']);
    expect(sheet.getNamedRanges()[0].getRange().getA1Notation()).toBe('A7:C14');
    ss.setNamedRange('CR_block_1', sheet.getRange('B2'));
    expect(ss.getNamedRanges()).toHaveLength(1);
    expect(ss.getRangeByName('CR_block_1')!.getA1Notation()).toBe('B2');
    ss.removeNamedRange('CR_block_1');
    expect(ss.getRangeByName('CR_block_1')).toBeNull();
  });

  test('invalid names are refused; a named range dies with its sheet and its rows', () => {
    const { ss } = setup();
    const other = ss.insertSheet('Other');
    expect(() => ss.setNamedRange('A1', other.getRange('A1'))).toThrow(/not valid/);
    expect(() => ss.setNamedRange('has space', other.getRange('A1'))).toThrow(/not valid/);
    ss.setNamedRange('x', other.getRange('A3:A4'));
    other.deleteRows(3, 2);
    expect(ss.getRangeByName('x')).toBeNull();
    ss.setNamedRange('y', other.getRange('A1'));
    ss.deleteSheet(other);
    expect(ss.getRangeByName('y')).toBeNull();
  });

  test('NamedRange objects can be renamed, re-pointed and removed', () => {
    const { ss, sheet } = setup();
    ss.setNamedRange('a', sheet.getRange('A1'));
    const n = ss.getNamedRanges()[0];
    n.setName('b');
    n.setRange(sheet.getRange('C3:D4'));
    expect(ss.getRangeByName('b')!.getA1Notation()).toBe('C3:D4');
    n.remove();
    expect(ss.getNamedRanges()).toEqual([]);
  });
});

describe('developer metadata', () => {
  test('on the spreadsheet, a sheet, whole rows; not on arbitrary ranges', () => {
    const { ss, sheet, app } = setup();
    ss.addDeveloperMetadata('cr.version', '1');
    sheet.addDeveloperMetadata('cr.report', '{"id":"r1"}', app.DeveloperMetadataVisibility.PROJECT);
    sheet.getRange('5:5').addDeveloperMetadata('cr.header');
    expect(() => sheet.getRange('A1:B2').addDeveloperMetadata('k', 'v')).toThrow(
      'Adding developer metadata to arbitrary ranges is not currently supported. Developer metadata may only be added to the top-level spreadsheet, an individual sheet, or an entire row or column.',
    );
    expect(ss.getDeveloperMetadata().map((m) => [m.getKey(), m.getValue()])).toEqual([['cr.version', '1']]);
    const [sm] = sheet.getDeveloperMetadata();
    expect(sm.getVisibility()).toBe(app.DeveloperMetadataVisibility.PROJECT);
    expect(sm.getLocation().getSheet()!.getName()).toBe('Sheet1');
    sheet.insertRowsAfter(1, 2);
    const [row] = sheet.getRange('7:7').getDeveloperMetadata();
    expect(row.getKey()).toBe('cr.header');
    expect(row.getLocation().getLocationType()).toBe(app.DeveloperMetadataLocationType.ROW);
    const found = ss.createDeveloperMetadataFinder().withKey('cr.report').find();
    expect(found.map((m) => m.getValue())).toEqual(['{"id":"r1"}']);
    sm.setValue('{"id":"r2"}');
    expect(sheet.getDeveloperMetadata()[0].getValue()).toBe('{"id":"r2"}');
    sm.remove();
    expect(sheet.getDeveloperMetadata()).toEqual([]);
  });
});

describe('read-only mode (custom functions)', () => {
  test('reads work; every mutating call throws a permission error; getUi throws', () => {
    const { ss, sheet, app, readOnly } = setup();
    sheet.getRange('A1').setValue(5);
    readOnly();
    expect(sheet.getRange('A1').getValue()).toBe(5);
    expect(ss.getSheetByName('Sheet1')!.getLastRow()).toBe(1);
    expect(() => sheet.getRange('A1').setValue(1)).toThrow('You do not have permission to call setValue');
    expect(() => sheet.getRange('A1').setValues([[1]])).toThrow('You do not have permission to call setValues');
    expect(() => sheet.getRange('A1').setNote('x')).toThrow('You do not have permission to call setNote');
    expect(() => sheet.getRange('A1').clearContent()).toThrow('You do not have permission to call clearContent');
    expect(() => ss.insertSheet('x')).toThrow('You do not have permission to call insertSheet');
    expect(() => sheet.insertRowsAfter(1, 1)).toThrow('You do not have permission to call insertRowsAfter');
    expect(() => ss.toast('hi')).toThrow('You do not have permission to call toast');
    expect(() => sheet.activate()).toThrow('You do not have permission to call activate');
    expect(() => ss.addDeveloperMetadata('k')).toThrow('You do not have permission to call addDeveloperMetadata');
    expect(() => app.getUi()).toThrow('Cannot call SpreadsheetApp.getUi() from this context.');
    expect(sheet.getRange('A1').getValue()).toBe(5);
  });
});

describe('not emulated', () => {
  test('a real method we do not emulate throws instead of doing nothing', () => {
    const { sheet, ss, app } = setup();
    const anySheet = sheet as unknown as Record<string, () => unknown>;
    expect(() => anySheet.getSlicers()).toThrow('Sheet.getSlicers is not emulated');
    expect(() => (ss as unknown as Record<string, () => unknown>).getProtections()).toThrow('Spreadsheet.getProtections is not emulated');
    expect(() => (sheet.getRange('A1') as unknown as Record<string, () => unknown>).merge()).toThrow('Range.merge is not emulated');
    expect(() => (app as unknown as Record<string, () => unknown>).openById()).toThrow('SpreadsheetApp.openById is not emulated');
    // Tooling probes stay undefined so jest and util.inspect keep working.
    expect((sheet as unknown as Record<string, unknown>).then).toBeUndefined();
    expect(String(sheet)).toBe('Sheet');
  });
});

describe('snapshot and restore', () => {
  test('round trip through JSON keeps values, formulas, formats, spills, names, metadata', () => {
    const a = setup();
    const data = a.ss.insertSheet('Data');
    data.getRange('A1:C1').setValues([['2026-01-02', 3.5, '=F(1)']]);
    data.getRange('B1').setNumberFormat('$#,##0.00').setFontWeight('bold').setNote('n');
    data.setFrozenRows(1);
    data.insertRowsAfter(1000, 10);
    a.svc.spreadsheet.writeFormulaResult(a.svc.spreadsheet.sheetByName('Data')!, 1, 3, { grid: [['x'], ['y']] });
    a.svc.spreadsheet.writeFormulaResult(a.svc.spreadsheet.sheetByName('Data')!, 5, 5, { value: '#ERROR!', error: 'boom' });
    a.ss.setNamedRange('block', data.getRange('A1:C2'));
    data.getRange('3:3').addDeveloperMetadata('row', 'v');
    a.ss.setActiveSheet(a.sheet);
    const json = JSON.parse(JSON.stringify(a.svc.snapshot()));

    const b = setup();
    b.svc.restore(json);
    const d = b.ss.getSheetByName('Data')!;
    expect((d.getRange('A1').getValue() as Date).toISOString()).toBe('2026-01-01T23:00:00.000Z');
    expect(d.getRange('A1:C2').getDisplayValues()).toEqual([
      ['2026-01-02', '$3.50', 'x'],
      ['', '', 'y'],
    ]);
    expect(d.getRange('C1').getFormula()).toBe('=F(1)');
    expect(d.getRange('B1').getNote()).toBe('n');
    expect(d.getRange('B1').getFontWeight()).toBe('bold');
    expect([d.getFrozenRows(), d.getMaxRows()]).toEqual([1, 1010]);
    expect(b.svc.spreadsheet.cellError('Data', 'E5')).toBe('boom');
    expect(b.svc.spreadsheet.cellKind('Data', 'C2')).toBe('spill');
    expect(b.ss.getRangeByName('block')!.getA1Notation()).toBe('A1:C2');
    expect(d.getRange('3:3').getDeveloperMetadata()[0].getValue()).toBe('v');
    expect(b.ss.getActiveSheet().getName()).toBe('Sheet1');
    expect(b.svc.snapshot()).toEqual(json);
    // The restored spill still behaves like one: writing into it breaks the array.
    d.getRange('C2').setValue('mine');
    expect(b.svc.spreadsheet.cellError('Data', 'C1')).toBe('Array result was not expanded because it would overwrite data in C2.');
  });

  test('restore refuses what is not a snapshot', () => {
    const { svc } = setup();
    expect(() => svc.restore({})).toThrow('Not a spreadsheet snapshot (version 1).');
  });
});
