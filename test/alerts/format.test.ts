import type { ColumnSpec } from '../../src/catalog/types';
import { formatFraction, formatValue } from '../../src/alerts/format';

const column = (field: string, type: ColumnSpec['type']) => ({ field, type }) as ColumnSpec;

describe('formatValue (alert e-mails and status lines)', () => {
  test('money with cents and thousands, RPS to four places, counts whole, signs in front', () => {
    expect(formatValue(263898.8, column('earnings', 'currency'))).toBe('$263,898.80');
    expect(formatValue(-2.4, column('rpm', 'currency'))).toBe('-$2.40');
    expect(formatValue(0.01234, column('rps', 'currency'))).toBe('$0.0123');
    expect(formatValue(1234567, column('pageviews', 'integer'))).toBe('1,234,567');
    expect(formatValue(12345.678, undefined)).toBe('12,345.68');
  });

  test('a percent (written as a fraction, as Sheets formats it) shows as the percent a sheet shows', () => {
    expect(formatValue(0.584, column('bounceRate', 'percent'))).toBe('58.40%');
    expect(formatValue(-0.05, column('bounceRate', 'percent'))).toBe('-5.00%');
    expect(formatValue(1, column('viewability', 'percent'))).toBe('100.00%');
  });

  test('a change reads as the sheet\u2019s change cells do: signed, one place at most, no space before %', () => {
    expect(formatFraction(0.0444)).toBe('+4.4%');
    expect(formatFraction(-0.2)).toBe('-20%');
    expect(formatFraction(-0.2345)).toBe('-23.5%');
    expect(formatFraction(-0.0001)).toBe('0%');
    expect(formatFraction(12.5)).toBe('+1,250%');
  });
});
