import { newCounters } from '../../emulator/counters';
import { parseFormula, recalculate } from '../../emulator/formula-engine';
import { createSpreadsheetService } from '../../emulator/spreadsheet';

function setup() {
  let permission: 'full' | 'readOnly' = 'full';
  const svc = createSpreadsheetService({
    timeZone: 'America/New_York',
    counters: newCounters(),
    permission: () => permission,
    now: () => 0,
    owner: 'owner@example.com',
  });
  const app = svc.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  const calls: unknown[][] = [];
  const opts = {
    runAsCustomFunction<T>(fn: () => T): T {
      permission = 'readOnly';
      try {
        return fn();
      } finally {
        permission = 'full';
      }
    },
  };
  const recalc = (functions: Record<string, (...args: unknown[]) => unknown>, only?: (f: string) => boolean) =>
    recalculate(svc.spreadsheet, functions, only ? { ...opts, only } : opts);
  return { svc, app, sheet: app.getActiveSheet(), model: svc.spreadsheet, calls, recalc };
}

describe('parseFormula', () => {
  test('literals, omitted arguments, references and ranges', () => {
    expect(parseFormula('=CREATOR_REPORT("earn""ings", A1, , -3.5, TRUE, $B$2:C9, Sheet2!B3, \'My Sheet\'!A1:A2, 10%)')).toEqual({
      name: 'CREATOR_REPORT',
      args: [
        { kind: 'string', value: 'earn"ings' },
        { kind: 'ref', ref: 'A1' },
        { kind: 'omitted' },
        { kind: 'number', value: -3.5 },
        { kind: 'boolean', value: true },
        { kind: 'ref', ref: '$B$2:C9' },
        { kind: 'ref', sheet: 'Sheet2', ref: 'B3' },
        { kind: 'ref', sheet: 'My Sheet', ref: 'A1:A2' },
        { kind: 'number', value: 0.1 },
      ],
    });
    expect(parseFormula('=F()')).toEqual({ name: 'F', args: [] });
    expect(parseFormula('=F(1,)')).toEqual({ name: 'F', args: [{ kind: 'number', value: 1 }, { kind: 'omitted' }] });
  });

  test('anything else is a parse error', () => {
    for (const bad of ['=F(1', '=F(1) + 2', '=1+2', '=F(G(1)+1)', '=F("x)', 'F(1)', '=F(A1:)', '=F(DATE(1,2)'])
      expect(() => parseFormula(bad)).toThrow(/Formula parse error/);
  });

  test('nested calls parse as calls (DATE and TODAY are evaluated, as people write date arguments)', () => {
    expect(parseFormula('=F(DATE(2026, 10, 1), TODAY())')).toEqual({
      name: 'F',
      args: [
        {
          kind: 'call',
          name: 'DATE',
          args: [
            { kind: 'number', value: 2026 },
            { kind: 'number', value: 10 },
            { kind: 'number', value: 1 },
          ],
        },
        { kind: 'call', name: 'TODAY', args: [] },
      ],
    });
  });
});

describe('recalculate', () => {
  test('arguments arrive as Sheets passes them: values, dates, "" for empty, 2-D ranges, undefined when omitted', () => {
    const { sheet, recalc } = setup();
    sheet.getRange('A1:B2').setValues([
      ['site-1', '2026-10-01'],
      [5, ''],
    ]);
    sheet.getRange('D1').setFormula('=F(A1, B1, B2, A1:B2, , "x")');
    let seen: unknown[] = [];
    recalc({ F: (...args) => ((seen = args), 'ok') });
    expect(seen[0]).toBe('site-1');
    expect(seen[1]).toBeInstanceOf(Date);
    expect((seen[1] as Date).toISOString()).toBe('2026-10-01T04:00:00.000Z');
    expect(seen[2]).toBe('');
    expect(seen[3]).toEqual([
      ['site-1', seen[1]],
      [5, ''],
    ]);
    expect(seen[4]).toBeUndefined();
    expect(seen[5]).toBe('x');
    expect(seen).toHaveLength(6);
    expect(sheet.getRange('D1').getValue()).toBe('ok');
  });

  test('a 2-D result spills right and down; getFormulas is "" on spilled cells', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('B2').setFormula('=T()');
    const report = recalc({
      T: () => [
        ['date', 'earnings'],
        [new Date('2026-10-01T04:00:00Z'), 12.5],
      ],
    });
    expect(sheet.getRange('B2:C3').getValues()).toEqual([
      ['date', 'earnings'],
      [new Date('2026-10-01T04:00:00Z'), 12.5],
    ]);
    expect(sheet.getRange('B2:C3').getFormulas()).toEqual([
      ['=T()', ''],
      ['', ''],
    ]);
    expect(model.cellKind('Sheet1', 'C3')).toBe('spill');
    expect(report.evaluated).toEqual([{ sheet: 'Sheet1', a1: 'B2', formula: '=T()', value: 'date', rows: 2, cols: 2 }]);
    expect(report.errors).toEqual([]);
  });

  test('a smaller result on the next run leaves no stale spilled cells', () => {
    const { sheet, recalc } = setup();
    sheet.getRange('A1').setFormula('=T()');
    let rows = 3;
    const T = () => Array.from({ length: rows }, (_, i) => [i]);
    recalc({ T });
    rows = 1;
    recalc({ T });
    expect(sheet.getRange('A1:A3').getValues()).toEqual([[0], [''], ['']]);
    expect(sheet.getLastRow()).toBe(1);
  });

  test('a spill blocked by data shows #REF! with Sheets’ message; clearing the data lets it spill', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('B3').setValue('mine');
    sheet.getRange('A1').setFormula('=T()');
    const T = () => [
      [1, 2],
      [3, 4],
      [5, 6],
    ];
    const report = recalc({ T });
    expect(sheet.getRange('A1').getValue()).toBe('#REF!');
    expect(model.cellError('Sheet1', 'A1')).toBe('Array result was not expanded because it would overwrite data in B3.');
    expect(sheet.getRange('B3').getValue()).toBe('mine');
    expect(sheet.getRange('A2').getValue()).toBe('');
    expect(report.errors.map((e) => e.error)).toEqual(['Array result was not expanded because it would overwrite data in B3.']);
    sheet.getRange('B3').clearContent();
    recalc({ T });
    expect(model.cellError('Sheet1', 'A1')).toBeNull();
    expect(sheet.getRange('B3').getValue()).toBe(6);
  });

  test('writing into a spill area breaks the array at once', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('A1').setFormula('=T()');
    recalc({ T: () => [[1], [2], [3]] });
    sheet.getRange('A3').setValue('typed');
    expect(sheet.getRange('A1:A3').getValues()).toEqual([['#REF!'], [''], ['typed']]);
    expect(model.cellError('Sheet1', 'A1')).toBe('Array result was not expanded because it would overwrite data in A3.');
  });

  test('a result taller than the sheet asks for more rows', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('A999').setFormula('=T()');
    recalc({ T: () => [[1], [2], [3], [4]] });
    expect(model.cellError('Sheet1', 'A999')).toBe('Result was not automatically expanded, please insert more rows (2).');
  });

  test('a thrown error shows #ERROR! and its message; unknown functions #NAME?; parse errors #ERROR!', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('A1:C1').setFormulas([['=BAD()', '=NOPE(1)', '=BAD(1']]);
    const report = recalc({
      BAD: () => {
        throw new Error('Start date 2020-01-01 is before the data begins (2024-03-01).');
      },
    });
    expect(sheet.getRange('A1:C1').getValues()).toEqual([['#ERROR!', '#NAME?', '#ERROR!']]);
    expect(model.cellError('Sheet1', 'A1')).toBe('Start date 2020-01-01 is before the data begins (2024-03-01).');
    expect(model.cellError('Sheet1', 'B1')).toBe("Unknown function: 'NOPE'.");
    expect(model.cellError('Sheet1', 'C1')).toBe('Formula parse error.');
    expect(report.errors).toHaveLength(3);
  });

  test('DATE(y, m, d) arrives as that day\u2019s midnight in the spreadsheet\u2019s zone; a bad DATE is the cell\u2019s error', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('A1:B1').setFormulas([['=SHOW(DATE(2026, 10, 1))', '=SHOW(DATE("x", 1, 1))']]);
    const seen: unknown[] = [];
    recalc({ SHOW: (d: unknown) => (seen.push(d), 'ok') });
    expect(seen).toHaveLength(1);
    expect((seen[0] as Date).toISOString()).toBe('2026-10-01T04:00:00.000Z');
    expect(model.cellError('Sheet1', 'B1')).toBe('Function DATE parameter expects number values.');
  });

  test('an error argument propagates without calling the function', () => {
    const { sheet, recalc } = setup();
    sheet.getRange('A1:B1').setFormulas([['=NOPE()', '=F(A1)']]);
    const F = jest.fn(() => 1);
    recalc({ F });
    expect(F).not.toHaveBeenCalled();
    expect(sheet.getRange('B1').getValue()).toBe('#NAME?');
  });

  test('scalars fill one cell; Dates stay Dates; null is empty; "=..." strings stay text; 1-D arrays fill a column', () => {
    const { sheet, recalc, model } = setup();
    sheet.getRange('A1:E1').setFormulas([['=D()', '=N()', '=S()', '=L()', '=B()']]);
    recalc({
      D: () => new Date('2026-01-01T05:00:00Z'),
      N: () => null,
      S: () => '=IMPORTXML("x")',
      L: () => ['a', 'b'],
      B: () => false,
    });
    expect(sheet.getRange('A1').getValue()).toEqual(new Date('2026-01-01T05:00:00Z'));
    expect(sheet.getRange('B1:C1').getValues()).toEqual([['', '=IMPORTXML("x")']]);
    expect(sheet.getRange('C1').getFormula()).toBe('=S()');
    expect(model.formulaCells().map((f) => f.formula)).toEqual(['=D()', '=N()', '=S()', '=L()', '=B()']);
    expect(sheet.getRange('D1:D2').getValues()).toEqual([['a'], ['b']]);
    expect(sheet.getRange('E1').getValue()).toBe(false);
  });

  test('functions run as custom functions: writes throw, and the cell shows that error', () => {
    const { sheet, recalc, model, app } = setup();
    sheet.getRange('A1').setFormula('=W()');
    recalc({ W: () => app.getActiveSheet().getRange('Z1').setValue(1) });
    expect(model.cellError('Sheet1', 'A1')).toBe('You do not have permission to call setValue');
  });

  test('references to other sheets, quoted names and missing sheets', () => {
    const { app, sheet, recalc, model } = setup();
    app.getActiveSpreadsheet().insertSheet("It's").getRange('B3').setValue(9);
    sheet.getRange('A1:B1').setFormulas([["=F('It''s'!B3)", '=F(Nowhere!A1)']]);
    recalc({ F: (x) => x });
    expect(sheet.getRange('A1').getValue()).toBe(9);
    expect(sheet.getRange('B1').getValue()).toBe('#REF!');
    expect(model.cellError('Sheet1', 'B1')).toBe("Unresolved sheet name 'Nowhere'.");
  });

  test('function names match case-insensitively; `only` limits the work', () => {
    const { sheet, recalc } = setup();
    sheet.getRange('A1:B1').setFormulas([['=creator_sites()', '=OTHER()']]);
    const report = recalc({ CREATOR_SITES: () => 'sites', OTHER: () => 'other' }, (f) => /CREATOR_/i.test(f));
    expect(sheet.getRange('A1:B1').getValues()).toEqual([['sites', '']]);
    expect(report.evaluated.map((e) => e.a1)).toEqual(['A1']);
  });

  test('a re-entered formula keeps its old result and spill until recalculated', () => {
    const { sheet, recalc } = setup();
    sheet.getRange('A1').setFormula('=T(1)');
    recalc({ T: (n) => [[n], [n]] });
    sheet.getRange('A1').setFormula('=T(2)');
    expect(sheet.getRange('A1:A2').getValues()).toEqual([[1], [1]]);
    recalc({ T: (n) => [[n], [n]] });
    expect(sheet.getRange('A1:A2').getValues()).toEqual([[2], [2]]);
  });

  test('Dates from another realm (the script vm) become real Dates', () => {
    const vm = require('node:vm') as typeof import('node:vm');
    const { sheet, recalc } = setup();
    sheet.getRange('A1').setFormula('=T()');
    const foreign = vm.runInNewContext('[[new Date(Date.UTC(2026, 0, 2))]]') as unknown[][];
    recalc({ T: () => foreign });
    const v = sheet.getRange('A1').getValue();
    expect(v).toBeInstanceOf(Date);
    expect((v as Date).toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });
});
