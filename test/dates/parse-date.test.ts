import { parseDateArg, parseRange } from '../../src/dates';
import { caught } from '../api/helpers/caught';
import { clockAt } from './clock-stub';

// 2026-11-21 03:30 UTC: still the 20th in Los Angeles, already the 21st in Auckland.
const at = '2026-11-21T03:30:00Z';
const la = { platform: clockAt(at), timeZone: 'America/Los_Angeles' };
const akl = { platform: clockAt(at), timeZone: 'Pacific/Auckland' };

describe('a date cell', () => {
  it('is the calendar day the cell shows, in the spreadsheet time zone', () => {
    // What Sheets passes for a cell holding 2026-10-01: that day's midnight in the sheet's zone.
    const laCell = new Date('2026-10-01T07:00:00Z'); // 00:00 PDT
    const aklCell = new Date('2026-09-30T11:00:00Z'); // 00:00 NZDT
    expect(parseDateArg(laCell, 'start', la)).toEqual({ kind: 'day', ymd: '2026-10-01' });
    expect(parseDateArg(aklCell, 'start', akl)).toEqual({ kind: 'day', ymd: '2026-10-01' });
  });

  it('rejects an invalid date', () => {
    expect(() => parseDateArg(new Date(NaN), 'start', la)).toThrow('does not hold a valid date');
  });

  it('accepts a Sheets date serial number (DATEVALUE)', () => {
    expect(parseDateArg(46296, 'end', la)).toEqual({ kind: 'day', ymd: '2026-10-01' });
    expect(() => parseDateArg(7, 'end', la)).toThrow('The end "7" is not a date');
  });
});

describe('text dates', () => {
  it('reads YYYY-MM-DD, trimmed', () => {
    expect(parseDateArg(' 2026-10-01 ', 'start', la)).toEqual({ kind: 'day', ymd: '2026-10-01' });
    expect(parseDateArg('2024-02-29', 'start', la)).toEqual({ kind: 'day', ymd: '2024-02-29' });
  });

  it('rejects days that do not exist and malformed text', () => {
    expect(() => parseDateArg('2026-02-30', 'start', la)).toThrow('The start "2026-02-30" is not a real calendar day.');
    expect(() => parseDateArg('2025-02-29', 'start', la)).toThrow('not a real calendar day');
    expect(() => parseDateArg('2026-13-01', 'end', la)).toThrow('not a real calendar day');
    expect(() => parseDateArg('10/01/2026', 'start', la)).toThrow('The start "10/01/2026" is not a date. Use a date cell, YYYY-MM-DD');
    expect(() => parseDateArg(true, 'start', la)).toThrow('is not a date');
  });

  it('says what was wrong with options typed as the end, and with NdaysAgo too far back', () => {
    expect(() => parseDateArg('limit=-3', 'end', la)).toThrow(
      'The end "limit=-3" looks like options, not a date. Options come after the end; with a preset as the start, leave the end empty ("") and put the options after it.',
    );
    expect(() => parseDateArg('100000daysAgo', 'start', la)).toThrow(
      /^The start "100000daysAgo" is not a date\. Use .*; NdaysAgo goes back at most 36,500 days\.$/,
    );
  });

  it('reads today, yesterday and NdaysAgo in the spreadsheet time zone, any case', () => {
    expect(parseDateArg('today', 'end', la)).toEqual({ kind: 'day', ymd: '2026-11-20', relative: true });
    expect(parseDateArg('TODAY', 'end', akl)).toEqual({ kind: 'day', ymd: '2026-11-21', relative: true });
    expect(parseDateArg(' Yesterday ', 'end', la)).toEqual({ kind: 'day', ymd: '2026-11-19', relative: true });
    expect(parseDateArg('7daysAgo', 'start', akl)).toEqual({ kind: 'day', ymd: '2026-11-14', relative: true });
    expect(parseDateArg('30DAYSAGO', 'start', la)).toEqual({ kind: 'day', ymd: '2026-10-21', relative: true });
    expect(parseDateArg('0daysAgo', 'start', la)).toEqual({ kind: 'day', ymd: '2026-11-20', relative: true });
  });

  it('recognises the API presets in any case', () => {
    expect(parseDateArg('lastthirtydays', 'start', la)).toEqual({ kind: 'preset', name: 'lastThirtyDays' });
    expect(parseDateArg('MonthToDate', 'start', la)).toEqual({ kind: 'preset', name: 'monthToDate' });
  });

  it('names the valid presets when a word is unknown', () => {
    expect(() => parseDateArg('lastWeek', 'start', la)).toThrow(
      'mostRecentDay, lastThirtyDays, lastNinetyDays, monthToDate, lastMonth, yearToDate, lastYear',
    );
  });

  it('treats undefined, null and "" as empty', () => {
    for (const v of [undefined, null, '', '  ']) expect(parseDateArg(v, 'end', la)).toEqual({ kind: 'empty' });
  });
});

describe('a start/end pair', () => {
  it('is two days, in order', () => {
    expect(parseRange('2026-10-01', '2026-10-31', la)).toEqual({
      kind: 'days',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(parseRange('2026-10-01', '2026-10-01', la).kind).toBe('days');
  });

  it('refuses a reversed range', () => {
    expect(() => parseRange('2026-10-31', '2026-10-01', la)).toThrow('The start 2026-10-31 is after the end 2026-10-01. Swap them.');
  });

  it('takes a preset in start with end empty', () => {
    expect(parseRange('lastMonth', undefined, la)).toEqual({ kind: 'preset', name: 'lastMonth' });
    expect(parseRange('lastMonth', '', la)).toEqual({ kind: 'preset', name: 'lastMonth' });
  });

  it('refuses a preset with an end, or a preset in end', () => {
    expect(() => parseRange('lastMonth', '2026-10-31', la)).toThrow('With the preset lastMonth in start, leave end empty');
    expect(() => parseRange('2026-10-01', 'lastMonth', la)).toThrow('"lastMonth" is a preset: put it in start');
  });

  it('needs an end unless start is a preset, and always a start', () => {
    expect(() => parseRange('2026-10-01', '', la)).toThrow('Give an end date too');
    expect(() => parseRange('', '2026-10-01', la)).toThrow('Give a start date');
  });

  it('throws BAD_INPUT errors', () => {
    expect(caught(() => parseRange('nope', '', la)).code).toBe('BAD_INPUT');
  });
});
