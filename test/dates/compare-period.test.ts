import { comparisonRange, equalLengthComparison } from '../../src/dates';

const length = (r: { startDate: string; endDate: string }) => (Date.parse(r.endDate) - Date.parse(r.startDate)) / 86_400_000 + 1;

describe('comparison periods across 29 February', () => {
  test('for alerts the previous year has as many days as the checked period; CREATOR_COMPARE keeps the same dates', () => {
    const after = { startDate: '2025-02-23', endDate: '2025-03-01' };
    expect(comparisonRange('previousYear', after)).toEqual({ startDate: '2024-02-23', endDate: '2024-03-01' });
    expect(equalLengthComparison('previousYear', after)).toEqual({ startDate: '2024-02-24', endDate: '2024-03-01' });

    const within = { startDate: '2024-02-23', endDate: '2024-02-29' };
    expect(comparisonRange('previousYear', within)).toEqual({ startDate: '2023-02-23', endDate: '2023-02-28' });
    expect(equalLengthComparison('previousYear', within)).toEqual({ startDate: '2023-02-22', endDate: '2023-02-28' });

    for (const compareTo of ['previousPeriod', 'previousYear', 'previousYearWeekday'] as const)
      for (const range of [
        after,
        within,
        { startDate: '2024-02-29', endDate: '2024-02-29' },
        { startDate: '2023-12-01', endDate: '2024-03-31' },
      ])
        expect(length(equalLengthComparison(compareTo, range))).toBe(length(range));
  });
});
