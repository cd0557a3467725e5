import { describeSchedule, dueSlot, latestSlot, nextSlotAfter, type Zone } from '../../src/reports/schedule';
import { formatDate } from '../dates/clock-stub';

const NY: Zone = { timeZone: 'America/New_York', formatDate };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('schedule slots in the spreadsheet time zone', () => {
  test('daily at 06:00 New York time is 10:00 UTC in summer and 11:00 UTC after the clocks go back', () => {
    const daily = { every: 'day' as const, hour: 6 };
    expect(iso(latestSlot(daily, at('2026-10-05T12:00:00Z'), NY))).toBe('2026-10-05T10:00:00.000Z');
    // 05:30 local: today's 06:00 has not come yet, so the slot is yesterday's.
    expect(iso(latestSlot(daily, at('2026-10-05T09:30:00Z'), NY))).toBe('2026-10-04T10:00:00.000Z');
    expect(iso(latestSlot(daily, at('2026-11-02T12:00:00Z'), NY))).toBe('2026-11-02T11:00:00.000Z');
    expect(iso(nextSlotAfter(daily, at('2026-10-31T12:00:00Z'), NY))).toBe('2026-11-01T11:00:00.000Z');
  });

  test('weekly on Monday at 07:00 falls on the Monday of that week or the one before', () => {
    const weekly = { every: 'week' as const, hour: 7, weekDay: 1 };
    // 2026-10-05 is a Monday; 08:00 local is after the slot.
    expect(iso(latestSlot(weekly, at('2026-10-05T12:00:00Z'), NY))).toBe('2026-10-05T11:00:00.000Z');
    // Monday 06:00 local: this week's slot is still ahead, so last week's counts.
    expect(iso(latestSlot(weekly, at('2026-10-05T10:00:00Z'), NY))).toBe('2026-09-28T11:00:00.000Z');
    expect(iso(latestSlot(weekly, at('2026-10-09T12:00:00Z'), NY))).toBe('2026-10-05T11:00:00.000Z');
    expect(iso(nextSlotAfter(weekly, at('2026-10-05T11:00:00Z'), NY))).toBe('2026-10-12T11:00:00.000Z');
  });

  test('hourly slots start at the top of the local hour, even in a half-hour time zone', () => {
    const kolkata: Zone = { timeZone: 'Asia/Kolkata', formatDate };
    expect(iso(latestSlot({ every: 'hour' }, at('2026-10-05T12:10:00Z'), kolkata))).toBe('2026-10-05T11:30:00.000Z');
    expect(iso(nextSlotAfter({ every: 'hour' }, at('2026-10-05T12:10:00Z'), kolkata))).toBe('2026-10-05T12:30:00.000Z');
  });

  test('a new daily schedule waits for its hour instead of running at once', () => {
    const daily = { every: 'day' as const, hour: 6 };
    const setAt = at('2026-10-05T12:00:00Z'); // 08:00 local
    expect(dueSlot(daily, setAt, at('2026-10-05T20:00:00Z'), NY)).toBeNull();
    expect(iso(dueSlot(daily, setAt, at('2026-10-06T10:20:00Z'), NY))).toBe('2026-10-06T10:00:00.000Z');
  });

  test('a run covers its slot; a missed slot is still due at the next check; a backlog is one run', () => {
    const daily = { every: 'day' as const, hour: 6 };
    const ranAt = at('2026-10-06T10:20:00Z');
    expect(dueSlot(daily, ranAt, at('2026-10-06T11:20:00Z'), NY)).toBeNull();
    // The trigger did not fire for two days: one slot is due, the latest.
    expect(iso(dueSlot(daily, ranAt, at('2026-10-08T15:00:00Z'), NY))).toBe('2026-10-08T10:00:00.000Z');
    expect(dueSlot({ every: 'off' }, null, at('2026-10-08T15:00:00Z'), NY)).toBeNull();
  });

  test('schedules read in words', () => {
    expect(describeSchedule({ every: 'day', hour: 6 })).toBe('Daily at 06:00');
    expect(describeSchedule({ every: 'week', hour: 7, weekDay: 1 })).toBe('Weekly on Monday at 07:00');
    expect(describeSchedule({ every: 'hour' })).toBe('Hourly');
    expect(describeSchedule(undefined)).toBe('Off');
  });
});

describe('a schedule never runs before its local hour (daylight saving)', () => {
  const zones = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'America/Santiago', 'Pacific/Chatham'];
  const local = (ms: number, timeZone: string) => formatDate(new Date(ms), timeZone, 'yyyy-MM-dd HH:mm');

  test('the US spring-forward day: 02:00 does not exist, so the slot is 03:00 EDT, not 01:00 EST', () => {
    const daily = { every: 'day' as const, hour: 2 };
    expect(iso(nextSlotAfter(daily, at('2027-03-13T12:00:00Z'), NY))).toBe('2027-03-14T07:00:00.000Z');
    expect(dueSlot(daily, at('2027-03-13T12:00:00Z'), at('2027-03-14T06:20:00Z'), NY)).toBeNull();
  });

  test.each(zones)('every daily hour over a year in %s: the slot shows that hour or later on its day', (timeZone) => {
    const zone: Zone = { timeZone, formatDate };
    // Every slot that breaks a rule, with the hour asked for and what the clock showed (one expect
    // for the sweep's 3,660 checks).
    const wrong: Array<[rule: string, hour: number, shown: string]> = [];
    for (const hour of [0, 1, 2, 3, 23]) {
      let from = at('2026-01-01T00:00:00Z');
      for (let day = 0; day < 366; day++) {
        const slot = nextSlotAfter({ every: 'day', hour }, from, zone)!;
        const shown = local(slot, timeZone);
        if (!(Number(shown.slice(11, 13)) >= hour || shown.slice(11, 13) === '00')) wrong.push(['before its hour', hour, shown]);
        // Not an hour early: an hour before the slot the clock showed an earlier time, or the same
        // hour when the clocks went back (the repeated hour; then the slot is its second pass).
        if (!(local(slot - 3600_000, timeZone) <= `${shown.slice(0, 10)} ${String(hour).padStart(2, '0')}:00`))
          wrong.push(['an hour early', hour, shown]);
        from = slot;
      }
    }
    expect(wrong).toEqual([]);
  });
});
