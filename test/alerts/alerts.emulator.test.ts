/**
 * Alerts end to end on the built bundle: the fake API's earnings for site-1 are set day by day, so
 * each check lands exactly on, or just past, its threshold. The clock starts on Saturday
 * 2026-11-21 at 10:00 in New York; site-1's earnings run to 2026-11-19, traffic to 2026-11-20.
 */
import { buildBundle, createWorld, EDITOR, OWNER, type World } from '../reports/emulated-world';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = '2026-11-21T15:00:00Z';
let bundle = '';

beforeAll(async () => {
  bundle = await buildBundle();
});

interface AlertView {
  id: string;
  name: string;
  isMine: boolean;
  createdByEmail: string;
  status: { outcome: string; message: string };
}
interface CheckResult {
  id: string;
  outcome: string;
  message: string;
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
  const w = createWorld(bundle, { now: START, respond: earningsEdit(() => current) });
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

function check(w: World, user = OWNER): CheckResult[] {
  return w.callAs<CheckResult[]>(user, 'checkAlertsNow');
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
      { id: exact.id, name: 'RPM drop', outcome: 'quiet', message: expect.stringContaining('$9.60 against $12.00') },
    ]);
    expect(w.emu.mail.sent).toEqual([]);

    const past = saveAlert(w, { id: exact.id, name: 'RPM drop', condition: 'changeBelow', threshold: -0.19 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    const [mail] = w.emu.mail.sent;
    expect(w.emu.mail.sent).toHaveLength(1);
    expect(mail).toMatchObject({ from: OWNER, to: OWNER, subject: 'Creator Reporting alert: RPM on site-1 -20 %' });
    expect(mail.body).toContain('Site: site-1');
    expect(mail.body).toContain('Metric: RPM');
    expect(mail.body).toContain('Value: $9.60 (2026-11-13 to 2026-11-19)');
    expect(mail.body).toContain('Previous value: $12.00 (2026-11-06 to 2026-11-12, previous period)');
    expect(mail.body).toContain('Change: -$2.40 (-20 %)');
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
    const w = createWorld(bundle, {
      now: START,
      respond: (req, res) => {
        const out = edit(req, res);
        if (armed && /\/sites\/site-1\/earnings\?/.test(req.url)) {
          armed = false;
          inner = w.emu.callAlongside({ user: OWNER, mode: 'full' }, 'checkAlertsNow') as CheckResult[];
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
    let frozen: string | null = null;
    const edit = earningsEdit(() => DROP);
    const w = createWorld(bundle, {
      now: START,
      respond: (req, res) => {
        const out = edit(req, res);
        if (frozen === null || 'networkError' in out || !/date-bounds/.test(req.url)) return out;
        return {
          ...out,
          body: out.body.replace(/"endDate":"(\d{4}-\d{2}-\d{2})"/g, (m, day: string) => (day > frozen! ? `"endDate":"${frozen}"` : m)),
        };
      },
    });
    w.connect();
    saveAlert(w, { condition: 'changeBelow', threshold: -0.1 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired']);
    frozen = '2026-11-19';
    w.emu.clock.set(Date.parse(START) + DAY);
    const [again] = check(w);
    expect(again.outcome).toBe('sentToday');
    expect(again.message).toContain('Already e-mailed for data through 2026-11-19');
    expect(w.emu.mail.sent).toHaveLength(1);
    // Monday the network catches up: a new day of data, a new e-mail if it still holds.
    frozen = null;
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
    expect(w.emu.mail.sent[0].body).toContain('Change: $3.00 (+25 %)');
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
});

describe('noData', () => {
  test('earnings one day late by the hour fire; traffic on time does not; before the hour, the day before counts', () => {
    const w = world();
    saveAlert(w, { condition: 'noData', byHour: 9 });
    saveAlert(w, { report: 'traffic/summary', condition: 'noData', byHour: 9 });
    expect(check(w).map((r) => r.outcome)).toEqual(['fired', 'quiet']);
    expect(w.emu.mail.sent[0].body).toContain('No earnings data for 2026-11-20 by 9:00: site-1 (data through 2026-11-19)');

    const early = world();
    early.emu.clock.set(Date.parse('2026-11-21T13:00:00Z')); // 08:00 in New York
    saveAlert(early, { condition: 'noData', byHour: 9 });
    expect(check(early).map((r) => r.outcome)).toEqual(['quiet']);
  });
});

describe('after each scheduled refresh', () => {
  test("the trigger checks its owner's alerts once reports were refreshed, and sends nothing twice", () => {
    // On Sunday the last 7 days of data are 2026-11-14 to 2026-11-20.
    const w = world(dropFrom('2026-11-14'));
    w.call('saveReport', {
      name: 'Daily earnings',
      report: 'earnings',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      sheetName: 'Daily',
      schedule: { every: 'day', hour: 6 },
    });
    saveAlert(w, { name: 'RPM drop', condition: 'changeBelow', threshold: -0.1 });
    w.emu.clock.set(Date.parse('2026-11-22T11:30:00Z')); // Sunday 06:30: the report is due
    w.fire();
    expect(w.values('Daily').length).toBeGreaterThan(2);
    expect(w.emu.mail.sent.map((m) => m.subject)).toEqual(['Creator Reporting alert: RPM on site-1 -20 %']);
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
    w.call('saveReport', {
      name: 'Daily earnings',
      report: 'earnings',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      sheetName: 'Daily',
      schedule: { every: 'day', hour: 6 },
    });
    saveAlert(w, { name: 'Earnings late', condition: 'noData', byHour: 9 });
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
    w.call('saveReport', {
      name: 'Daily earnings',
      report: 'earnings',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      sheetName: 'Daily',
      schedule: { every: 'hour' },
      notifyOnFailure: true,
    });
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
    expect(w.call('deleteAlert', theirs.id)).toEqual({ deleted: true });
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
      'A change cannot fall below -1 (a 100 % drop). Give the drop as a fraction: -0.2 is a 20 % drop.',
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
