import { percentText } from '../../src/shared/percent-text';

describe('percentText (every alert text\u2019s percents, as the sheet\u2019s cells write them)', () => {
  test('no space before %, thousands grouped; fixed places for a value, at most that many for a threshold', () => {
    expect(percentText(0.5879, { places: 2, fixed: true })).toBe('58.79%');
    expect(percentText(0.5, { places: 2, fixed: true })).toBe('50.00%');
    expect(percentText(0.5, { places: 3 })).toBe('50%');
    expect(percentText(50, { places: 3 })).toBe('5,000%');
  });

  test('a rise gets its plus when asked; a fall its minus; what rounds to nothing has no sign', () => {
    expect(percentText(0.0444, { places: 1, plus: true })).toBe('+4.4%');
    expect(percentText(-0.0444, { places: 1, plus: true })).toBe('-4.4%');
    expect(percentText(0.0444, { places: 1 })).toBe('4.4%');
    expect(percentText(-0.00001, { places: 1, plus: true })).toBe('0%');
  });
});
