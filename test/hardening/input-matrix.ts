/**
 * Bad input to every formula and every sidebar server function. Each row gives a clear message,
 * or (where the input is legitimately acceptable) the same result as its plain equivalent.
 * Rows with `bug` are known defects routed to a module's owner: they run as `test.failing`
 * (see docs/reliability.md) until fixed, then the marker goes.
 */
import { REPORTS } from '../../src/catalog/reports';

const LONG = 'x'.repeat(100_000);
const LONG_LATIN = 'Ω'.repeat(50_000) + 'ラーメン'.repeat(12_500);
/** A date cell as Sheets passes it: local midnight of the spreadsheet's zone (America/New_York). */
const cell = (ymd: string) => new Date(`${ymd}T04:00:00Z`);

/** `same`: the outcome of the plain value, a table or (where the plain value fails too) its message. */
export type Expect = RegExp | { same: unknown } | { ok: (grid: unknown[][]) => boolean; what: string };

export interface ArgRow {
  name: string;
  value: unknown;
  /** For date rows: the end argument (default: "2026-10-07"). */
  end?: unknown;
  expect: Expect;
  bug?: string;
}

export type Formula = { name: string; key: string; dates: boolean; limitSort: boolean };
export const FORMULAS: Formula[] = [
  ...REPORTS.map((r) => ({
    name: r.formula,
    key: r.key,
    dates: !['sites', 'date-bounds'].includes(r.key),
    limitSort: !['sites', 'date-bounds'].includes(r.key),
  })),
  { name: 'CREATOR_REPORT', key: 'earnings', dates: true, limitSort: false },
];

const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => [f(i)]);
const hasRows = (grid: unknown[][]) => Array.isArray(grid) && grid.length >= 2;

export const SITE_ROWS: ArgRow[] = [
  { name: 'empty cell', value: '', expect: /^Give a site ID .*"all" for every active site\.$/ },
  { name: 'omitted', value: undefined, expect: /^Give a site ID/ },
  { name: 'a number (12345)', value: 12345, expect: /Site 12345 is not available to this credential .*Check the site ID/ },
  { name: 'a boolean', value: true, expect: /^TRUE is not a site ID\. Give a site ID/ },
  { name: 'a date cell', value: cell('2026-10-01'), expect: /is not a site ID\. Give a site ID/ },
  { name: 'an object', value: {}, expect: /^A value of an unexpected kind is not a site ID\. Give a site ID/ },
  { name: 'a function', value: () => 'site-1', expect: /^A value of an unexpected kind is not a site ID\. Give a site ID/ },
  { name: 'a one-cell range', value: [['site-1']], expect: { same: 'site-1' } },
  { name: 'unknown ID', value: 'site-999', expect: /Site site-999 is not available to this credential/ },
  { name: "another credential's site", value: 'other-1', expect: /Site other-1 is not available to this credential/ },
  { name: 'non-Latin text', value: '日本のサイト', expect: /Site 日本のサイト is not available to this credential/ },
  { name: '100 KB of text', value: LONG, expect: /more than Apps Script allows \(2,082\)\. Check the site ID/ },
  { name: '100 KB of non-Latin text', value: LONG_LATIN, expect: /more than Apps Script allows \(2,082\)\. Check the site ID/ },
  { name: 'padded with spaces', value: '  site-1  ', expect: { same: 'site-1' } },
  { name: 'range of 10,000 cells, one ID and 9,999 empty', value: [['site-1'], ...range(9_999, () => '')], expect: { same: 'site-1' } },
  { name: 'range of 10,000 copies of one ID', value: range(10_000, () => 'site-1'), expect: { same: 'site-1' } },
  {
    name: 'range of 10,000 distinct IDs',
    value: range(10_000, (i) => `s-${i}`),
    expect: /That is 10000 sites; a formula handles at most 50\. Split the list/,
  },
  {
    name: '"all"',
    value: 'all',
    expect: { ok: (g) => hasRows(g) && /site/i.test(String(g[0][0])), what: 'rows with a Site column first' },
  },
];

export const DATE_ROWS: ArgRow[] = [
  { name: 'reversed', value: '2026-10-31', end: '2026-10-01', expect: /^The start 2026-10-31 is after the end 2026-10-01\. Swap them\.$/ },
  {
    name: 'before the data (2020)',
    value: '2020-01-01',
    end: '2020-01-31',
    expect: /data for site-1 is available from 2024-01-01 to 2026-11-(19|20)\. Choose dates inside that range\./,
  },
  { name: 'in the future', value: '2027-01-01', end: '2027-01-31', expect: /available from 2024-01-01 to 2026-11-(19|20)\. Choose dates/ },
  {
    name: 'eleven centuries (1900 to 2999)',
    value: '1900-01-01',
    end: '2999-12-31',
    expect: /available from 2024-01-01 to 2026-11-(19|20)\. Choose dates/,
  },
  {
    name: 'every day with data (2024-01-01 to 2026-11-19)',
    value: '2024-01-01',
    end: '2026-11-19',
    expect: { ok: hasRows, what: 'a table' },
  },
  {
    name: 'unknown preset',
    value: 'lastFortnight',
    end: undefined,
    expect: /The start "lastFortnight" is not a date\..*presets: mostRecentDay/,
  },
  { name: 'preset with an end date', value: 'lastMonth', end: '2026-10-05', expect: /With the preset lastMonth in start, leave end empty/ },
  { name: 'preset = its dates', value: 'lastMonth', end: undefined, expect: { same: ['2026-10-01', '2026-10-31'] } },
  { name: 'empty start', value: '', end: '', expect: /^Give a start date: a date cell, YYYY-MM-DD/ },
  { name: 'a boolean', value: true, end: false, expect: /^The start TRUE is not a date\./ },
  { name: 'an object', value: {}, end: {}, expect: /^The start a value of an unexpected kind is not a date\./ },
  { name: 'a list of objects', value: [{}, {}], end: '2026-10-07', expect: /^The start must be one cell, not a list of 2 values\./ },
  { name: 'February 30', value: '2026-02-30', end: '2026-03-01', expect: /The start "2026-02-30" is not a real calendar day/ },
  { name: '100 KB of text', value: LONG, end: LONG, expect: /The start "x{60}…" \(100,000 characters\) is not a date/ },
  { name: 'non-Latin text', value: '二〇二六年十月一日', end: '', expect: /The start "二〇二六年十月一日" is not a date/ },
  {
    name: 'date cells = the same days as text',
    value: cell('2026-10-01'),
    end: cell('2026-10-07'),
    expect: { same: ['2026-10-01', '2026-10-07'] },
  },
  { name: 'a one-cell array', value: [['2026-10-01']], end: [['2026-10-07']], expect: { same: ['2026-10-01', '2026-10-07'] } },
  {
    name: 'a one-cell array of a date cell',
    value: [[cell('2026-10-01')]],
    end: [[cell('2026-10-07')]],
    expect: { same: ['2026-10-01', '2026-10-07'] },
  },
  {
    name: 'a range of 3 cells',
    value: [['2026-10-01'], ['2026-10-02'], ['2026-10-03']],
    end: '2026-10-07',
    expect: /^The start must be one cell, not a range of 3 cells\. Point it at a single cell/,
  },
];

export const LIMIT_ROWS: ArgRow[] = [
  ...(
    [
      ['-1', -1],
      ['0', 0],
      ['a billion', 1e9],
      ['text', 'abc'],
      ['2.5', 2.5],
    ] as const
  ).map(([name, value]) => ({
    name,
    value,
    expect: /^The limit ".*" must be a whole number from 1 to 100000\.$/,
  })),
  { name: 'a boolean', value: true, expect: /^The limit TRUE must be a whole number from 1 to 100000\.$/ },
  { name: '100 KB of text', value: LONG, expect: /^The limit "x{60}…" \(100,000 characters\) must be a whole number/ },
  { name: 'an object', value: {}, expect: /^The limit a value of an unexpected kind must be a whole number from 1 to 100000\.$/ },
  { name: 'a one-cell range', value: [[5]], expect: { ok: (g) => g.length >= 2 && g.length <= 6, what: 'a header and at most 5 rows' } },
  { name: 'a range of 2 cells', value: [[5, 6]], expect: /^The limit must be one cell, not a range of 2 cells\./ },
  { name: '5', value: 5, expect: { ok: (g) => g.length >= 2 && g.length <= 6, what: 'a header and at most 5 rows' } },
];

export const SORT_ROWS: ArgRow[] = [
  {
    name: 'unknown field',
    value: 'noSuchField',
    expect:
      /"noSuchField".*(is not a field name|this report has no such field|Sortable fields: )|rejected the request \(status 400, invalid_sort\)\. Check the dates, limit and sort/,
  },
  { name: 'a number', value: 5, expect: /The sort "5" is not a field name\. Use a field such as/ },
  { name: 'non-Latin text', value: '日本', expect: /The sort "日本" is not a field name/ },
  { name: '100 KB of text', value: `-${LONG}`, expect: /"-x+…?"( \(100,001 characters\))? is not a (sort|field name)|far too long/ },
  { name: 'an object', value: {}, expect: /^The sort a value of an unexpected kind is not a field name\. Use a field such as/ },
  // Not every report sorts by earnings: the one cell must do exactly what the plain text does.
  { name: 'a one-cell range', value: [['-earnings']], expect: { same: '-earnings' } },
  { name: 'a range of 2 cells', value: [['-earnings'], ['date']], expect: /^The sort must be one cell, not a range of 2 cells\./ },
];

export const HEADER_ROWS: ArgRow[] = [
  { name: '"maybe"', value: 'maybe', expect: /^The header switch "maybe" must be TRUE or FALSE\.$/ },
  {
    name: 'FALSE',
    value: false,
    expect: { ok: (g) => hasRows([[], ...g]) && !/^(Site|Date|Device|Page)/.test(String(g[0][0])), what: 'no header row' },
  },
  { name: 'an object', value: {}, expect: /^The header switch a value of an unexpected kind must be TRUE or FALSE\.$/ },
  {
    name: 'a one-cell range',
    value: [[false]],
    expect: { ok: (g) => hasRows([[], ...g]) && !/^(Site|Date|Device|Page)/.test(String(g[0][0])), what: 'no header row' },
  },
  { name: 'a range of 2 cells', value: [[false, true]], expect: /^The header switch must be one cell, not a range of 2 cells\./ },
];

/** CREATOR_REPORT's first argument. */
export const REPORT_KEY_ROWS: ArgRow[] = [
  { name: 'unknown key', value: 'page-perf', expect: /^Unknown report "page-perf"\. Use one of: sites, / },
  { name: 'empty', value: '', expect: /^Give a report key\. Use one of: sites, / },
  { name: 'a number', value: 3, expect: /^Unknown report "3"\. Use one of/ },
  { name: '100 KB of text', value: LONG, expect: /^Unknown report "x{60}…" \(100,000 characters\)\. Use one of/ },
  { name: 'non-Latin text', value: 'ページ', expect: /^Unknown report "ページ"\. Use one of/ },
  { name: 'a one-cell range', value: [['earnings']], expect: { same: 'earnings' } },
  { name: 'an object', value: {}, expect: /^Give a report key as text, not a value of an unexpected kind\. Use one of: sites, / },
  { name: 'a range of 2 cells', value: [['earnings'], ['sites']], expect: /^The report key must be one cell, not a range of 2 cells\./ },
];

/** CREATOR_REPORT's options argument. */
export const OPTION_ROWS: ArgRow[] = [
  { name: 'bad limit', value: 'limit=abc', expect: /^The limit "abc" must be a whole number/ },
  { name: 'unknown option', value: 'foo=1', expect: /^Unknown option "foo"\. Options are limit, sort, header, totals and compareTo/ },
  { name: '100 KB of text', value: LONG, expect: /^Cannot read the option "x{60}…" \(100,000 characters\)\. Write key=value pairs/ },
  { name: 'an object', value: {}, expect: /^Give options as text, e\.g\. "limit=100/ },
  {
    name: 'a two-column range',
    value: [
      ['limit', 5],
      ['header', false],
    ],
    expect: { same: 'limit=5, header=false' },
  },
  { name: 'a one-cell range holding a number', value: [[5]], expect: { same: 5 } },
];

// ---- sidebar server functions ----------------------------------------------------------------

export interface SidebarRow {
  fn: string;
  name: string;
  args: unknown[];
  /** RegExp: a failure with that message. 'ok': succeeds. A function: succeeds and passes it. */
  expect: RegExp | 'ok' | ((value: unknown) => boolean);
  bug?: string;
}

const RUN = { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-10-07' };
const DEF = { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Saved' };
const GIVE_REPORT = /^(Give a report key|Choose a report to run)/;

export const SIDEBAR_ROWS: SidebarRow[] = [
  // runReport
  ...(
    [
      ['nothing', undefined],
      ['null', null],
      ['a string', 'earnings'],
      ['a number', 5],
      ['an array', [1]],
      ['an empty object', {}],
      ['report as a number', { ...RUN, report: 5 }],
    ] as const
  ).map(([name, arg]) => ({ fn: 'runReport', name, args: [arg], expect: GIVE_REPORT })),
  { fn: 'runReport', name: 'unknown report key', args: [{ ...RUN, report: 'nope' }], expect: /^Unknown report "nope"\. Use one of/ },
  {
    fn: 'runReport',
    name: '100 KB report key',
    args: [{ ...RUN, report: LONG }],
    expect: /^Unknown report "x{60}…" \(100,000 characters\)/,
  },
  { fn: 'runReport', name: 'empty site', args: [{ ...RUN, siteId: '' }], expect: /^Choose a site \(or all sites\) for the report\.$/ },
  // A number is a site ID, as formulas read it.
  {
    fn: 'runReport',
    name: 'a number as site ID',
    args: [{ ...RUN, siteId: 12345 }],
    expect: /^Site 12345 is not available to this credential/,
  },
  {
    fn: 'runReport',
    name: 'an object as site ID',
    args: [{ ...RUN, siteId: {} }],
    expect: /^Choose a site \(or all sites\) for the report: a value of an unexpected kind is not a site ID\.$/,
  },
  {
    fn: 'runReport',
    name: 'a boolean as site ID',
    args: [{ ...RUN, siteId: true }],
    expect: /^Choose a site \(or all sites\) for the report: TRUE is not a site ID\.$/,
  },
  {
    fn: 'runReport',
    name: 'a list holding an object',
    args: [{ ...RUN, siteId: ['site-1', {}] }],
    expect: /^Choose a site \(or all sites\) for the report: a value of an unexpected kind is not a site ID\.$/,
  },
  {
    fn: 'runReport',
    name: '10,000 site IDs',
    args: [{ ...RUN, siteId: range(10_000, (i) => `s-${i}`).flat() }],
    expect: /^That is 10000 sites; one pull handles at most 500\. Split the list/,
  },
  {
    fn: 'runReport',
    name: '100 KB site ID',
    args: [{ ...RUN, siteId: LONG }],
    expect: /more than Apps Script allows \(2,082\)\. Check the site ID/,
  },
  {
    fn: 'runReport',
    name: 'non-Latin site ID',
    args: [{ ...RUN, siteId: '日本' }],
    expect: /^Site 日本 is not available to this credential/,
  },
  {
    fn: 'runReport',
    name: 'two sites',
    args: [{ ...RUN, siteId: ['site-1', 'site-2'] }],
    expect: (v) => (v as { rows: number }).rows === 14,
  },
  {
    fn: 'runReport',
    name: 'reversed dates',
    args: [{ ...RUN, start: '2026-10-07', end: '2026-10-01' }],
    expect: /^The start 2026-10-07 is after the end 2026-10-01\. Swap them\.$/,
  },
  {
    fn: 'runReport',
    name: 'dates before the data',
    args: [{ ...RUN, start: '2020-01-01', end: '2020-01-02' }],
    expect: /available from 2024-01-01 to 2026-11-19\. Choose dates/,
  },
  {
    fn: 'runReport',
    name: 'very long range (1900 to 2999)',
    args: [{ ...RUN, start: '1900-01-01', end: '2999-12-31' }],
    expect: /available from 2024-01-01 to 2026-11-19\. Choose dates/,
  },
  {
    fn: 'runReport',
    name: 'unknown preset',
    args: [{ ...RUN, start: 'lastFortnight', end: '' }],
    expect: /^The start "lastFortnight" is not a date/,
  },
  ...(
    [
      ['a number as start', 45000],
      ['a boolean as start', true],
      ['an object as start', {}],
    ] as const
  ).map(([name, start]) => ({
    fn: 'runReport',
    name,
    args: [{ ...RUN, start }],
    expect: /^The start date must be text\.$/,
  })),
  {
    fn: 'runReport',
    name: 'limit -1',
    args: [{ ...RUN, options: { limit: -1 } }],
    expect: /^The limit "-1" must be a whole number from 1 to 100000\.$/,
  },
  {
    fn: 'runReport',
    name: 'limit over the cap',
    args: [{ ...RUN, options: { limit: 100_001 } }],
    expect: /^The limit "100001" must be a whole number from 1 to 100000\.$/,
  },
  {
    fn: 'runReport',
    name: 'limit as text',
    args: [{ ...RUN, options: { limit: '5' } }],
    expect: (v) => (v as { rows: number }).rows === 5,
  },
  {
    fn: 'runReport',
    name: 'sort as an object',
    args: [{ ...RUN, options: { sort: {} } }],
    expect: /^The sort a value of an unexpected kind is not a field name\./,
  },
  {
    fn: 'runReport',
    name: '100 KB sheet name',
    args: [{ ...RUN, sheetName: LONG }],
    expect: /^Sheet names have at most 100 characters\.$/,
  },
  { fn: 'runReport', name: 'sheet name as an object', args: [{ ...RUN, sheetName: {} }], expect: /^The sheet name must be text\.$/ },
  {
    fn: 'runReport',
    name: 'non-Latin sheet name',
    args: [{ ...RUN, sheetName: '日本レポート 🍮' }],
    expect: (v) => (v as { sheetName: string }).sheetName === '日本レポート 🍮',
  },
  {
    fn: 'runReport',
    name: 'sheet name like a formula',
    args: [{ ...RUN, sheetName: '=A1' }],
    expect: (v) => (v as { sheetName: string }).sheetName === '=A1',
  },
  { fn: 'runReport', name: 'run id as an object', args: [{ ...RUN, runId: {} }], expect: /^The run id must be 1 to 64 letters, digits/ },
  // getDateOptions
  ...(
    [
      ['nothing', undefined],
      ['null', null],
      ['a string', 'site-1'],
      ['an object of objects', { siteId: {}, report: {} }],
    ] as const
  ).map(([name, arg]) => ({
    fn: 'getDateOptions',
    name,
    args: [arg],
    expect: /^Give a report key( as text, not a value of an unexpected kind)?\. Use one of/,
  })),
  {
    fn: 'getDateOptions',
    name: 'a number as site ID',
    args: [{ siteId: 5, report: 'earnings' }],
    expect: /^Choose one site to see its dates\.$/,
  },
  { fn: 'getDateOptions', name: 'unknown report', args: [{ siteId: 'site-1', report: 'x' }], expect: /^Unknown report "x"/ },
  {
    fn: 'getDateOptions',
    name: 'a report without dates',
    args: [{ siteId: 'site-1', report: 'sites' }],
    expect: /^The report "Sites" takes no dates\.$/,
  },
  {
    fn: 'getDateOptions',
    name: '100 KB site ID',
    args: [{ siteId: LONG, report: 'earnings' }],
    expect: /more than Apps Script allows \(2,082\)/,
  },
  // getRunProgress
  ...(
    [
      ['nothing', undefined],
      ['a number', 5],
      ['an object', {}],
      ['100 KB', LONG],
    ] as const
  ).map(([name, arg]) => ({
    fn: 'getRunProgress',
    name,
    args: [arg],
    expect: /^The run id must be 1 to 64 letters, digits, "-" or "_"\.$/,
  })),
  { fn: 'getRunProgress', name: 'unknown run id', args: ['nope'], expect: (v) => v === null },
  // saveSettings
  ...(
    [
      ['nothing', undefined],
      ['null', null],
      ['a string', 'demo-client'],
      ['a number', 5],
    ] as const
  ).map(([name, arg]) => ({
    fn: 'saveSettings',
    name,
    args: [arg],
    expect: /^Enter the client ID and secret\.$/,
  })),
  { fn: 'saveSettings', name: 'an empty object', args: [{}], expect: /^Enter the client ID\.$/ },
  {
    fn: 'saveSettings',
    name: 'client ID as a number',
    args: [{ clientId: 5, clientSecret: 'a' }],
    expect: /^The client ID must be text\.$/,
  },
  {
    fn: 'saveSettings',
    name: 'secret as an array',
    args: [{ clientId: 'demo-client', clientSecret: ['demo-secret'] }],
    expect: /^The client secret must be text\.$/,
  },
  {
    fn: 'saveSettings',
    name: '100 KB ID and secret',
    args: [{ clientId: LONG, clientSecret: LONG }],
    expect: /^The client ID does not look right: paste it again/,
  },
  {
    fn: 'saveSettings',
    name: 'wrong secret',
    args: [{ clientId: 'demo-client', clientSecret: 'nope' }],
    expect: /^The credential was rejected \(status 401, invalid_client\): check or re-enter it in Settings\.$/,
  },
  {
    fn: 'saveSettings',
    name: 'non-Latin ID and secret',
    args: [{ clientId: '日本', clientSecret: '秘密' }],
    expect: /^The credential was rejected \(status 401/,
  },
  {
    fn: 'saveSettings',
    name: 'javascript: URL',
    args: [{ clientId: 'demo-client', clientSecret: 'demo-secret', apiBaseUrl: 'javascript:alert(1)' }],
    expect: /^The API base URL must be a web address starting with https:\/\//,
  },
  {
    fn: 'saveSettings',
    name: 'plain http to another host',
    args: [{ clientId: 'demo-client', clientSecret: 'demo-secret', tokenUrl: 'http://evil.example/token' }],
    expect: /^The token URL must be a web address starting with https:\/\//,
  },
  {
    fn: 'saveSettings',
    name: 'allowFormulas as text',
    args: [{ clientId: 'demo-client', clientSecret: 'demo-secret', allowFormulas: 'yes' }],
    expect: /^Allow formulas must be on or off\.$/,
  },
  {
    fn: 'saveSettings',
    name: 'a pasted trailing newline',
    args: [{ clientId: 'demo-client', clientSecret: 'demo-secret\n' }],
    expect: (v) => (v as { configured: boolean }).configured,
  },
  // saved reports
  ...(
    [
      ['nothing', undefined],
      ['null', null],
      ['a string', 'earnings'],
    ] as const
  ).map(([name, arg]) => ({
    fn: 'saveReport',
    name,
    args: [arg],
    expect: /^Nothing to save: the report definition is empty\.$/,
  })),
  { fn: 'saveReport', name: 'an empty object', args: [{}], expect: /^Choose a report to save\.$/ },
  {
    fn: 'saveReport',
    name: 'report as an object',
    args: [{ ...DEF, report: {} }],
    expect: /^The report must be text, not a value of an unexpected kind\.$/,
  },
  {
    fn: 'saveReport',
    name: 'sheet name as an object',
    args: [{ ...DEF, sheetName: {} }],
    expect: /^The sheet name must be text, not a value of an unexpected kind\.$/,
  },
  { fn: 'saveReport', name: 'no sheet name', args: [{ ...DEF, sheetName: undefined }], expect: /^Name the sheet the report goes to\.$/ },
  {
    fn: 'saveReport',
    name: 'schedule every minute',
    args: [{ ...DEF, schedule: { every: 'minute' } }],
    expect: /^A schedule runs every hour, day, week or month \(or is off\)\.$/,
  },
  {
    fn: 'saveReport',
    name: 'schedule hour 99',
    args: [{ ...DEF, schedule: { every: 'day', hour: 99 } }],
    expect: /^Pick the hour of the day \(0 to 23\)/,
  },
  { fn: 'saveReport', name: 'schedule as text', args: [{ ...DEF, schedule: 'daily' }], expect: /^The schedule must be an object\.$/ },
  { fn: 'saveReport', name: '100 KB name', args: [{ ...DEF, name: LONG }], expect: /^Report names are at most 100 characters\.$/ },
  {
    fn: 'saveReport',
    name: '100 KB id',
    args: [{ ...DEF, id: LONG }],
    expect: /^This saved report no longer exists .*Save it as a new report\.$/,
  },
  { fn: 'saveReport', name: 'unknown report key', args: [{ ...DEF, report: 'x' }], expect: /^"x" is not a report this add-on knows/ },
  {
    fn: 'saveReport',
    name: 'reversed dates',
    args: [{ ...DEF, start: '2026-10-07', end: '2026-10-01' }],
    expect: /^The start date \(2026-10-07\) is after the end date \(2026-10-01\)\.$/,
  },
  {
    fn: 'saveReport',
    name: '10,000 site IDs',
    args: [{ ...DEF, siteId: range(10_000, (i) => `s-${i}`).flat() }],
    expect: /^A saved report can name at most 200 sites; use "all" instead\.$/,
  },
  {
    fn: 'saveReport',
    name: 'non-Latin name and sheet',
    args: [{ ...DEF, name: '日本のレポート 🍮', sheetName: '日本' }],
    expect: (v) => (v as { name: string }).name === '日本のレポート 🍮',
  },
  {
    fn: 'saveReport',
    name: 'an object as site ID',
    args: [{ ...DEF, siteId: {} }],
    expect: /^A value of an unexpected kind is not a site ID\. Pick the sites again: site IDs, or "all"/,
  },
  {
    fn: 'saveReport',
    name: 'a list holding an object as site ID',
    args: [{ ...DEF, siteId: ['site-1', {}] }],
    expect: /^A value of an unexpected kind is not a site ID\. Pick the sites again/,
  },
  {
    fn: 'saveReport',
    name: 'a boolean as site ID',
    args: [{ ...DEF, siteId: true }],
    expect: /^TRUE is not a site ID\. Pick the sites again/,
  },
  {
    fn: 'saveReport',
    name: 'a number as site ID',
    args: [{ ...DEF, siteId: 12345 }],
    expect: (v) => (v as { siteId: unknown }).siteId === '12345',
  },
  // The same reader as runReport and the pull: a saved report is refused exactly when its refresh would fail.
  {
    fn: 'saveReport',
    name: 'limit over the cap',
    args: [{ ...DEF, options: { limit: 100_001 } }],
    expect: /^The limit "100001" must be a whole number from 1 to 100000\.$/,
  },
  {
    fn: 'saveReport',
    name: 'sort by a header',
    args: [{ ...DEF, options: { sort: '-Page RPM' } }],
    expect: (v) => (v as { options: { sort: string } }).options.sort === '-pageRpm',
  },
  {
    fn: 'saveReport',
    name: 'sort with a dot',
    args: [{ ...DEF, options: { sort: 'a.b' } }],
    expect: /^The sort "a\.b" is not a field name\./,
  },
  ...(
    [
      ['nothing', undefined],
      ['a number', 5],
      ['an object', {}],
      ['100 KB', LONG],
      ['an array', ['x']],
    ] as const
  ).map(([name, arg]) => ({
    fn: 'deleteReport',
    name,
    args: [arg],
    expect: (v: unknown) => (v as { deleted: boolean }).deleted === false,
  })),
  {
    fn: 'refreshReports',
    name: 'unknown ids',
    args: [['x', 'y']],
    expect: (v) =>
      (v as Array<{ outcome: string; message: string }>).every(
        (o) => o.outcome === 'error' && /^The saved report "[xy]" no longer exists/.test(o.message),
      ),
  },
  {
    fn: 'refreshReports',
    name: 'an array holding an object',
    args: [[{}]],
    expect: /^refreshReports takes a list of saved report IDs, not a list holding a value of an unexpected kind\./,
  },
  {
    fn: 'refreshReports',
    name: 'a string',
    args: ['nope'],
    expect: /^refreshReports takes a list of saved report IDs, not "nope"\. Leave it out to refresh every saved report\.$/,
  },
  {
    fn: 'refreshReports',
    name: 'an object',
    args: [{ ids: ['x'] }],
    expect: /^refreshReports takes a list of saved report IDs, not a value of an unexpected kind\./,
  },
  // no-argument functions ignore junk arguments
  ...['getSettings', 'testConnection', 'getCatalog', 'listSites', 'listReports'].map((fn) => ({
    fn,
    name: 'junk arguments (an object, 100 KB)',
    args: [{ evil: '<script>' }, LONG],
    expect: 'ok' as const,
  })),
];

/** Which formulas each argument's rows run against. */
export const FORMULA_SUITES: Array<{ arg: string; rows: ArgRow[]; formulas: Formula[] }> = [
  { arg: 'siteId', rows: SITE_ROWS, formulas: FORMULAS.filter((f) => f.key !== 'sites') },
  { arg: 'start/end', rows: DATE_ROWS, formulas: FORMULAS.filter((f) => f.dates) },
  { arg: 'limit', rows: LIMIT_ROWS, formulas: FORMULAS.filter((f) => f.limitSort) },
  { arg: 'sort', rows: SORT_ROWS, formulas: FORMULAS.filter((f) => f.limitSort) },
  { arg: 'header', rows: HEADER_ROWS, formulas: FORMULAS.filter((f) => f.name !== 'CREATOR_REPORT') },
  { arg: 'report key', rows: REPORT_KEY_ROWS, formulas: FORMULAS.filter((f) => f.name === 'CREATOR_REPORT') },
  { arg: 'options', rows: OPTION_ROWS, formulas: FORMULAS.filter((f) => f.name === 'CREATOR_REPORT') },
];
