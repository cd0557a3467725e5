import { formatDate } from '../dates/clock-stub';
import { createHarness, EDITOR, errorOf, OWNER, type Harness } from './harness';

const day = (d: unknown, tz: string) => formatDate(d as Date, tz, 'yyyy-MM-dd HH:mm');

describe('a formula result', () => {
  let h: Harness;
  beforeEach(() => {
    h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
  });

  it('has a header row, numbers as numbers and days as dates at local midnight', () => {
    const grid = h.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-03');
    expect(grid[0]).toEqual(['Date', 'Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
    expect(grid).toHaveLength(4);
    expect(grid.slice(1).map((r) => day(r[0], 'America/Los_Angeles'))).toEqual([
      '2026-10-01 00:00',
      '2026-10-02 00:00',
      '2026-10-03 00:00',
    ]);
    for (const row of grid.slice(1)) for (const cell of row.slice(1)) expect(typeof cell).toBe('number');
  });

  it('leaves the header out with header=FALSE', () => {
    const grid = h.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-03', '', '', false);
    expect(grid).toHaveLength(3);
    expect(grid[0][0]).toBeInstanceOf(Date);
  });

  it('never shows undefined, NaN, [object Object] or null anywhere', () => {
    h.api.setQuirks({ numbersAsStrings: true, missingRpm: true, extraField: true, objectForNumber: true });
    const grids = [
      h.formula('CREATOR_PAGE_PERFORMANCE', 'site-1', 'lastMonth', '', 20),
      h.formula('CREATOR_TRAFFIC_SUMMARY', [['site-1'], ['site-2']], 'lastMonth'),
      h.formula('CREATOR_AD_UNITS', 'site-3', 'lastThirtyDays'),
      h.formula('CREATOR_DATE_BOUNDS', 'site-1'),
      h.formula('CREATOR_SITES'),
    ];
    for (const grid of grids) {
      const width = grid[0].length;
      for (const row of grid) {
        expect(row).toHaveLength(width);
        for (const cell of row) {
          expect(cell === null || cell === undefined).toBe(false);
          expect(String(cell)).not.toMatch(/undefined|NaN|\[object Object\]|^null$/);
        }
      }
    }
    // Numbers the API sent as strings reach the sheet as numbers.
    const pages = grids[0];
    expect(typeof pages[1][pages[0].indexOf('Earnings')]).toBe('number');
  });

  it('splits {value, score} metrics into two columns', () => {
    const grid = h.formula('CREATOR_PAGE_PERFORMANCE', 'site-1', 'lastMonth', '', 3);
    const cpm = grid[0].indexOf('CPM');
    expect(grid[0][cpm + 1]).toBe('CPM score');
    expect(typeof grid[1][cpm]).toBe('number');
    expect(typeof grid[1][cpm + 1]).toBe('number');
  });

  it('says "No data" in a row under the header when a range has no rows', () => {
    h.override('/sites/site-2/countries/performance', { data: [], meta: { recordCount: 0 } });
    const grid = h.formula('CREATOR_COUNTRY_PERFORMANCE', 'site-2', '2026-10-01', '2026-10-31');
    expect(grid[0].slice(0, 3)).toEqual(['Country', 'Earnings', 'Pageviews']);
    expect(grid[1][0]).toBe('No data for site-2 from 2026-10-01 to 2026-10-31.');
    expect(grid[1].slice(1).every((c) => c === '')).toBe(true);
    expect(grid).toHaveLength(2);
    const bare = h.formula('CREATOR_COUNTRY_PERFORMANCE', 'site-2', '2026-10-01', '2026-10-31', '', '', false);
    expect(bare).toHaveLength(1);
    expect(bare[0][0]).toBe('No data for site-2 from 2026-10-01 to 2026-10-31.');
  });
});

describe('dates', () => {
  it.each(['America/Los_Angeles', 'Pacific/Auckland'])('a date cell means the day it shows in %s', (tz) => {
    const h = createHarness({ timeZone: tz });
    h.saveCredential(OWNER, 'demo', true);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    sheet.getRange('A1').setValue('2026-10-01');
    sheet.getRange('A2').setValue('2026-10-02');
    sheet.getRange('C1').setFormula('=CREATOR_EARNINGS("site-1", A1, A2)');
    const report = h.emu.recalculate(h.functions);
    expect(report.errors).toEqual([]);
    const values = sheet.getRange('C1:C3').getValues();
    expect(values[0][0]).toBe('Date');
    expect(day(values[1][0], tz)).toBe('2026-10-01 00:00');
    expect(day(values[2][0], tz)).toBe('2026-10-02 00:00');
  });

  it('reads today, yesterday and NdaysAgo in the spreadsheet time zone', () => {
    // 15:00 UTC on 2026-11-21 is already the 22nd in Auckland; traffic data runs to the 20th.
    const h = createHarness({ timeZone: 'Pacific/Auckland' });
    h.saveCredential(OWNER, 'demo', true);
    // "today" is a rolling end: it stops at the last day with data instead of failing.
    expect(h.formula('CREATOR_TRAFFIC_SUMMARY', 'site-1', '7daysAgo', 'today')[0][0]).toBe('Pageviews');
    // A calendar day past the data is still an error that names the range.
    expect(errorOf(() => h.formula('CREATOR_TRAFFIC_SUMMARY', 'site-1', '2026-11-15', '2026-11-22'))).toBe(
      'Traffic data for site-1 is available from 2024-01-01 to 2026-11-20. Choose dates inside that range.',
    );
    const grid = h.formula('CREATOR_TRAFFIC_BY_DEVICE', 'site-1', '9DAYSAGO', ' 2daysago ');
    expect(grid[0][0]).toBe('Device');
  });

  it("resolves presets from the report family's bounds", () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const earnings = h.formula('CREATOR_EARNINGS', 'site-1', 'lastThirtyDays');
    expect(day(earnings[earnings.length - 1][0], 'America/Los_Angeles')).toBe('2026-11-19 00:00');
    expect(earnings).toHaveLength(31);
    const month = h.formula('CREATOR_EARNINGS', 'site-1', 'LASTMONTH');
    expect(month).toHaveLength(32);
  });

  it('explains every date mistake', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const e = (...args: unknown[]) => errorOf(() => h.formula('CREATOR_EARNINGS', 'site-1', ...args));
    expect(e('2026-10-31', '2026-10-01')).toBe('The start 2026-10-31 is after the end 2026-10-01. Swap them.');
    expect(e('2026-02-30', '2026-03-01')).toBe('The start "2026-02-30" is not a real calendar day.');
    expect(e('Oct 1', '2026-10-02')).toMatch(/^The start "Oct 1" is not a date\. Use a date cell, YYYY-MM-DD/);
    expect(e('lastWeek')).toContain(
      'one of the presets: mostRecentDay, lastThirtyDays, lastNinetyDays, monthToDate, lastMonth, yearToDate, lastYear',
    );
    expect(e('2026-10-01')).toMatch(/^Give an end date too/);
    expect(e('lastMonth', '2026-10-31')).toBe('With the preset lastMonth in start, leave end empty: the preset sets both dates.');
    expect(e('2026-11-01', '2026-11-20')).toBe(
      'Earnings data for site-1 is available from 2024-01-01 to 2026-11-19. Choose dates inside that range.',
    );
    expect(errorOf(() => h.formula('CREATOR_EARNINGS', 'site-old', 'lastMonth'))).toBe(
      'Site site-old is inactive, so it has no data to report. Choose an active site, or "all" for every active one.',
    );
    expect(errorOf(() => h.formula('CREATOR_PAGE_TRAFFIC', 'site-old', 'lastMonth'))).toBe(
      'Site site-old is inactive, so it has no data to report. Choose an active site, or "all" for every active one.',
    );
  });

  it('spends no request on a date typo', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    h.emu.resetCounters();
    errorOf(() => h.formula('CREATOR_EARNINGS', 'site-1', '2026-13-01', '2026-12-01'));
    expect(h.emu.counters.requests).toBe(0);
  });
});

describe('siteId, limit, sort and options', () => {
  let h: Harness;
  beforeEach(() => {
    h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
  });

  it('stacks a range of sites with a Site column, skipping blanks and repeats', () => {
    const grid = h.formula('CREATOR_DEVICE_PERFORMANCE', [['site-2'], [''], ['site-1'], ['site-2']], 'lastMonth');
    expect(grid[0].slice(0, 3)).toEqual(['Site', 'Site name', 'Device']);
    expect(grid[1][1]).toBe('Wander Far Travel');
    const sites = grid.slice(1).map((r) => r[0]);
    expect([...new Set(sites)]).toEqual(['site-2', 'site-1']);
  });

  it('shows no Site column for one site', () => {
    expect(h.formula('CREATOR_DEVICE_PERFORMANCE', 'site-1', 'lastMonth')[0][0]).toBe('Device');
  });

  it('reads "all" as every active site', () => {
    const grid = h.formula('CREATOR_TRAFFIC_SUMMARY', 'all', 'lastMonth');
    expect(grid.slice(1).map((r) => r[0])).toEqual(['site-1', 'site-2', 'site-3', 'site-big']);
  });

  it('takes a number as a site ID', () => {
    expect(errorOf(() => h.formula('CREATOR_EARNINGS', 12345, 'lastMonth'))).toContain('12345');
  });

  it('asks for a site when none is given', () => {
    expect(errorOf(() => h.formula('CREATOR_EARNINGS', '', 'lastMonth'))).toMatch(/^Give a site ID/);
  });

  it('limits and sorts rows (per site)', () => {
    const grid = h.formula('CREATOR_PAGE_PERFORMANCE', 'site-1', 'lastMonth', '', 5, '-rpm');
    expect(grid).toHaveLength(6);
    const rpm = grid.slice(1).map((r) => r[grid[0].indexOf('RPM')] as number);
    expect([...rpm].sort((a, b) => b - a)).toEqual(rpm);
    const asc = h.formula('CREATOR_COUNTRY_PERFORMANCE', 'site-1', 'lastMonth', '', 3, 'earnings');
    const earnings = asc.slice(1).map((r) => r[asc[0].indexOf('Earnings')] as number);
    expect([...earnings].sort((a, b) => a - b)).toEqual(earnings);
    expect(asc).toHaveLength(4);
  });

  it('refuses a bad limit or sort before calling the API', () => {
    h.emu.resetCounters();
    expect(errorOf(() => h.formula('CREATOR_PAGE_PERFORMANCE', 'site-1', 'lastMonth', '', -1))).toBe(
      'The limit "-1" must be a whole number from 1 to 100000.',
    );
    expect(errorOf(() => h.formula('CREATOR_PAGE_PERFORMANCE', 'site-1', 'lastMonth', '', 10, 'rpm desc'))).toMatch(
      /^The sort "rpm desc" is not a field name/,
    );
    expect(errorOf(() => h.formula('CREATOR_EARNINGS', 'site-1', 'lastMonth', '', '', '', 'maybe'))).toBe(
      'The header switch "maybe" must be TRUE or FALSE.',
    );
    expect(h.emu.counters.requests).toBe(0);
  });

  it('CREATOR_REPORT takes any key and options as text or as a range', () => {
    const text = h.formula('CREATOR_REPORT', 'pages/performance', 'site-1', 'lastMonth', '', 'limit=3, sort=-pageviews, header=false');
    expect(text).toHaveLength(3);
    expect(typeof text[0][2]).toBe('number');
    const range = h.formula('CREATOR_REPORT', 'Traffic/By-Device', 'site-1', 'lastMonth', '', [
      ['limit', 2],
      ['header', true],
    ]);
    expect(range[0][0]).toBe('Device');
    expect(range).toHaveLength(3);
    expect(h.formula('CREATOR_REPORT', 'sites', '', '', '', '')[0][0]).toBe('Site ID');
  });

  it('CREATOR_REPORT lists the report keys and options when one is wrong', () => {
    expect(errorOf(() => h.formula('CREATOR_REPORT', 'page-performance', 'site-1', 'lastMonth'))).toMatch(
      /^Unknown report "page-performance"\. Use one of: sites, date-bounds, .*pages\/performance/,
    );
    expect(errorOf(() => h.formula('CREATOR_REPORT', 'earnings', 'site-1', 'lastMonth', '', 'rows=5'))).toMatch(/^Unknown option "rows"/);
  });

  it('CREATOR_DATE_BOUNDS and CREATOR_SITES take no dates', () => {
    const bounds = h.formula('CREATOR_DATE_BOUNDS', 'site-1');
    expect(bounds[0]).toEqual(['Data', 'Range', 'Start date', 'End date']);
    expect(bounds.length).toBeGreaterThan(2);
    expect(h.formula('CREATOR_SITES', false)[0][0]).toBe('site-1');
  });
});

describe('whose credential', () => {
  it('refuses formulas until the owner allows them in this spreadsheet', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', false);
    expect(errorOf(() => h.formula('CREATOR_SITES'))).toMatch(/^Formulas are off in this spreadsheet\. Its owner has to turn on/);
    expect(h.api.stats.requests).toBe(0);
  });

  it("never uses an editor's own saved credential", () => {
    const h = createHarness();
    h.saveCredential(EDITOR, 'demo', true);
    // The editor types the formula; Sheets runs it with the owner's properties, which hold none.
    const message = errorOf(() => h.emu.runAs({ user: EDITOR, mode: 'customFunction' }, () => h.functions.CREATOR_SITES()));
    expect(message).toMatch(/^No Creator Reporting credential is saved/);
    expect(h.api.stats.requests).toBe(0);
  });

  it("spends the owner's credential, with consent, whoever typed the formula", () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const grid = h.emu.runAs({ user: EDITOR, mode: 'customFunction' }, () => h.functions.CREATOR_SITES() as unknown[][]);
    expect(grid[1][0]).toBe('site-1');
  });
});

describe('secrets', () => {
  it('never reach a cell or an error message', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const attempts: Array<() => unknown> = [
      () => h.formula('CREATOR_SITES'),
      () => h.formula('CREATOR_EARNINGS', 'site-1', 'lastMonth'),
      () => h.formula('CREATOR_EARNINGS', 'other-1', 'lastMonth'),
      () => h.formula('CREATOR_EARNINGS', 'site-1', 'nonsense'),
      () => {
        h.api.inject({ kind: 'status', status: 500, times: 10 });
        return h.formula('CREATOR_TRAFFIC_BY_COUNTRY', 'site-2', 'lastMonth');
      },
      () => {
        h.api.clearFaults();
        h.api.revoke('demo-client');
        h.api.expireTokens();
        return h.formula('CREATOR_VIDEO_EARNINGS', 'site-3', 'lastMonth');
      },
    ];
    for (const attempt of attempts) {
      try {
        attempt();
      } catch (_) {
        // the message is in h.seen
      }
    }
    expect(h.tokens.length).toBeGreaterThan(0);
    const text = h.seen.join('\n');
    expect(text).not.toContain('demo-secret');
    for (const token of h.tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/\bat \w+ \(|Error:|stack/);
  });
});
