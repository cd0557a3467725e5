import type { ColumnSpec } from '../../src/catalog/types';
import { formatValue } from '../../src/alerts/format';

const column = (field: string, type: ColumnSpec['type']) => ({ field, type }) as ColumnSpec;

describe('formatValue (alert e-mails and status lines)', () => {
  test('money with cents and thousands, RPS to four places, counts whole, signs in front', () => {
    expect(formatValue(263898.8, column('earnings', 'currency'))).toBe('$263,898.80');
    expect(formatValue(-2.4, column('rpm', 'currency'))).toBe('-$2.40');
    expect(formatValue(0.01234, column('rps', 'currency'))).toBe('$0.0123');
    expect(formatValue(1234567, column('pageviews', 'integer'))).toBe('1,234,567');
    expect(formatValue(12345.678, undefined)).toBe('12,345.68');
  });
});
