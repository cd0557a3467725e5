/**
 * Saved reports that keep history, on the built bundle: a 90-day backfill, daily refreshes that
 * re-read the revision window, revised days updated once, older rows untouched, user cells kept
 * beside their rows. Request counts are measured on the fake API.
 */
import { buildBundle, createWorld, type World } from '../reports/emulated-world';
import { formatDate } from '../dates/clock-stub';
import type { TransportRequest } from '../../emulator/transport-types';

let bundleFile: string;
beforeAll(async () => {
  bundleFile = await buildBundle();
}, 120_000);

const DAY = 86_400_000;
const TZ = 'America/New_York';
const ymd = (cell: unknown) =>
  cell instanceof Object && 'getTime' in (cell as object) ? formatDate(cell as Date, TZ, 'yyyy-MM-dd') : String(cell);

type Reviser = (req: TransportRequest, rows: Array<Record<string, unknown>>) => Array<Record<string, unknown>>;

function world(): { w: World; revise(fn: Reviser | null): void } {
  let reviser: Reviser | null = null;
  const w = createWorld(bundleFile, {
    now: '2026-10-05T12:00:00Z',
    timeZone: TZ,
    respond: (req, res) => {
      if (!reviser || !('body' in res) || res.status !== 200) return res;
      const body = JSON.parse(res.body) as { data?: unknown };
      if (!Array.isArray(body.data)) return res;
      return { ...res, body: JSON.stringify({ ...body, data: reviser(req, body.data as Array<Record<string, unknown>>) }) };
    },
  });
  w.connect();
  return { w, revise: (fn) => void (reviser = fn) };
}

const onDay = (req: TransportRequest, day: string) => req.url.includes(`startDate=${day}&endDate=${day}`);

function refresh(w: World, id: string): { requests: number; reportRequests: number; formatDates: number } {
  w.emu.resetCounters();
  const before = w.api.stats.log.length;
  const [outcome] = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [id]);
  if (outcome.outcome !== 'ok') throw new Error(outcome.message);
  const log = w.api.stats.log.slice(before);
  return {
    requests: w.emu.counters.requests,
    reportRequests: log.filter((r) => /performance|earnings/.test(r.path)).length,
    formatDates: w.emu.counters.formatDateCalls,
  };
}

describe('history mode', () => {
  test('per-device history: a 90-day backfill, then daily refreshes that update revised days once and keep user cells aligned', () => {
    const { w, revise } = world();
    const saved = w.call<{ id: string; mode: string; revisionDays: number }>('saveReport', {
      report: 'devices/performance',
      siteId: 'site-1',
      start: 'lastNinetyDays',
      sheetName: 'History',
      mode: 'history',
      revisionDays: 7,
      schedule: { every: 'day', hour: 6 },
    });
    expect(saved).toMatchObject({ mode: 'history', revisionDays: 7 });

    const backfill = refresh(w, saved.id);
    expect(backfill.reportRequests).toBe(90);
    // The measured cost: 90 one-day requests and the site's date bounds (the token is still fresh).
    expect(backfill.requests).toBe(91);
    const sheet = w.emu.spreadsheet.getSheetByName('History')!;
    let [header, ...rows] = w.values('History');
    expect(header).toEqual(['Date', 'Device', 'Earnings', 'Pageviews', 'Sessions', 'RPM', 'RPS']);
    expect(rows).toHaveLength(270);
    expect(ymd(rows[0][0])).toBe('2026-07-06');
    expect(ymd(rows[269][0])).toBe('2026-10-03');
    const days = rows.map((r) => ymd(r[0]));
    expect([...days].sort()).toEqual(days);

    // A day's rows are that day's own numbers: the same as a one-day pull of the report.
    const single = w.call<{ sheetName: string }>('runReport', {
      report: 'devices/performance',
      siteId: 'site-1',
      start: '2026-09-15',
      end: '2026-09-15',
      sheetName: 'One day',
    });
    const [, ...oneDay] = w.values(single.sheetName);
    expect(rows.filter((r) => ymd(r[0]) === '2026-09-15').map((r) => r.slice(1))).toEqual(oneDay);

    // The user's own cells: a comment beside 1 October's Desktop row, one beside 3 October's, and
    // a changed old cell that only a write of that old row would undo.
    const rowOf = (day: string, device: string) => {
      const at = rows.findIndex((r) => ymd(r[0]) === day && r[1] === device);
      if (at < 0) throw new Error(`no row for ${day} ${device}`);
      return 2 + at;
    };
    sheet.getRange(rowOf('2026-10-01', 'desktop'), 9).setValue('checked Oct 1');
    sheet.getRange(rowOf('2026-10-03', 'desktop'), 9).setValue('checked Oct 3');
    const old = rowOf('2026-07-10', 'mobile');
    sheet.getRange(old, 3).setValue(12345);
    const oct1 = rows.filter((r) => ymd(r[0]) === '2026-10-01').map((r) => r[2] as number);

    // Next day: the network revised 1 October's earnings and has a new device row for 2 October.
    w.emu.clock.advance(DAY);
    revise((req, data) => {
      if (onDay(req, '2026-10-01')) return data.map((r) => ({ ...r, earnings: (r.earnings as number) * 2 }));
      if (onDay(req, '2026-10-02'))
        return [...data, { device: 'Smart TV', earnings: 1.5, pageviews: 30, sessions: 20, rpm: 75, rps: 0.075 }];
      return data;
    });
    const daily = refresh(w, saved.id);
    // Each stored day's instant is formatted once (a call into Google each), not each date cell of
    // the ledger, which is read twice and compared by day: fewer calls than the ledger has rows.
    expect(daily.formatDates).toBeGreaterThan(0);
    expect(daily.formatDates).toBeLessThan(270);
    // 9 one-day requests, the date bounds, and a new token (a day later the old one expired).
    expect(daily.requests).toBe(11);
    expect(daily.reportRequests).toBe(9); // 26 September (7 days before 3 October) to 4 October
    [header, ...rows] = w.values('History');
    expect(rows).toHaveLength(270 + 3 + 1);
    const keys = rows.map((r) => `${ymd(r[0])}|${r[1]}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...rows.map((r) => ymd(r[0]))].sort()).toEqual(rows.map((r) => ymd(r[0])));
    expect(rows.filter((r) => ymd(r[0]) === '2026-10-01').map((r) => r[2])).toEqual(oct1.map((e) => e * 2));
    expect(rows.filter((r) => ymd(r[0]) === '2026-10-02').map((r) => r[1])).toContain('Smart TV');
    expect(ymd(rows[rows.length - 1][0])).toBe('2026-10-04');
    // Untouched: the old row still holds what the user typed there.
    expect(sheet.getRange(old, 3).getValue()).toBe(12345);
    // The user's cells are still beside the same rows, though a row was inserted between them.
    const userCell = (text: string) => {
      const r = w.values('History').findIndex((row) => row[8] === text);
      return `${ymd(w.values('History')[r][0])}|${w.values('History')[r][1]}`;
    };
    expect(userCell('checked Oct 1')).toBe('2026-10-01|desktop');
    expect(userCell('checked Oct 3')).toBe('2026-10-03|desktop');
    const note = sheet.getRange('A1').getNote();
    expect(note).toContain('History: 2026-07-06 to 2026-10-04 (274 rows)');
    expect(note).toContain('re-reads the 7 days before the last stored day');
    expect(note).toMatch(/Last change to a past day: 2026-10-01 \(refresh of 2026-10-06 \d\d:\d\d, 3 rows revised\)/);

    // The same answer again changes nothing and keeps the note's last change.
    const again = refresh(w, saved.id);
    expect(again.reportRequests).toBe(8); // 27 September to 4 October: the last stored day is now the 4th
    expect(w.values('History')).toHaveLength(275);
    expect(sheet.getRange('A1').getNote()).toMatch(/Last change to a past day: 2026-10-01 \(refresh of 2026-10-06/);
  });

  test('a daily series for several sites: one request per site for the backfill and for each refresh, names beside IDs', () => {
    const { w } = world();
    const saved = w.call<{ id: string }>('saveReport', {
      report: 'earnings',
      siteId: ['site-1', 'site-2'],
      start: 'lastNinetyDays',
      sheetName: 'Earnings history',
      mode: 'history',
    });
    expect(refresh(w, saved.id)).toMatchObject({ requests: 5, reportRequests: 2 }); // + 2 date bounds and the site list
    let [header, ...rows] = w.values('Earnings history');
    expect(header.slice(0, 4)).toEqual(['Site', 'Site name', 'Date', 'Earnings']);
    expect(rows).toHaveLength(180);
    expect(rows[0].slice(0, 2)).toEqual(['site-1', 'Example Kitchen']);
    w.emu.clock.advance(DAY);
    expect(refresh(w, saved.id)).toMatchObject({ requests: 6, reportRequests: 2 }); // + a new token
    [header, ...rows] = w.values('Earnings history');
    expect(rows).toHaveLength(182);
    const keys = rows.map((r) => `${r[0]}|${ymd(r[2])}`);
    expect(new Set(keys).size).toBe(182);
  });

  test('history is refused where it cannot work, with what to do instead', () => {
    const { w } = world();
    const base = { report: 'devices/performance', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'H', mode: 'history' };
    expect(w.failure('owner@example.com', 'saveReport', { ...base, options: { compareTo: 'previousPeriod' } })).toMatch(
      /A history keeps one row per day/,
    );
    expect(w.failure('owner@example.com', 'saveReport', { ...base, revisionDays: 40 })).toMatch(
      /revision window is a whole number of days from 0 to 31/,
    );
    expect(w.failure('owner@example.com', 'saveReport', { ...base, mode: 'append' })).toMatch(/The mode is "replace"/);
  });

  test('revisionDays takes whole numbers and their plain decimal text only; nothing else is coerced', () => {
    const { w } = world();
    const base = { report: 'devices/performance', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'H', mode: 'history' };
    for (const wrong of [true, [7], ' ', '0x1F', '1e1', 2.5]) {
      expect(w.failure('owner@example.com', 'saveReport', { ...base, revisionDays: wrong })).toMatch(
        /revision window is a whole number of days from 0 to 31/,
      );
    }
    expect(w.call('saveReport', { ...base, revisionDays: '5' })).toMatchObject({ revisionDays: 5 });
    expect(w.call('saveReport', { ...base, sheetName: 'H2', revisionDays: 0 })).toMatchObject({ revisionDays: 0 });
  });
});
