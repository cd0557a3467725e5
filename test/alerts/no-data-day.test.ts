import { expectedDayFrom, noDataWords } from '../../src/alerts/no-data-day';

describe('the day a noData alert checks', () => {
  test('today minus the lag from byHour on, a day earlier before it, across a month end', () => {
    expect(expectedDayFrom('2026-12-01', 9, 9, 2)).toBe('2026-11-29');
    expect(expectedDayFrom('2026-12-01', 8, 9, 2)).toBe('2026-11-28');
    expect(expectedDayFrom('2026-03-01', 10, 9, 1)).toBe('2026-02-28');
  });

  test('the words name the lag and the date', () => {
    expect(noDataWords(2, '2026-11-29')).toBe('has no data for 2 days ago (2026-11-29) by');
    expect(noDataWords(1, '2026-11-30')).toBe('has no data for yesterday (2026-11-30) by');
    expect(noDataWords(0, '2026-12-01')).toBe('has no data for today (2026-12-01) by');
  });
});
