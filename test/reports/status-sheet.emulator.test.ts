/**
 * The status sheet as a person reads it: the saved-reports table and the alerts table beside it
 * show times one way, and an alert's values in its metric's own format.
 */
import { buildBundle, createWorld, OWNER, type World } from './emulated-world';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';

let bundle = '';
beforeAll(async () => {
  bundle = await buildBundle();
});

/** site-1's earnings: 12 a day before 2026-11-13, 9.60 from it (RPM the same: 1,000 sessions a day). */
function dropping(req: TransportRequest, res: TransportResponse | { networkError: string }) {
  if ('networkError' in res || !/\/sites\/site-1\/earnings\?/.test(req.url) || res.status !== 200) return res;
  const body = JSON.parse(res.body) as { data: Array<Record<string, unknown>> };
  for (const row of body.data) {
    const e = String(row.date) >= '2026-11-13' ? 9.6 : 12;
    Object.assign(row, { earnings: e, sessions: 1000, pageviews: 1500, rpm: e, pageRpm: (e / 1500) * 1000, rps: e / 1000 });
  }
  return { ...res, body: JSON.stringify(body) };
}

/** Displayed cells of the status sheet, by header, for the table whose first header is `first`. */
function table(w: World, first: string): Array<Record<string, string>> {
  const shown = w.emu.spreadsheet.getSheetByName('Creator Reporting status')!.getDataRange().getDisplayValues();
  const at = shown[0].indexOf(first);
  const end = shown[0].indexOf('', at);
  const header = shown[0].slice(at, end < 0 ? undefined : end);
  return shown
    .slice(1)
    .filter((row) => row[at] !== '')
    .map((row) => Object.fromEntries(header.map((h, i) => [h, row[at + i]])));
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

test('saved-report times and alert times read the same way; alert values in the metric format', () => {
  const w = createWorld(bundle, { now: '2026-11-21T15:00:00Z', respond: dropping });
  w.connect();
  w.call('saveReport', {
    name: 'Daily',
    report: 'earnings',
    siteId: 'site-1',
    start: 'lastMonth',
    sheetName: 'Daily',
    schedule: { every: 'day', hour: 6 },
  });
  w.call('refreshReports');
  w.callAs(OWNER, 'saveAlert', {
    name: 'RPM drop',
    siteId: 'site-1',
    report: 'earnings',
    metric: 'rpm',
    period: '7daysAgo',
    condition: 'changeBelow',
    threshold: -0.1,
  });
  w.emu.clock.advance(3 * 60_000);
  w.callAs(OWNER, 'checkAlertsNow');

  const [report] = table(w, 'Name');
  const [alert] = table(w, 'Alert fired');
  // 10:00 and 10:03 in New York.
  expect([report['Last run'], report['Next run'], alert['Alert fired']]).toEqual([
    '2026-11-21 10:00',
    '2026-11-22 06:00',
    '2026-11-21 10:03',
  ]);
  for (const shown of [report['Last run'], report['Next run'], alert['Alert fired']]) expect(shown).toMatch(TIME);
  expect(alert).toMatchObject({ Metric: 'RPM', Value: '$9.60', 'Previous value': '$12.00', Change: '-20.0%' });
});
