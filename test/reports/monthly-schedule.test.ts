import { describeSchedule, dueSlot, latestSlot, nextSlotAfter, type Zone } from '../../src/reports/schedule';
import { formatDate } from '../dates/clock-stub';

const NY: Zone = { timeZone: 'America/New_York', formatDate };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('monthly schedules', () => {
  test('the 2nd at 06:00 New York time runs once a month, in that zone', () => {
    const monthly = { every: 'month' as const, monthDay: 2, hour: 6 };
    expect(iso(latestSlot(monthly, at('2026-10-05T12:00:00Z'), NY))).toBe('2026-10-02T10:00:00.000Z');
    // 1 October: this month's slot is ahead, so September's counts.
    expect(iso(latestSlot(monthly, at('2026-10-01T12:00:00Z'), NY))).toBe('2026-09-02T10:00:00.000Z');
    // After the clocks go back, 06:00 is 11:00 UTC.
    expect(iso(nextSlotAfter(monthly, at('2026-10-02T10:00:00Z'), NY))).toBe('2026-11-02T11:00:00.000Z');
    expect(iso(nextSlotAfter(monthly, at('2026-12-20T00:00:00Z'), NY))).toBe('2027-01-02T11:00:00.000Z');
    expect(describeSchedule(monthly)).toBe('Monthly on the 2nd at 06:00');
  });

  test('a day past the month end runs on its last day: the 31st is 30 September and 28 February', () => {
    const monthly = { every: 'month' as const, monthDay: 31, hour: 6 };
    expect(iso(nextSlotAfter(monthly, at('2026-09-05T12:00:00Z'), NY))).toBe('2026-09-30T10:00:00.000Z');
    expect(iso(nextSlotAfter(monthly, at('2027-02-01T12:00:00Z'), NY))).toBe('2027-02-28T11:00:00.000Z');
    expect(iso(nextSlotAfter(monthly, at('2028-02-01T12:00:00Z'), NY))).toBe('2028-02-29T11:00:00.000Z');
    expect(iso(latestSlot(monthly, at('2026-10-05T12:00:00Z'), NY))).toBe('2026-09-30T10:00:00.000Z');
    expect(describeSchedule(monthly)).toBe("Monthly on the 31st (or the month's last day) at 06:00");
  });

  test('due once per slot: a run on the 2nd covers the month', () => {
    const monthly = { every: 'month' as const, monthDay: 2, hour: 6 };
    const ran = at('2026-10-02T10:20:00Z');
    expect(dueSlot(monthly, ran, at('2026-10-20T12:00:00Z'), NY)).toBeNull();
    expect(iso(dueSlot(monthly, ran, at('2026-11-02T11:05:00Z'), NY))).toBe('2026-11-02T11:00:00.000Z');
  });
});
