import { sheet, sheetEmulator, shown } from '../sheet/helpers';

describe('emulated Range.copyTo and Range.sort (what the writer and a user do)', () => {
  it('copyTo copies values, formats and notes, and empties the target where the source is empty', () => {
    const { ss } = sheetEmulator();
    const a = sheet(ss, 'Sheet1');
    const b = ss.insertSheet('B');
    a.getRange('A1:B2').setValues([
      ["'=text", 1.5],
      ['', 'x'],
    ]);
    a.getRange('B1').setNumberFormat('$#,##0.00');
    a.getRange('A1').setNote('note');
    b.getRange('A1:C3').setValue('old');
    a.getRange('A1:B2').copyTo(b.getRange('A1'));
    expect(shown(ss, 'B', 'A1:C3')).toEqual([
      ['=text', '$1.50', 'old'],
      ['', 'x', 'old'],
      ['old', 'old', 'old'],
    ]);
    expect(b.getRange('A1').getFormula()).toBe('');
    expect(b.getRange('A1').getNote()).toBe('note');
  });

  it('copyTo outside the target sheet throws and changes nothing', () => {
    const { ss } = sheetEmulator();
    const a = sheet(ss, 'Sheet1');
    a.getRange('A1:A3').setValues([[1], [2], [3]]);
    a.getRange('Z998').setValue('keep');
    expect(() => a.getRange('A1:A3').copyTo(a.getRange('Z999'))).toThrow(/outside the dimensions/);
    expect(shown(ss, 'Sheet1', 'Z998:Z1000').flat()).toEqual(['keep', '', '']);
  });

  it('sort reorders rows by a column, ascending or descending, empty cells last', () => {
    const { ss } = sheetEmulator();
    const a = sheet(ss, 'Sheet1');
    a.getRange('A1:B4').setValues([
      ['b', 2],
      ['', 9],
      ['a', 3],
      ['c', 1],
    ]);
    a.getRange('A1:B4').sort(1);
    expect(shown(ss, 'Sheet1', 'A1:B4')).toEqual([
      ['a', '3'],
      ['b', '2'],
      ['c', '1'],
      ['', '9'],
    ]);
    a.getRange('A1:B4').sort({ column: 2, ascending: false });
    expect(shown(ss, 'Sheet1', 'B1:B4').flat()).toEqual(['9', '3', '2', '1']);
    expect(() => a.getRange('A1:B4').sort(3)).toThrow(/sort column must be within/);
  });
});
