import { newCounters } from '../../emulator/counters';
import { createSpreadsheetService } from '../../emulator/spreadsheet';

type App = GoogleAppsScript.Spreadsheet.SpreadsheetApp;

function setup(timeZone = 'America/New_York') {
  const counters = newCounters();
  const svc = createSpreadsheetService({
    timeZone,
    counters,
    permission: () => 'full',
    now: () => Date.parse('2026-11-21T15:00:00Z'),
    owner: 'owner@example.com',
  });
  const app = svc.SpreadsheetApp as App;
  return { svc, app, counters, sheet: app.getActiveSheet(), model: svc.spreadsheet };
}

describe('values round trip', () => {
  test('numbers, booleans, dates, strings and empties come back as written', () => {
    const { sheet } = setup();
    const d = new Date('2026-03-04T10:20:30Z');
    sheet.getRange('A1:E1').setValues([[1.5, true, d, 'text', '']]);
    const [row] = sheet.getRange('A1:E1').getValues();
    expect(row.slice(0, 2)).toEqual([1.5, true]);
    expect(row[2]).toBeInstanceOf(Date);
    expect((row[2] as Date).getTime()).toBe(d.getTime());
    expect(row.slice(3)).toEqual(['text', '']);
    expect(sheet.getRange('A2').getValue()).toBe('');
    expect(sheet.getRange(1, 4).getValue()).toBe('text');
  });

  test('null and undefined write empty cells', () => {
    const { sheet } = setup();
    sheet.getRange('A1:B1').setValues([[1, 2]]);
    sheet.getRange('A1:B1').setValues([[null, undefined]]);
    expect(sheet.getRange('A1:B1').getValues()).toEqual([['', '']]);
    expect(sheet.getLastRow()).toBe(0);
  });

  test('setValue fills every cell of the range', () => {
    const { sheet } = setup();
    sheet.getRange('A1:B2').setValue(7);
    expect(sheet.getRange('A1:B2').getValues()).toEqual([
      [7, 7],
      [7, 7],
    ]);
  });

  test('a returned Date is a copy: mutating it does not change the cell', () => {
    const { sheet } = setup();
    sheet.getRange('A1').setValue(new Date('2026-01-01T00:00:00Z'));
    (sheet.getRange('A1').getValue() as Date).setFullYear(1999);
    expect((sheet.getRange('A1').getValue() as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('string coercion like typing into Sheets', () => {
  test("'=IMPORTXML(...)' written raw becomes a formula; with a leading apostrophe it stays text", () => {
    const { sheet, model } = setup();
    sheet.getRange('A1:A2').setValues([['=IMPORTXML("http://evil","//a")'], ['\'=IMPORTXML("http://evil","//a")']]);
    expect(sheet.getRange('A1:A2').getFormulas()).toEqual([['=IMPORTXML("http://evil","//a")'], ['']]);
    expect(sheet.getRange('A2').getValue()).toBe('=IMPORTXML("http://evil","//a")');
    expect(model.cellKind('Sheet1', 'A1')).toBe('formula');
    expect(model.cellKind('Sheet1', 'A2')).toBe('text');
    expect(model.coercions).toEqual([
      { sheet: 'Sheet1', a1: 'A1', input: '=IMPORTXML("http://evil","//a")', outcome: 'formula' },
      { sheet: 'Sheet1', a1: 'A2', input: '\'=IMPORTXML("http://evil","//a")', outcome: 'text (apostrophe)' },
    ]);
  });

  test('+, - and @ prefixed text that is not a number is a formula (strict); signed numbers are numbers', () => {
    const { sheet, model } = setup();
    sheet.getRange('A1:E1').setValues([['+cmd', '-2+3', '@SUM(A1)', '-42', '+7.5']]);
    expect(sheet.getRange('A1:C1').getFormulas()).toEqual([['=+cmd', '=-2+3', '=@SUM(A1)']]);
    expect(sheet.getRange('D1:E1').getValues()).toEqual([[-42, 7.5]]);
    expect(model.cellKind('Sheet1', 'A1')).toBe('formula');
    sheet.getRange('F1:G1').setValues([['-', '+']]);
    expect(sheet.getRange('F1:G1').getValues()).toEqual([['-', '+']]);
  });

  test('numeric strings become numbers, TRUE/FALSE booleans, percents and currency numbers', () => {
    const { sheet } = setup();
    sheet.getRange('A1:F1').setValues([['0042', '1,234.5', '1e3', 'true', '12.5%', '$1,000.25']]);
    expect(sheet.getRange('A1:F1').getValues()).toEqual([[42, 1234.5, 1000, true, 0.125, 1000.25]]);
    expect(sheet.getRange('E1:F1').getNumberFormats()).toEqual([['0.00%', '$#,##0.00']]);
  });

  test("'YYYY-MM-DD' becomes a Date at local midnight of the spreadsheet's time zone", () => {
    const { sheet } = setup('America/New_York');
    sheet.getRange('A1:B1').setValues([['2026-07-04', '2026-01-15']]);
    const [[summer, winter]] = sheet.getRange('A1:B1').getValues() as Date[][];
    expect(summer.toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(winter.toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(sheet.getRange('A1').getDisplayValue()).toBe('2026-07-04');
    const tokyo = setup('Asia/Tokyo');
    tokyo.sheet.getRange('A1').setValue('2026-07-04');
    expect((tokyo.sheet.getRange('A1').getValue() as Date).toISOString()).toBe('2026-07-03T15:00:00.000Z');
  });

  test('M/D titles become dates too (en_US), unless escaped', () => {
    const { sheet } = setup();
    sheet.getRange('A1:B1').setValues([['3/4', "'3/4"]]);
    expect(sheet.getRange('A1').getValue()).toBeInstanceOf(Date);
    expect(sheet.getRange('A1').getDisplayValue()).toBe('3/4/2026');
    expect(sheet.getRange('B1').getValue()).toBe('3/4');
  });

  test("a cell formatted '@' keeps strings exactly as typed", () => {
    const { sheet, model } = setup();
    const r = sheet.getRange('A1:D1');
    r.setNumberFormat('@');
    r.setValues([['=1+1', '0042', '2026-01-01', '-x']]);
    expect(r.getValues()).toEqual([['=1+1', '0042', '2026-01-01', '-x']]);
    expect(r.getFormulas()).toEqual([['', '', '', '']]);
    expect(model.cellKind('Sheet1', 'A1')).toBe('text');
    expect(model.coercions.map((c) => c.outcome)).toEqual(Array(4).fill('text (plain-text format)'));
  });

  test('non-string values are never parsed', () => {
    const { sheet } = setup();
    sheet.getRange('A1').setValue(12);
    sheet.getRange('A2').setValue(false);
    expect(sheet.getRange('A1:A2').getValues()).toEqual([[12], [false]]);
  });

  test('over 50,000 characters in one cell is refused like Sheets', () => {
    const { sheet } = setup();
    expect(() => sheet.getRange('A1').setValue('x'.repeat(50001))).toThrow(
      'Your input contains more than the maximum of 50000 characters in a single cell.',
    );
  });
});

describe('shape checks', () => {
  test('rows must match exactly', () => {
    const { sheet } = setup();
    expect(() => sheet.getRange('A1:B3').setValues([[1, 2]])).toThrow(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 3.',
    );
  });

  test('columns must match on every row', () => {
    const { sheet } = setup();
    expect(() =>
      sheet.getRange('A1:B2').setValues([
        [1, 2],
        [3, 4, 5],
      ]),
    ).toThrow('The number of columns in the data does not match the number of columns in the range. The data has 3 but the range has 2.');
    // Nothing was written: Sheets checks before writing.
    expect(sheet.getRange('A1').getValue()).toBe('');
  });

  test('setNumberFormats and setFormulas are shape-checked too', () => {
    const { sheet } = setup();
    expect(() => sheet.getRange('A1:A2').setNumberFormats([['0.00']])).toThrow(/rows in the data/);
    expect(() => sheet.getRange('A1:B1').setFormulas([['=A()']])).toThrow(/columns in the data/);
    expect(() => sheet.getRange('A1').setValues('x' as unknown as unknown[][])).toThrow(/don't match the method signature/);
  });
});

describe('formulas', () => {
  test('setFormula/getFormula; a formula keeps its previous value until recalculated', () => {
    const { sheet } = setup();
    sheet.getRange('B2').setValue(5);
    sheet.getRange('B2').setFormula('=CREATOR_SITES()');
    expect(sheet.getRange('B2').getFormula()).toBe('=CREATOR_SITES()');
    expect(sheet.getRange('B2').getValue()).toBe(5);
    sheet.getRange('B2').setValue('plain');
    expect(sheet.getRange('B2').getFormula()).toBe('');
  });

  test('setFormulas writes a grid; empty strings clear', () => {
    const { sheet } = setup();
    sheet.getRange('A1:B1').setFormulas([['=F(1)', '']]);
    expect(sheet.getRange('A1:B1').getFormulas()).toEqual([['=F(1)', '']]);
  });
});

describe('counters', () => {
  test('setValues/setValue/setFormula(s) count calls and cells; reads count calls and cells; formats count calls', () => {
    const { sheet, counters } = setup();
    sheet.getRange('A1:B2').setValues([
      [1, 2],
      [3, 4],
    ]);
    sheet.getRange('C1').setValue(1);
    sheet.getRange('D1:D2').setFormula('=F()');
    sheet.getRange('A1:B2').getValues();
    sheet.getRange('A1').getValue();
    sheet.getRange('D1:D2').getFormulas();
    sheet.getRange('A1:B2').setNumberFormats([
      ['0', '0'],
      ['0', '0'],
    ]);
    sheet.getRange('A1').setNumberFormat('0.00');
    expect(counters.setValuesCalls).toBe(3);
    expect(counters.setValuesCells).toBe(7);
    expect(counters.readCalls).toBe(3);
    expect(counters.readCells).toBe(7);
    expect(counters.setNumberFormatsCalls).toBe(2);
  });
});

describe('number formats and display values', () => {
  const cases: Array<[unknown, string, string]> = [
    [1234567.891, '#,##0', '1,234,568'],
    [1234567.891, '#,##0.00', '1,234,567.89'],
    [-1234.5, '$#,##0.00', '-$1,234.50'],
    [0.12345, '$#,##0.0000', '$0.1235'],
    [Math.PI, '0.00', '3.14'],
    [42.5, '0.00"%"', '42.50%'],
    [0.1234, '0.0%', '12.3%'],
    [0.5, '0%', '50%'],
    [7, '0', '7'],
    [0, '#,##0.00', '0.00'],
    [1234.5, 'General', '1234.5'],
    [0.1 + 0.2, 'General', '0.3'],
    [true, '0.00', 'TRUE'],
    ['text', '0.00', 'text'],
    [12, '@', '12'],
  ];
  test.each(cases)('%p with %p shows %p', (value, format, shown) => {
    const { sheet } = setup();
    const r = sheet.getRange('A1');
    r.setValue(value);
    r.setNumberFormat(format);
    expect(r.getDisplayValue()).toBe(shown);
    expect(r.getNumberFormat()).toBe(format);
  });

  test('dates display in the spreadsheet time zone', () => {
    const { sheet } = setup('America/Los_Angeles');
    const r = sheet.getRange('A1:C1');
    const d = new Date('2026-02-01T03:00:00Z'); // Jan 31, 19:00 in Los Angeles
    r.setValues([[d, d, d]]);
    r.setNumberFormats([['yyyy-mm-dd', 'yyyy-mm-dd hh:mm', 'mmm d, yyyy']]);
    expect(r.getDisplayValues()).toEqual([['2026-01-31', '2026-01-31 19:00', 'Jan 31, 2026']]);
  });

  test('unformatted cells: General numbers, default date look, default format string', () => {
    const { sheet } = setup();
    sheet.getRange('A1:C1').setValues([[1e20, 5, new Date('2026-05-06T04:00:00Z')]]);
    expect(sheet.getRange('A1:B1').getDisplayValues()).toEqual([['1E+20', '5']]);
    expect(sheet.getRange('C1').getDisplayValue()).toBe('5/6/2026');
    expect(sheet.getRange('B1').getNumberFormat()).toBe('0.###############');
  });

  test('a number under a date format reads back as a Date, a date under a number format as its serial', () => {
    const { sheet } = setup('UTC');
    sheet.getRange('A1').setValue(46000);
    sheet.getRange('A1').setNumberFormat('yyyy-mm-dd');
    expect((sheet.getRange('A1').getValue() as Date).toISOString()).toBe('2025-12-09T00:00:00.000Z');
    expect(sheet.getRange('A1').getDisplayValue()).toBe('2025-12-09');
    sheet.getRange('B1').setValue(new Date('2025-12-09T12:00:00Z'));
    sheet.getRange('B1').setNumberFormat('0.00');
    expect(sheet.getRange('B1').getValue()).toBe(46000.5);
    expect(sheet.getRange('B1').getDisplayValue()).toBe('46000.50');
  });
});

describe('styles and notes', () => {
  test('font weights, backgrounds, alignment, wrap, notes', () => {
    const { sheet } = setup();
    const r = sheet.getRange('A1:B1');
    r.setFontWeight('bold').setBackground('#eeeeee').setHorizontalAlignment('right').setWrap(false);
    expect(r.getFontWeights()).toEqual([['bold', 'bold']]);
    expect(sheet.getRange('C1').getFontWeight()).toBe('normal');
    r.setFontWeights([['normal', 'bold']]);
    expect(r.getFontWeight()).toBe('normal');
    expect(r.getBackground()).toBe('#eeeeee');
    sheet.getRange('A1').setNote('Pulled 2026-11-21');
    expect(r.getNotes()).toEqual([['Pulled 2026-11-21', '']]);
    expect(sheet.getRange('A1').getNote()).toBe('Pulled 2026-11-21');
    sheet.getRange('A1').clearNote();
    expect(sheet.getRange('A1').getNote()).toBe('');
  });

  test('clear, clearContent and clearFormat do what they say', () => {
    const { sheet } = setup();
    const r = sheet.getRange('A1');
    r.setValue(3).setNumberFormat('0.00').setFontWeight('bold').setNote('n');
    r.clearContent();
    expect([r.getValue(), r.getNumberFormat(), r.getFontWeight(), r.getNote()]).toEqual(['', '0.00', 'bold', 'n']);
    r.setValue(3);
    r.clearFormat();
    expect([r.getValue(), r.getNumberFormat(), r.getFontWeight()]).toEqual([3, '0.###############', 'normal']);
    r.setNumberFormat('0.00');
    r.clear();
    expect([r.getValue(), r.getNumberFormat(), r.getNote()]).toEqual(['', '0.###############', 'n']);
  });
});

describe('range geometry', () => {
  test('A1 notation, offsets and bounds', () => {
    const { sheet } = setup();
    const r = sheet.getRange(2, 3, 4, 2);
    expect(r.getA1Notation()).toBe('C2:D5');
    expect([r.getRow(), r.getColumn(), r.getLastRow(), r.getLastColumn(), r.getNumRows(), r.getNumColumns()]).toEqual([2, 3, 5, 4, 4, 2]);
    expect(r.offset(1, 1).getA1Notation()).toBe('D3:E6');
    expect(r.offset(0, 0, 1, 1).getA1Notation()).toBe('C2');
    expect(r.getSheet().getName()).toBe('Sheet1');
    expect(sheet.getRange('$B$2:$C$3').getA1Notation()).toBe('B2:C3');
    expect(sheet.getRange('Z1000').getA1Notation()).toBe('Z1000');
    expect(() => sheet.getRange('AA1')).toThrow('The coordinates of the range are outside the dimensions of the sheet.');
    expect(() => sheet.getRange(0, 1)).toThrow('The starting row of the range is too small.');
    expect(() => sheet.getRange(1, 1, 0, 1)).toThrow('The number of rows in the range must be at least 1.');
  });
});
