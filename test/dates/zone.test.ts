import { addDays, isYmd, localMidnight } from '../../src/dates';
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

describe('calendar arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isYmd('2026-04-31')).toBe(false);
  });
});
