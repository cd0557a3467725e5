import { addDays, dayReader, isYmd, localMidnight } from '../../src/dates';
import { formatDate } from './clock-stub';

const platform = { formatDate };
const show = (d: Date, tz: string) => formatDate(d, tz, 'yyyy-MM-dd HH:mm');

describe('localMidnight', () => {
  it('is 00:00 of the day in the spreadsheet time zone, on both sides of the date line', () => {
    expect(show(localMidnight(platform, 'America/Los_Angeles', '2026-10-01'), 'America/Los_Angeles')).toBe('2026-10-01 00:00');
    expect(show(localMidnight(platform, 'Pacific/Auckland', '2026-10-01'), 'Pacific/Auckland')).toBe('2026-10-01 00:00');
    expect(localMidnight(platform, 'UTC', '2026-10-01').toISOString()).toBe('2026-10-01T00:00:00.000Z');
  });

  it('is right on DST change days', () => {
    // Los Angeles springs forward 2026-03-08, falls back 2026-11-01; Auckland 2026-09-27 and 2026-04-05.
    for (const [tz, day] of [
      ['America/Los_Angeles', '2026-03-08'],
      ['America/Los_Angeles', '2026-03-09'],
      ['America/Los_Angeles', '2026-11-01'],
      ['America/Los_Angeles', '2026-11-02'],
      ['Pacific/Auckland', '2026-09-27'],
      ['Pacific/Auckland', '2026-09-28'],
      ['Pacific/Auckland', '2026-04-05'],
      ['Pacific/Auckland', '2026-04-06'],
    ]) {
      expect(show(localMidnight(platform, tz, day), tz)).toBe(`${day} 00:00`);
    }
  });

  it('is the first instant of a day whose midnight does not exist', () => {
    // Santiago skipped 00:00-01:00 on 2022-09-11.
    expect(show(localMidnight(platform, 'America/Santiago', '2022-09-11'), 'America/Santiago')).toBe('2022-09-11 01:00');
  });
});

/** The first quarter hour (every zone's offsets are whole quarter hours) whose day in `tz` is `ymd`; null: no such day there. */
function firstQuarterHourOf(tz: string, ymd: string): number | null {
  const utcMidnight = Date.parse(`${ymd}T00:00:00Z`);
  for (let t = utcMidnight - 16 * 3_600_000; t <= utcMidnight + 16 * 3_600_000; t += 900_000) {
    if (formatDate(new Date(t), tz, 'yyyy-MM-dd') === ymd) return t;
  }
  return null;
}

/** The days either side of each change of `tz`'s offset in `year`, found at every UTC noon. */
function changeDays(tz: string, year: number): string[] {
  const days: string[] = [];
  let before = '';
  for (let t = Date.UTC(year, 0, 1, 12); t < Date.UTC(year + 1, 0, 1, 12); t += 86_400_000) {
    const offset = formatDate(new Date(t), tz, 'Z');
    const day = new Date(t).toISOString().slice(0, 10);
    if (before && offset !== before) days.push(addDays(day, -1), day, addDays(day, 1));
    before = offset;
  }
  return days;
}

describe('localMidnight across the zones whose clocks change at midnight', () => {
  // Havana falls back from 01:00 to 00:00 (midnight twice); Beirut and Santiago change at 00:00;
  // Sao Paulo moved its clocks at midnight until 2019; Lord Howe by half an hour; Apia skipped
  // 2011-12-30; Casablanca stops DST for Ramadan; Kathmandu is 5:45 ahead.
  const zones = [
    'America/Havana',
    'Asia/Beirut',
    'America/Santiago',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Pacific/Apia',
    'Africa/Casablanca',
    'Asia/Kathmandu',
    'Europe/London',
    'America/Los_Angeles',
    'Asia/Amman',
    'Asia/Gaza',
  ];

  it.each(zones)('%s: every day round each change is its first instant, as read there', (tz) => {
    for (const year of [2011, 2018, 2022, 2026]) {
      for (const day of changeDays(tz, year)) {
        // Apia has no 2011-12-30: no day to begin.
        const first = firstQuarterHourOf(tz, day);
        if (first !== null) expect({ day, at: localMidnight(platform, tz, day).getTime() }).toEqual({ day, at: first });
      }
    }
  });

  it('is the first of the two midnights where clocks fall back onto 00:00 east of UTC', () => {
    // Amman and Gaza went from 01:00 back to 00:00; Casey from +11 to +8, Vostok from +7 to +5,
    // Magadan from +12 to +10, each at 01:00 or later onto 00:00: the day began at the first 00:00.
    for (const [tz, day] of [
      ['Asia/Amman', '2018-10-26'],
      ['Asia/Gaza', '2020-10-24'],
      ['Antarctica/Casey', '2023-03-09'],
      ['Antarctica/Vostok', '2023-12-18'],
      ['Asia/Magadan', '2014-10-26'],
    ]) {
      expect({ day, at: localMidnight(platform, tz, day).getTime() }).toEqual({ day, at: firstQuarterHourOf(tz, day) });
    }
    expect(formatDate(localMidnight(platform, 'Asia/Amman', '2018-10-26'), 'Asia/Amman', 'yyyy-MM-dd HH:mm Z')).toBe(
      '2018-10-26 00:00 +0300',
    );
  });

  it('asks for two offsets on an ordinary day, not four readings', () => {
    let calls = 0;
    const counted = { formatDate: (d: Date, tz: string, pattern: string) => (calls++, formatDate(d, tz, pattern)) };
    for (const day of ['2026-01-15', '2026-06-15', '2026-10-01']) localMidnight(counted, 'Europe/London', day);
    expect(calls).toBe(6);
  });
});

describe('dayReader', () => {
  it('reads the day of each date cell as formatDate does, each instant asked once', () => {
    let calls = 0;
    const counted = { formatDate: (d: Date, tz: string, pattern: string) => (calls++, formatDate(d, tz, pattern)) };
    const tz = 'America/New_York';
    const read = dayReader(counted, tz);
    // 90 days of midnights, each in ten cells (a ledger's rows), and a moment late in a day.
    const cells = Array.from({ length: 900 }, (_, i) => localMidnight(platform, tz, addDays('2026-07-01', Math.floor(i / 10))));
    cells.push(new Date(Date.UTC(2026, 9, 1, 3, 59)));
    expect(cells.map((c) => read(new Date(c.getTime())))).toEqual(cells.map((c) => formatDate(c, tz, 'yyyy-MM-dd')));
    expect(read(new Date(Date.UTC(2026, 9, 1, 3, 59)))).toBe('2026-09-30');
    expect(calls).toBe(91);
    expect(read(new Date(Number.NaN))).toBeNull();
    // A day typed as text is that day; other text, numbers and empty cells hold none.
    expect([read('2026-07-01'), read('7/1/2026'), read(45000), read('')]).toEqual(['2026-07-01', null, null, null]);
    expect(calls).toBe(91);
  });
});

describe('calendar arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isYmd('2026-04-31')).toBe(false);
  });
});
