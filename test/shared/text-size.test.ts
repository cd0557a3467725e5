import { thousands } from '../../src/shared/text-size';

describe('thousands', () => {
  test('groups the whole part by thousands and keeps the fraction as it is', () => {
    expect(thousands(120000)).toBe('120,000');
    expect(thousands(1234567.25)).toBe('1,234,567.25');
    expect(thousands(999)).toBe('999');
  });

  test('with decimals, rounds to that many places first, as e-mails and status lines show money', () => {
    expect(thousands(263898.8, 2)).toBe('263,898.80');
    expect(thousands(1234.56789, 4)).toBe('1,234.5679');
    expect(thousands(1999.5, 0)).toBe('2,000');
  });
});
