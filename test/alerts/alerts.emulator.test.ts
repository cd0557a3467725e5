/**
 * Alerts end to end on the built bundle: the fake API's earnings for site-1 are set day by day, so
 * each check lands exactly on, or just past, its threshold. The clock starts on Saturday
 * 2026-11-21 at 10:00 in New York; site-1's earnings run to 2026-11-19, traffic to 2026-11-20.
 */
import { bundleForFile, createWorld, EDITOR, OWNER, type World } from '../reports/emulated-world';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { fillToTheLastByte } from '../helpers/fill-store';
import type { AlertCheckResult as CheckResult, AlertCheckSummary as CheckSummary } from '../../src/shared/types';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = '2026-11-21T15:00:00Z';
const bundle = bundleForFile();

interface AlertView {
  id: string;
  name: string;
  lagDays?: number;
  mayEdit: boolean;
  mayRemove: boolean;
  expects?: { day: string; lagDays: number; label: string };
  isMine: boolean;
  createdByEmail: string;
  status: { outcome: string; message: string };
}

/** Earnings per day for site-1 (sessions stay 1,000 a day, so RPM = earnings). */
type Earnings = (day: string) => number;

function earningsEdit(earnings: () => Earnings) {
  return (req: TransportRequest, res: TransportResponse | { networkError: string }): TransportResponse | { networkError: string } => {
    if ('networkError' in res || !/\/sites\/site-1\/earnings\?/.test(req.url) || res.status !== 200) return res;
    const body = JSON.parse(res.body) as { data: Array<Record<string, unknown>> };
    for (const row of body.data) {
      const e = earnings()(String(row.date));
      Object.assign(row, { earnings: e, sessions: 1000, pageviews: 1500, rpm: e, pageRpm: (e / 1500) * 1000, rps: e / 1000 });
    }
    return { ...res, body: JSON.stringify(body) };
  };
}

function world(earnings: Earnings = () => 10): World & { setEarnings(f: Earnings): void } {
  let current = earnings;
  const w = createWorld(bundle(), { now: START, respond: earningsEdit(() => current) });
  w.connect();
  return Object.assign(w, { setEarnings: (f: Earnings) => void (current = f) });
}

/** 12 a day before `from`, 9.60 a day from it: a window starting there falls exactly 20 %. */
const dropFrom =
  (from: string): Earnings =>
  (day) =>
    day >= from ? 9.6 : 12;
/** The last 7 days of data on Saturday (2026-11-13 to 2026-11-19) fall exactly 20 %. */
const DROP = dropFrom('2026-11-13');

function saveAlert(w: World, def: Record<string, unknown>, user = OWNER): AlertView {
  return w.callAs<AlertView>(user, 'saveAlert', { siteId: 'site-1', report: 'earnings', metric: 'rpm', period: '7daysAgo', ...def });
}

/** "Daily earnings", site-1's earnings of the last thirty days on the sheet Daily, on `schedule`. */
function saveDailyEarnings(w: World, schedule: Record<string, unknown>, more: Record<string, unknown> = {}): void {
  w.call('saveReport', {
    name: 'Daily earnings',
    report: 'earnings',
    siteId: 'site-1',
    start: 'lastThirtyDays',
    sheetName: 'Daily',
    schedule,
    ...more,
  });
}

function checkNow(w: World, user = OWNER): CheckSummary {
  return w.callAs<CheckSummary>(user, 'checkAlertsNow');
}

function check(w: World, user = OWNER): CheckResult[] {
  return checkNow(w, user).results;
}

function alertLines(w: World): Array<Record<string, unknown>> {
  const values = w.values('Creator Reporting status');
  const col = (values[0] ?? []).indexOf('Alert fired');
  if (col < 0) return [];
  const header = values[0].slice(col) as string[];
  return values
    .slice(1)
    .filter((r) => r[col] !== '')
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[col + i]])));
}

const SECRETS = ['demo-secret', Buffer.from('demo-client:demo-secret').toString('base64')];

function expectNothingSecret(w: World, text: string) {
  for (const s of [...SECRETS, ...w.tokensSeen]) expect(text).not.toContain(s);
}

describe('changeBelow against the previous period', () => {
  test('a drop of exactly the threshold does not fire; one just past it fires once, with both values, the change and a link', () => {
    const w = world(DROP);
    const exact = saveAlert(w, { name: 'RPM drop', condition: 'changeBelow', threshold: -0.2 });
    expect(check(w)).toEqual([
      { id: exact.id, name: 'RPM drop', outcome: 'quiet', message: expect.stringContaining('$9.60 against $12.00'), checked: true },
    ]);
    expect(w.emu.mail.sent).toEqual([]);

    const past = saveAlert(w, { id: exact.id, name: 'RPM drop', condition: 'changeBelow', threshold: -0.19 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    const [mail] = w.emu.mail.sent;
    expect(w.emu.mail.sent).toHaveLength(1);
    expect(mail).toMatchObject({ from: OWNER, to: OWNER, subject: 'Creator Reporting alert: RPM on site-1 -20%' });
    expect(mail.body).toContain('Site: site-1');
    expect(mail.body).toContain('Metric: RPM');
    expect(mail.body).toContain('Value: $9.60 (2026-11-13 to 2026-11-19)');
    expect(mail.body).toContain('Previous value: $12.00 (2026-11-06 to 2026-11-12, previous period)');
    expect(mail.body).toContain('Change: -$2.40 (-20%)');
    expect(mail.body).toContain('https://docs.google.com/spreadsheets/d/');
    expectNothingSecret(w, JSON.stringify(w.emu.mail.sent));
    expect(alertLines(w)).toEqual([
      expect.objectContaining({
        Alert: 'RPM drop',
        Site: 'site-1',
        Metric: 'RPM',
        Value: 9.6,
        'Previous value': 12,
        'E-mail': `Sent to ${OWNER}`,
      }),
    ]);
    expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts).toEqual([
      expect.objectContaining({ id: past.id, isMine: true, status: expect.objectContaining({ outcome: 'fired' }) }),
    ]);
  });

  test('nothing is sent twice in a day; the next day it may fire again', () => {
    const w = world(DROP);
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    const requests = w.api.stats.requests;
    expect(check(w).map((r) => r.outcome)).toEqual(['sentToday']);
    // Already fired today: not even checked again.
    expect(w.api.stats.requests).toBe(requests);
    w.emu.clock.advance(10 * HOUR);
    expect(check(w).map((r) => r.outcome)).toEqual(['sentToday']);
    // Editing it does not buy a second e-mail today either.
    const [alert] = w.call<{ alerts: AlertView[] }>('listAlerts').alerts;
    saveAlert(w, { id: alert.id, name: 'Renamed', condition: 'changeBelow', threshold: -0.05 });
    expect(check(w).map((r) => r.outcome)).toEqual(['sentToday']);
    expect(w.emu.mail.sent).toHaveLength(1);

    // Sunday: the window moves a day (2026-11-14 to 2026-11-20) and still compares 9.60 with 12.
    w.emu.clock.set(Date.parse(START) + DAY);
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    expect(w.emu.mail.sent.map((m) => new Date(m.at).toISOString().slice(0, 10))).toEqual(['2026-11-21', '2026-11-22']);
    expect(w.emu.mail.sent[1].body).toContain('Value: $9.60 (2026-11-14 to 2026-11-20)');
    expect(alertLines(w)).toHaveLength(2);
  });

  test('two checks interleaved (the trigger and a click): only one sends', () => {
    // The second check runs whole while the first waits on the API, between its reading and its record.
    let inner: CheckResult[] | null = null;
    let armed = false;
    const edit = earningsEdit(() => DROP);
    const w = createWorld(bundle(), {
      now: START,
      respond: (req, res) => {
        const out = edit(req, res);
        if (armed && /\/sites\/site-1\/earnings\?/.test(req.url)) {
          armed = false;
          inner = (w.emu.callAlongside({ user: OWNER, mode: 'full' }, 'checkAlertsNow') as CheckSummary).results;
        }
        return out;
      },
    });
    w.connect();
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    armed = true;
    const outer = check(w);
    expect(inner).not.toBeNull();
    expect([...inner!, ...outer].map((r) => r.outcome).sort()).toEqual(['fired', 'sentToday']);
    expect(w.emu.mail.sent).toHaveLength(1);
    expect(alertLines(w)).toHaveLength(1);
  });

  test('a day with no new data sends no second e-mail with the same numbers', () => {
    // The network is a day late on Sunday: its bounds still end on 2026-11-19, as on Saturday.
    const { w, hold } = lateWorld(DROP);
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    hold('2026-11-19');
    w.emu.clock.set(Date.parse(START) + DAY);
    const [again] = check(w);
    expect(again.outcome).toBe('sentToday');
    expect(again.message).toContain('Already e-mailed for data through 2026-11-19');
    expect(w.emu.mail.sent).toHaveLength(1);
    // Monday the network catches up: a new day of data, a new e-mail if it still holds.
    hold(null);
    w.emu.clock.set(Date.parse(START) + 2 * DAY);
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    expect(w.emu.mail.sent).toHaveLength(2);
  });

  test('a rise does not fire a drop alert; changeAbove fires on it, strictly past its threshold', () => {
    const w = world((day) => (day >= '2026-11-13' ? 15 : 12));
    saveAlert(w, { condition: 'changeBelow', threshold: -0.2 });
    saveAlert(w, { condition: 'changeAbove', threshold: 0.25 });
    saveAlert(w, { condition: 'changeAbove', threshold: 0.2499 });
    expect(check(w).map((r) => r.outcome)).toEqual(['quiet', 'quiet', 'fired']);
    expect(w.emu.mail.sent[0].body).toContain('Change: $3.00 (+25%)');
  });

  test('a previous value of 0 gives no change and no alert, never Infinity', () => {
    const w = world((day) => (day >= '2026-11-13' ? 5 : 0));
    saveAlert(w, { condition: 'changeAbove', threshold: 0.1 });
    const [result] = check(w);
    expect(result.outcome).toBe('quiet');
    expect(result.message).toContain('was 0 on 2026-11-06 to 2026-11-12');
    expect(result.message).not.toMatch(/Infinity|NaN/);
  });
});

describe('weekday-aligned year', () => {
  test('compares with the same weekdays 364 days earlier', () => {
    // 2025-11-14 (a Friday) to 2025-11-20 earned 12 a day; everything else 9.60.
    const w = world((day) => (day >= '2025-11-14' && day <= '2025-11-20' ? 12 : 9.6));
    saveAlert(w, { condition: 'changeBelow', threshold: -0.19, compareTo: 'previousYearWeekday' });
    saveAlert(w, { condition: 'changeBelow', threshold: -0.19, compareTo: 'previousPeriod' });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired', 'quiet']);
    expect(w.emu.mail.sent[0].body).toContain('Previous value: $12.00 (2025-11-14 to 2025-11-20, previous year, weekdays aligned)');
    expect(new Date('2025-11-14T12:00:00Z').getUTCDay()).toBe(new Date('2026-11-13T12:00:00Z').getUTCDay());
  });
});

describe('below and above', () => {
  test('the value at the threshold does not fire; a cent past it does', () => {
    const w = world(() => 9.6);
    saveAlert(w, { condition: 'below', threshold: 9.6, period: 'yesterday' });
    saveAlert(w, { condition: 'below', threshold: 9.61, period: 'yesterday' });
    saveAlert(w, { condition: 'above', threshold: 9.6, period: 'yesterday' });
    saveAlert(w, { condition: 'above', threshold: 9.59, period: 'yesterday' });
    expect(check(w).map((r) => r.outcome)).toEqual(['quiet', 'fired', 'quiet', 'fired']);
    // "yesterday" is the last day with earnings: 2026-11-19.
    expect(w.emu.mail.sent[0].body).toContain('Value: $9.60 (2026-11-19)');
  });

  test('all sites: the total over every active site, ratios recomputed from the summed parts', () => {
    const w = world(() => 10);
    const made = saveAlert(w, { siteId: 'all', metric: 'earnings', condition: 'above', threshold: 1, period: 'yesterday' });
    const [result] = check(w);
    expect(result.outcome).toBe('fired');
    expect(made.name).toBe('Earnings (all sites) above 1');
    expect(w.emu.mail.sent[0].body).toContain('Site: all sites');
  });

  test('all sites, one a day late: a 7-day window keeps its 7 days and ends on the last day every site has data for', () => {
    const edit = earningsEdit(() => () => 10);
    const w = createWorld(bundle(), {
      now: START,
      respond: (req, res) => {
        const out = edit(req, res);
        if ('networkError' in out || !/\/sites\/site-2\/date-bounds/.test(req.url)) return out;
        // site-2's earnings end on 2026-11-18, a day before the others'.
        return { ...out, body: out.body.replace(/"endDate":"2026-11-19"/g, '"endDate":"2026-11-18"') };
      },
    });
    w.connect();
    saveAlert(w, { siteId: 'all', metric: 'earnings', condition: 'above', threshold: 1, period: '7daysAgo' });
    const [result] = check(w);
    expect(result.outcome).toBe('fired');
    expect(result.message).toContain('2026-11-12 to 2026-11-18');
  });
});

describe('noData', () => {
  test("the day checked is today minus the report family's normal lag (earnings 2 days, traffic 1) or lagDays; the card and the e-mail name it", () => {
    // Saturday 2026-11-21 10:00: earnings run to 2026-11-19 and traffic to 2026-11-20, as usual.
    const w = world();
    const earnings = saveAlert(w, { condition: 'noData', byHour: 9 });
    // An hour reads as the schedules write it: 09:00, never 9:00.
    expect(earnings.name).toBe('Earnings (site-1): no data by 09:00');
    const traffic = saveAlert(w, { report: 'traffic/summary', condition: 'noData', byHour: 9 });
    const nextDay = saveAlert(w, { name: 'Earnings by the next day', condition: 'noData', byHour: 9, lagDays: 1 });
    expect(earnings.expects).toEqual({ day: '2026-11-19', lagDays: 2, label: 'has no data for 2 days ago (2026-11-19) by 09:00' });
    expect(traffic.expects).toEqual({ day: '2026-11-20', lagDays: 1, label: 'has no data for yesterday (2026-11-20) by 09:00' });
    expect(nextDay).toMatchObject({ lagDays: 1, expects: { day: '2026-11-20', lagDays: 1 } });
    const results = check(w);
    expect(results.map((r) => r.outcome)).toEqual(['quiet', 'quiet', 'fired']);
    expect(results[0].message).toBe('Earnings data is in for 2026-11-19 on site-1.');
    expect(w.emu.mail.sent).toHaveLength(1);
    expect(w.emu.mail.sent[0].body).toContain('No earnings data for 2026-11-20 by 09:00: site-1 (data through 2026-11-19)');

    // Before the hour, the day before counts.
    const early = world();
    early.emu.clock.set(Date.parse('2026-11-21T13:00:00Z')); // 08:00 in New York
    const before = saveAlert(early, { condition: 'noData', byHour: 9, lagDays: 1 });
    expect(before.expects?.day).toBe('2026-11-19');
    expect(check(early).map((r) => r.outcome)).toEqual(['quiet']);
  });

  test('lagDays is a whole number of days from 0 to 14', () => {
    const w = world();
    for (const lagDays of [1.5, -1, 15, 'two'])
      expect(w.failure(OWNER, 'saveAlert', { siteId: 'site-1', report: 'earnings', condition: 'noData', lagDays })).toMatch(
        lagDays === 'two' ? /^The lag in days must be a number, not "two"\.$/ : /^The lag is a whole number of days from 0 to 14/,
      );
  });
});

describe('after each scheduled refresh', () => {
  test("the trigger checks its owner's alerts once reports were refreshed, and sends nothing twice", () => {
    // On Sunday the last 7 days of data are 2026-11-14 to 2026-11-20.
    const w = world(dropFrom('2026-11-14'));
    saveDailyEarnings(w, { every: 'day', hour: 6 });
    saveAlert(w, { name: 'RPM drop', condition: 'changeBelow', threshold: -0.1 });
    w.emu.clock.set(Date.parse('2026-11-22T11:30:00Z')); // Sunday 06:30: the report is due
    w.fire();
    expect(w.values('Daily').length).toBeGreaterThan(2);
    expect(w.emu.mail.sent.map((m) => m.subject)).toEqual(['Creator Reporting alert: RPM on site-1 -20%']);
    const requests = w.api.stats.requests;
    w.emu.clock.advance(HOUR); // nothing due
    w.fire();
    expect(w.api.stats.requests).toBe(requests);
    expect(w.emu.mail.sent).toHaveLength(1);
    // The reports table is rewritten on a refresh; the alerts table beside it stays.
    w.call('refreshReports');
    expect(alertLines(w)).toHaveLength(1);
    expect(w.statusRows()[0]).toMatchObject({ Name: 'Daily earnings', Outcome: 'OK' });
  });

  test('noData alerts wait for their hour, then are checked each run until the data is in or they fire', () => {
    const w = world();
    saveDailyEarnings(w, { every: 'day', hour: 6 });
    saveAlert(w, { name: 'Earnings late', condition: 'noData', byHour: 9, lagDays: 1 });
    saveAlert(w, { name: 'Traffic late', report: 'traffic/summary', condition: 'noData', byHour: 9 });
    const outcomes = () => w.call<{ alerts: AlertView[] }>('listAlerts').alerts.map((a) => a.status.outcome);
    w.emu.clock.set(Date.parse('2026-11-22T13:00:00Z')); // Sunday 08:00: the report runs, the alerts wait
    w.fire();
    expect(outcomes()).toEqual(['never', 'never']);
    w.emu.clock.set(Date.parse('2026-11-22T14:30:00Z')); // 09:30: Saturday's earnings are not in yet
    w.fire();
    expect(outcomes()).toEqual(['fired', 'quiet']);
    expect(w.emu.mail.sent.map((m) => m.subject)).toEqual(['Creator Reporting alert: Earnings on site-1']);
    const requests = w.api.stats.requests;
    w.emu.clock.set(Date.parse('2026-11-22T15:30:00Z')); // 10:30: one fired today, the other's data is in
    w.fire();
    expect(w.api.stats.requests).toBe(requests);
    expect(w.emu.mail.sent).toHaveLength(1);
  });

  test('a failed scheduled refresh that asked for it e-mails its runner once a day', () => {
    const w = world();
    saveDailyEarnings(w, { every: 'hour' }, { notifyOnFailure: true });
    w.call('saveReport', {
      name: 'Quiet one',
      report: 'traffic/summary',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      sheetName: 'Quiet',
      schedule: { every: 'hour' },
    });
    w.api.inject({ kind: 'status', status: 404, times: 100, path: '/sites/site-1/' });
    w.emu.clock.advance(HOUR);
    w.fire();
    w.emu.clock.advance(HOUR);
    w.fire();
    expect(w.statusRows().map((r) => r.Outcome)).toEqual(['Failed', 'Failed']);
    expect(w.emu.mail.sent.map((m) => [m.to, m.subject])).toEqual([
      [OWNER, 'Creator Reporting: scheduled refresh of "Daily earnings" failed'],
    ]);
    expect(w.emu.mail.sent[0].body).toContain('its previous data is still in the sheet');
    expectNothingSecret(w, JSON.stringify(w.emu.mail.sent));
    expect(alertLines(w)).toEqual([expect.objectContaining({ Alert: 'Refresh failed: Daily earnings', 'E-mail': `Sent to ${OWNER}` })]);
  });
});

describe("the creator's credential only", () => {
  test("another user's alert is never checked with the owner's credential, nor changed by the owner", () => {
    const w = world(DROP);
    const theirs = saveAlert(w, { name: 'Editor alert', condition: 'changeBelow', threshold: -0.1 }, EDITOR);
    expect(theirs.isMine).toBe(true);
    expect(check(w)).toEqual([]);
    const listed = w.call<{ alerts: AlertView[] }>('listAlerts').alerts;
    expect(listed).toEqual([expect.objectContaining({ id: theirs.id, isMine: false, createdByEmail: EDITOR })]);
    expect(
      w.failure(OWNER, 'saveAlert', { id: theirs.id, siteId: 'all', report: 'earnings', metric: 'rpm', condition: 'above', threshold: 0 }),
    ).toBe(`This alert is ${EDITOR}'s: it checks their data and e-mails them. Make your own alert instead.`);
    // The editor has no credential of their own: their check fails, the owner's is not borrowed.
    expect(check(w, EDITOR)).toEqual([
      expect.objectContaining({
        id: theirs.id,
        outcome: 'error',
        message: expect.stringContaining('No Creator Reporting credential is saved'),
      }),
    ]);
    expect(w.emu.mail.sent).toEqual([]);
    expect(w.failure(OWNER, 'deleteAlert', theirs.id)).toBe(
      `This alert is ${EDITOR}'s: only they can change or delete it (it checks their data and e-mails them). Ask them, or make your own alert.`,
    );
    expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts).toEqual([
      expect.objectContaining({ id: theirs.id, mayEdit: false, mayRemove: false }),
    ]);
    expect(w.callAs(EDITOR, 'deleteAlert', theirs.id)).toEqual({ deleted: true });
  });

  test('over the mail quota the alert still fires and says why no e-mail came', () => {
    const w = world(DROP);
    w.emu.mail.quota = 0;
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    expect(w.emu.mail.sent).toEqual([]);
    expect(alertLines(w)[0]['E-mail']).toBe("Not sent: today's e-mail quota is used up.");
  });

  test('nothing secret reaches the document properties or the status sheet', () => {
    const w = world(DROP);
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    check(w);
    expectNothingSecret(w, JSON.stringify(w.documentProperties()));
    expectNothingSecret(w, JSON.stringify(w.values('Creator Reporting status')));
  });
});

describe('saving', () => {
  test('bad definitions are refused with what to do', () => {
    const w = world();
    const fail = (def: Record<string, unknown>) =>
      w.failure(OWNER, 'saveAlert', { siteId: 'site-1', report: 'earnings', metric: 'rpm', condition: 'below', threshold: 1, ...def });
    expect(fail({ condition: 'fell' })).toBe('The condition must be one of changeBelow, changeAbove, below, above, noData, not "fell".');
    expect(fail({ metric: 'Device' })).toBe(
      '"Device" is not a metric of Earnings. Pick one of: earnings, pageviews, sessions, rpm, pageRpm, rps.',
    );
    expect(fail({ threshold: 'lots' })).toBe('The threshold must be a number, not "lots".');
    expect(fail({ threshold: undefined })).toBe('Give the threshold the value is compared with.');
    expect(fail({ condition: 'changeBelow', threshold: -20 })).toBe(
      'A fall of 2,000% cannot happen: a value falls by 100% at most. For a 20% drop, give 20 in the sidebar (-0.2 in a server call).',
    );
    expect(fail({ condition: 'changeAbove', threshold: 150 })).toBe(
      'A change of 15,000% is more than an alert watches (10,000% at most). For a 50% rise, give 50 in the sidebar (0.5 in a server call).',
    );
    expect(fail({ condition: 'changeBelow', threshold: -0.2, compareTo: 'lastWeek' })).toBe(
      'Compare with one of previousPeriod, previousYear, previousYearWeekday, not "lastWeek".',
    );
    expect(fail({ report: 'sites' })).toBe('Sites has no dates, so there is nothing to watch over time. Choose a report with dates.');
    expect(fail({ period: '2026-11-01' })).toContain('Alerts watch a rolling window, not a fixed day like "2026-11-01"');
    expect(fail({ condition: 'noData', byHour: 25 })).toBe('The hour by which data is expected is a whole hour, 0 to 23.');
    expect(fail({ siteId: { a: 1 } })).toBe('The site must be text, not a value of an unexpected kind.');
    // A site the alert could never check is refused when it is saved, not at every check.
    expect(fail({ siteId: 'Example Kitchen' })).toBe('"Example Kitchen" is a site name: use its ID, site-1.');
    expect(fail({ siteId: 'SITE-2' })).toBe('Site IDs are case-sensitive: use site-2 (Wander Far Travel), not SITE-2.');
    expect(fail({ siteId: 'nonsense-site' })).toMatch(
      /^"nonsense-site" is not a site this credential sees\. Use a site ID such as site-1, /,
    );
    expect(fail({ siteId: 'site-old' })).toMatch(/^Site site-old is inactive, so it has no data to report\./);
    expect(w.call<{ alerts: unknown[] }>('listAlerts').alerts).toEqual([]);
  });
});

describe('a percent metric\u2019s threshold (held as the fraction the sheet holds: 0.5 for 50%)', () => {
  const BOUNCE = { report: 'traffic/summary', metric: 'bounceRate', period: '7daysAgo' };

  test('above 1 it is refused for below and above, saying the percent is a fraction; a fraction is saved', () => {
    const w = world();
    const fail = (def: Record<string, unknown>) => w.failure(OWNER, 'saveAlert', { siteId: 'site-1', ...BOUNCE, ...def });
    expect(fail({ condition: 'above', threshold: 50 })).toBe(
      'Bounce rate is a percent written as a fraction: 50% is 0.5, so a threshold of 50 would mean 5,000%. Give 0.5 for 50%.',
    );
    expect(fail({ condition: 'below', threshold: '12.5' })).toBe(
      'Bounce rate is a percent written as a fraction: 50% is 0.5, so a threshold of 12.5 would mean 1,250%. Give 0.125 for 12.5%.',
    );
    expect(w.call<{ alerts: unknown[] }>('listAlerts').alerts).toEqual([]);
    expect(saveAlert(w, { ...BOUNCE, condition: 'above', threshold: 1 }).name).toBe('Bounce rate (site-1) above 100%');
    expect(saveAlert(w, { ...BOUNCE, condition: 'above', threshold: 0.5 }).name).toBe('Bounce rate (site-1) above 50%');
  });

  test('a change is a fraction of the value, not of the percent: a 150% rise of a bounce rate is 1.5 and is kept', () => {
    const w = world();
    const saved = saveAlert(w, { ...BOUNCE, condition: 'changeAbove', threshold: 1.5 });
    expect(saved.name).toBe('Bounce rate (site-1) rises 150%');
  });

  test('an alert stored earlier with a threshold above 1 still loads and is checked as it is', () => {
    const w = world();
    const saved = saveAlert(w, { ...BOUNCE, name: 'Old bounce', condition: 'above', threshold: 0.5 });
    w.emu.runAs({ user: OWNER }, () => {
      const props = w.emu.globals.PropertiesService.getDocumentProperties();
      const key = props.getKeys().find((k: string) => k.startsWith('cr.alert.') && props.getProperty(k)!.includes('Old bounce'))!;
      props.setProperty(key, JSON.stringify({ ...JSON.parse(props.getProperty(key)!), threshold: 50 }));
    });
    expect(w.call<{ alerts: Array<{ id: string; threshold: number }> }>('listAlerts').alerts).toEqual([
      expect.objectContaining({ id: saved.id, threshold: 50 }),
    ]);
    const [result] = check(w);
    expect(result.outcome).toBe('quiet');
    expect(result.message).toMatch(/^Bounce rate [\d-]+ to [\d-]+: \d+\.\d\d%, not above 5,000\.00%\.$/);
  });
});

/** Other data fills the document's 500 KB property store; then `room` bytes are freed again. */
function fillStore(w: World, room = 0): void {
  w.emu.runAs({ user: OWNER }, () => {
    const props = w.emu.globals.PropertiesService.getDocumentProperties();
    fillToTheLastByte(props);
    let freed = 0;
    for (let i = 0; freed < room; i++) {
      const key = `other.filler.1.${i}`;
      props.deleteProperty(key);
      freed += key.length + 1;
    }
  });
}

describe('a full document store', () => {
  test('a firing alert e-mails once though the store refuses its record afterwards; every check ends in words, not an error', () => {
    const w = world(DROP);
    saveAlert(w, { name: 'RPM drop', condition: 'changeBelow', threshold: -0.1 });
    // Room for the small "sending" mark, none for the record written after the e-mail.
    fillStore(w, 100);
    const summaries = [checkNow(w)];
    for (let hour = 1; hour <= 4; hour++) {
      w.emu.clock.advance(HOUR);
      summaries.push(checkNow(w));
    }
    expect(w.emu.mail.sent).toHaveLength(1);
    expect(summaries[0].results[0]).toMatchObject({ outcome: 'fired', message: expect.stringContaining('add-on storage is full') });
    for (const s of summaries.slice(1)) expect(s.results[0]).toMatchObject({ outcome: 'sentToday', checked: false });
    expect(JSON.stringify(summaries)).not.toContain('Something unexpected');
  });

  test('a store that cannot take the sending mark sends nothing and says so', () => {
    const w = world(DROP);
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    fillStore(w);
    const [first] = check(w);
    w.emu.clock.advance(HOUR);
    const [second] = check(w);
    for (const r of [first, second])
      expect(r).toMatchObject({
        outcome: 'error',
        message:
          "This spreadsheet's add-on storage is full (Google allows 500 KB per document), so no e-mail was sent for this alert. Delete alerts or saved reports you no longer need, then try again.",
      });
    expect(w.emu.mail.sent).toEqual([]);
  });

  test("a failed scheduled refresh's e-mail is recorded before it is sent: a full store sends none, and the trigger runs on", () => {
    const w = world();
    saveDailyEarnings(w, { every: 'hour' }, { notifyOnFailure: true });
    w.api.inject({ kind: 'status', status: 404, times: 100, path: '/sites/site-1/' });
    fillStore(w);
    for (let run = 0; run < 3; run++) {
      w.emu.clock.advance(HOUR);
      w.fire();
    }
    expect(w.statusRows().map((r) => r.Outcome)).toEqual(['Failed']);
    expect(w.emu.mail.sent).toEqual([]);
  });

  test('saveAlert says the store is full and what to do, as saved reports do', () => {
    const w = world();
    fillStore(w);
    expect(w.failure(OWNER, 'saveAlert', { siteId: 'site-1', report: 'earnings', metric: 'rpm', condition: 'below', threshold: 1 })).toBe(
      "This spreadsheet's add-on storage is full (Google allows 500 KB per document), so the alert was not saved. Delete alerts or saved reports you no longer need, then try again.",
    );
  });
});

/** A world whose date bounds can be held at a day (the network running late). */
function lateWorld(earnings: Earnings): { w: World; hold(day: string | null): void } {
  let held: string | null = null;
  const edit = earningsEdit(() => earnings);
  const w = createWorld(bundle(), {
    now: START,
    respond: (req, res) => {
      const out = edit(req, res);
      if (held === null || 'networkError' in out || !/date-bounds/.test(req.url)) return out;
      return {
        ...out,
        body: out.body.replace(/"endDate":"(\d{4}-\d{2}-\d{2})"/g, (m, day: string) => (day > held! ? `"endDate":"${held}"` : m)),
      };
    },
  });
  w.connect();
  return { w, hold: (day) => void (held = day) };
}

/** A late-capable world with one alert, "RPM drop", that fires on DROP. */
function lateWorldWithDropAlert(): ReturnType<typeof lateWorld> {
  const late = lateWorld(DROP);
  saveAlert(late.w, { name: 'RPM drop', condition: 'changeBelow', threshold: -0.1 });
  return late;
}

/** The next day's check, with the e-mail quota back and the network holding at the day checked today. */
function checkNextDayQuotaBack(w: World, hold: (day: string) => void): CheckResult {
  hold('2026-11-19');
  w.emu.mail.quota = 100;
  w.emu.clock.set(Date.parse(START) + DAY);
  return check(w)[0];
}

describe('an e-mail MailApp refused', () => {
  test('is retried at the next check, even without a new data day; its status line is written once', () => {
    const { w, hold } = lateWorldWithDropAlert();
    w.emu.mail.quota = 0;
    expect(check(w)[0]).toMatchObject({ outcome: 'fired', message: expect.stringContaining("Not sent: today's e-mail quota is used up.") });
    w.emu.clock.advance(HOUR);
    expect(check(w)[0].outcome).toBe('fired');
    expect(alertLines(w).map((l) => l['E-mail'])).toEqual(["Not sent: today's e-mail quota is used up."]);
    // The next day: the quota is back, the network has no new day.
    const next = checkNextDayQuotaBack(w, hold);
    expect(next.outcome).toBe('fired');
    expect(next.message).not.toContain('Already e-mailed');
    expect(w.emu.mail.sent).toHaveLength(1);
    expect(w.emu.mail.sent[0].body).toContain('Value: $9.60 (2026-11-13 to 2026-11-19)');
    expect(alertLines(w).map((l) => l['E-mail'])).toEqual(["Not sent: today's e-mail quota is used up.", `Sent to ${OWNER}`]);
    // Sent now: the same data day is not mailed again.
    w.emu.clock.advance(21 * HOUR);
    expect(check(w)[0]).toMatchObject({
      outcome: 'sentToday',
      message: expect.stringContaining('Already e-mailed for data through 2026-11-19'),
    });
    expect(w.emu.mail.sent).toHaveLength(1);
  });
});

describe('MailApp failing after it sent', () => {
  test('an error that may come after the e-mail went out is not retried for the same data day', () => {
    const { w, hold } = lateWorldWithDropAlert();
    w.emu.mail.errorsAfterSending = 1;
    const [first] = check(w);
    expect(first.outcome).toBe('fired');
    expect(w.emu.mail.sent).toHaveLength(1);
    // An hour later, and the next day with no new data day: the e-mail that went out is not sent again.
    hold('2026-11-19');
    w.emu.clock.advance(HOUR);
    check(w);
    w.emu.clock.set(Date.parse(START) + DAY);
    check(w);
    expect(w.emu.mail.sent).toHaveLength(1);
  });
});

describe('an e-mail MailApp refused, with the store nearly full', () => {
  test('is retried at the next check: the sending mark never stands for an e-mail that was not sent', () => {
    const { w, hold } = lateWorldWithDropAlert();
    w.emu.mail.quota = 0;
    // Room for the sending mark, none for the longer record that says why the e-mail was refused.
    fillStore(w, 100);
    expect(check(w)[0]).toMatchObject({ outcome: 'fired', message: expect.stringContaining("Not sent: today's e-mail quota is used up.") });
    expect(w.emu.mail.sent).toEqual([]);
    // The next day: the quota is back, the network has no new day; nothing was ever sent.
    const next = checkNextDayQuotaBack(w, hold);
    expect(next.message).not.toContain('Already e-mailed');
    expect(next.outcome).toBe('fired');
    expect(w.emu.mail.sent).toHaveLength(1);
  });
});

describe('Check now', () => {
  test('the summary counts failures and alerts it did not check, and says why', () => {
    const w = world(DROP);
    saveAlert(w, { name: 'Drop A', condition: 'changeBelow', threshold: -0.1 });
    saveAlert(w, { name: 'Drop B', condition: 'changeBelow', threshold: -0.15 });
    saveAlert(w, { name: 'Low', condition: 'below', threshold: 5, period: 'yesterday' });
    saveAlert(w, { name: 'High', condition: 'above', threshold: 50, period: 'yesterday' });
    w.connect(EDITOR);
    saveAlert(w, { name: 'Theirs', condition: 'below', threshold: 5 }, EDITOR);
    expect(checkNow(w)).toMatchObject({ fired: 2, quiet: 2, errors: 0, notChecked: 0, othersSkipped: 1 });
    w.call('clearSettings');
    w.emu.clock.advance(HOUR);
    const summary = checkNow(w);
    expect(summary).toMatchObject({ fired: 0, quiet: 0, errors: 2, notChecked: 2, othersSkipped: 1 });
    expect(summary.summary).toBe(
      'Checked 2 of your 4 alerts: 0 fired, 0 quiet, 2 failed. ' +
        '2 failed: No Creator Reporting credential is saved. Open Extensions > Creator Reporting > Open sidebar and enter your client ID and secret. ' +
        '2 not checked: Already e-mailed in the last 20 hours; it is checked again from 2026-11-22 06:00. ' +
        '1 alert of other people is checked only with their own credential.',
    );
  });
});

describe('who may change an alert', () => {
  test('only its maker edits or deletes it; once the maker has lost access, another editor may remove it after confirming, and the status sheet says who', () => {
    const w = world(DROP);
    const theirs = saveAlert(w, { name: 'Editor alert', condition: 'changeBelow', threshold: -0.1 }, EDITOR);
    expect(theirs).toMatchObject({ mayEdit: true, mayRemove: false });
    const asOwner = () => w.call<{ alerts: AlertView[] }>('listAlerts').alerts[0];
    expect(asOwner()).toMatchObject({ isMine: false, mayEdit: false, mayRemove: false });
    expect(w.failure(OWNER, 'deleteAlert', theirs.id, { confirm: true })).toMatch(
      /^This alert is editor@example\.com's: only they can change or delete it/,
    );

    w.emu.access.revoke(EDITOR);
    expect(asOwner()).toMatchObject({ mayEdit: false, mayRemove: true });
    expect(w.failure(OWNER, 'deleteAlert', theirs.id)).toBe(
      'editor@example.com no longer has access to this spreadsheet, so this alert is checked by nobody. Confirm to remove it; the status sheet records who removed it.',
    );
    expect(w.failure(OWNER, 'saveAlert', { id: theirs.id, siteId: 'site-1', report: 'earnings', condition: 'noData' })).toMatch(
      /^This alert is editor@example\.com's/,
    );
    expect(w.call('deleteAlert', theirs.id, { confirm: true })).toEqual({ deleted: true });
    expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts).toEqual([]);
    expect(alertLines(w)).toEqual([
      expect.objectContaining({
        Alert: 'Editor alert',
        Details: `Removed by ${OWNER}: its maker, ${EDITOR}, no longer has access to this spreadsheet.`,
        'E-mail': 'No e-mail',
      }),
    ]);
  });

  test('a maker who edits through the link is not listed among the editors, yet still checks the alert: it stays theirs', () => {
    const w = world(DROP);
    w.emu.access.viaLink(EDITOR);
    const theirs = saveAlert(w, { name: 'Editor alert', condition: 'changeBelow', threshold: -0.1 }, EDITOR);
    checkNow(w, EDITOR);
    w.emu.clock.advance(2 * DAY);
    checkNow(w, EDITOR);
    expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts[0]).toMatchObject({ mayEdit: false, mayRemove: false });
    expect(w.failure(OWNER, 'deleteAlert', theirs.id, { confirm: true })).toMatch(
      /^This alert is editor@example\.com's: only they can change or delete it/,
    );
    // No check by its maker for over a month, and not among the editors: nobody runs it any more.
    w.emu.clock.advance(33 * DAY);
    expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts[0]).toMatchObject({ mayRemove: true });
    expect(w.call('deleteAlert', theirs.id, { confirm: true })).toEqual({ deleted: true });
  });

  test.each([
    ['hides addresses', { hiddenEmails: true }],
    ['refuses the list of editors', { editorsListed: false }],
  ])('where Google %s, nobody can tell the maker is gone: the alert stays theirs', (_how, variants) => {
    const w = createWorld(bundle(), { now: START, variants });
    const theirs = w.callAs<AlertView>(EDITOR, 'saveAlert', { siteId: 'site-1', report: 'earnings', condition: 'noData' });
    w.emu.access.revoke(EDITOR);
    expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts[0]).toMatchObject({ mayEdit: false, mayRemove: false });
    expect(w.failure(OWNER, 'deleteAlert', theirs.id, { confirm: true })).toMatch(
      /^This alert is (another user|editor@example\.com)'s: only they can change or delete it/,
    );
  });
});

describe('29 February', () => {
  test('a previous-year comparison across the leap day compares as many days as the checked period, and the e-mail names both', () => {
    // Monday 2025-03-03: the last 7 days of earnings are 2025-02-23 to 2025-03-01; a year earlier
    // the same dates span 8 days, so the compared period starts a day later. Earnings are flat.
    const w = createWorld(bundle(), { now: '2025-03-03T15:00:00Z', respond: earningsEdit(() => () => 10) });
    w.connect();
    saveAlert(w, { name: 'Drop', metric: 'earnings', condition: 'changeBelow', threshold: -0.1, compareTo: 'previousYear' });
    saveAlert(w, { name: 'Any change', metric: 'earnings', condition: 'changeAbove', threshold: -0.01, compareTo: 'previousYear' });
    const [drop, any] = check(w);
    expect(drop.outcome).toBe('quiet');
    expect(any.outcome).toBe('fired');
    expect(w.emu.mail.sent[0].body).toContain('Value: $70.00 (2025-02-23 to 2025-03-01)');
    expect(w.emu.mail.sent[0].body).toContain('Previous value: $70.00 (2024-02-24 to 2024-03-01, previous year)');
  });
});

describe('alert state stored by older versions', () => {
  test('is read as before (its last e-mail holds the next one back) and upgraded on the next write', () => {
    const w = world(DROP);
    const alert = saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    const key = `cr.alertstate.${alert.id}`;
    const props = () => w.emu.runAs({ user: OWNER }, () => w.emu.globals.PropertiesService.getDocumentProperties());
    const firedAt = Date.parse(START) - HOUR;
    // The shape older versions wrote: the local day it fired, no sending mark.
    const old = { outcome: 'fired', message: 'RPM fell', lastCheckedAt: firedAt, lastFiredAt: firedAt, lastFiredDay: '2026-11-21' };
    w.emu.runAs({ user: OWNER }, () => props().setProperty(key, JSON.stringify(old)));
    expect(check(w)[0]).toMatchObject({ outcome: 'sentToday', checked: false });
    expect(w.emu.mail.sent).toEqual([]);
    w.emu.clock.set(Date.parse(START) + DAY);
    expect(check(w)[0].outcome).toBe('fired');
    const stored = JSON.parse(w.emu.runAs({ user: OWNER }, () => props().getProperty(key)) ?? '{}');
    expect(stored).toMatchObject({ outcome: 'fired', lastFiredThrough: '2026-11-20', sendingAt: null });
    expect(stored).not.toHaveProperty('lastFiredDay');
  });
});

describe('a time zone change', () => {
  test('sends no second e-mail within 20 hours, nor a second for one data day', () => {
    // Sunday 2026-11-22 10:00 in Tokyo; traffic runs to 2026-11-21.
    const w = createWorld(bundle(), { now: '2026-11-22T01:00:00Z', timeZone: 'Asia/Tokyo' });
    w.connect();
    saveAlert(w, {
      name: 'Sessions',
      report: 'traffic/summary',
      metric: 'sessions',
      condition: 'above',
      threshold: 0,
      period: 'yesterday',
    });
    expect(check(w)[0].outcome).toBe('fired');
    // Moved to Los Angeles: it is Saturday 17:00 there, and "yesterday" is 2026-11-20.
    w.emu.spreadsheet.setSpreadsheetTimeZone('America/Los_Angeles');
    w.emu.clock.advance(HOUR);
    expect(check(w)[0]).toMatchObject({ outcome: 'sentToday', checked: false });
    // 21 hours later "yesterday" in Los Angeles is 2026-11-21 again: that data day was e-mailed.
    w.emu.clock.advance(20 * HOUR);
    expect(check(w)[0]).toMatchObject({
      outcome: 'sentToday',
      message: expect.stringContaining('Already e-mailed for data through 2026-11-21'),
    });
    // Monday in Los Angeles: a new data day, a new e-mail.
    w.emu.clock.set(Date.parse('2026-11-23T18:00:00Z'));
    expect(check(w)[0].outcome).toBe('fired');
    expect(w.emu.mail.sent.map((m) => m.body.match(/Value: \S+ \(([^)]+)\)/)?.[1])).toEqual(['2026-11-21', '2026-11-22']);
  });
});
