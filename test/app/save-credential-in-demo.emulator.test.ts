/**
 * Saving a real credential ends demo mode, but only once the credential is saved: a typo in the
 * secret (or a missing permission) used to delete the demo's saved reports and alerts and turn the
 * demo off, leaving the user with neither the demo nor a credential.
 */
import * as path from 'node:path';
import { DIST, ensureDist } from '../build/fixture';
import { ANY_EARNINGS_ALERT, createWorld } from '../reports/emulated-world';

beforeAll(ensureDist);

const REPORT = { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Demo earnings' };
const ALERT = { ...ANY_EARNINGS_ALERT, name: 'Any' };

test('a rejected credential leaves the demo on with its saved reports and alerts; an accepted one ends it', () => {
  const w = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
  w.call('startDemo');
  w.call('saveReport', REPORT);
  w.call('saveAlert', ALERT);
  expect(w.failure('owner@example.com', 'saveSettings', { clientId: 'demo-client', clientSecret: 'typo' })).toMatch(/rejected/);
  expect(w.call<{ demo: boolean; configured: boolean }>('getSettings')).toMatchObject({ demo: true, configured: false });
  expect(w.call<{ reports: unknown[] }>('listReports').reports).toHaveLength(1);
  expect(w.call<{ alerts: unknown[] }>('listAlerts').alerts).toHaveLength(1);
  // The right secret: saved, and the demo ends as it says.
  const view = w.call<{ demo: boolean; configured: boolean; demoEnded?: unknown }>('saveSettings', {
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
  });
  expect(view).toMatchObject({ demo: false, configured: true, demoEnded: { reports: 1, alerts: 1 } });
  expect(w.call<{ reports: unknown[] }>('listReports').reports).toEqual([]);
});
