/**
 * Demo mode on the shipped bundle in the emulator: a user without a Raptive account tries every
 * part of the add-on on built-in sample data. Nothing reaches the (fake) network, everything
 * written says "Demo data", nothing is visible to other editors, and ending it deletes the demo's
 * definitions while its sheets stay.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTS } from '../../src/catalog/reports';
import { DIST, ensureDist } from '../build/fixture';
import { ANY_EARNINGS_ALERT, createWorld, EDITOR, OWNER, type World } from '../reports/emulated-world';

beforeAll(ensureDist);

const START = '2026-11-21T15:00:00Z';
const REPORT = { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Demo earnings' };
const ALERT = ANY_EARNINGS_ALERT;

interface View {
  demo?: boolean;
  configured: boolean;
  demoEnded?: { reports: number; alerts: number };
}

function demoWorld(): World {
  const w = createWorld(path.join(DIST, 'Code.js'), { now: START });
  expect(w.call<View>('startDemo')).toMatchObject({ demo: true, configured: false });
  return w;
}

const noteOf = (w: World, sheet: string) => w.emu.spreadsheet.getSheetByName(sheet)!.getRange('A1').getNote();

describe('demo mode', () => {
  test('every part works with no credential and no network, and says "Demo data"', () => {
    const w = demoWorld();
    const sites = w.call<Array<{ id: string }>>('listSites');
    expect(sites.map((s) => s.id)).toEqual(['site-1', 'site-2', 'site-3', 'site-old']);
    // Dates as the API has them: earnings two days behind.
    const run = w.call<{ rows: number; dataThrough: string }>('runReport', REPORT);
    expect(run).toMatchObject({ rows: 30, dataThrough: '2026-11-19' });
    expect(noteOf(w, 'Demo earnings')).toContain('Demo data: built-in sample data');
    // A formula, with no "allow formulas" step.
    w.emu.runAs({}, () => w.emu.spreadsheet.getSheets()[0].getRange('A1').setValue('=CREATOR_DEVICE_PERFORMANCE("site-2","lastMonth")'));
    w.emu.recalculate();
    expect(w.emu.spreadsheet.getSheets()[0].getRange('A1').getDisplayValue()).toBe('Demo data: Device');
    // A saved report with a schedule, run by the trigger.
    w.call('saveReport', { ...REPORT, sheetName: 'Scheduled', schedule: { every: 'hour' } });
    expect(w.triggers()).toHaveLength(1);
    w.emu.clock.advance(3600_000);
    w.fire();
    expect(w.values('Scheduled').length).toBeGreaterThan(20);
    expect(w.emu.spreadsheet.getSheetByName('Creator Reporting status (Demo data)')).not.toBeNull();
    expect(w.emu.spreadsheet.getSheetByName('Creator Reporting status')).toBeNull();
    // An alert, mailed as demo data.
    w.call('saveAlert', ALERT);
    expect(w.call<{ results: Array<{ outcome: string }> }>('checkAlertsNow').results[0].outcome).toBe('fired');
    expect(w.emu.mail.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^\[Demo data\] /)]);
    expect(w.emu.mail.sent[0].body).toMatch(/^Demo data: built-in sample data/);
    // A dashboard, titled as demo data.
    const made = w.call<{ sheetName: string }>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    expect(String(w.values(made.sheetName)[0][0])).toMatch(/^Demo data: /);
    // Nothing went to the API the world's transport answers.
    expect(w.api.stats.log).toEqual([]);
  });

  test('every report of the catalog pulls demo data into a block labelled Demo data', () => {
    const w = demoWorld();
    for (const spec of REPORTS) {
      const sheetName = `Demo ${spec.key}`.replace(/\//g, ' ');
      const run = w.call<{ rows: number; dataThrough: string | null }>('runReport', {
        report: spec.key,
        siteId: 'site-1',
        start: 'lastThirtyDays',
        sheetName,
      });
      expect([spec.key, run.rows > 0]).toEqual([spec.key, true]);
      expect(noteOf(w, sheetName)).toContain('Demo data');
    }
    expect(w.api.stats.log).toEqual([]);
  });

  test('the demo belongs to its user: other editors see none of its reports or alerts, and nothing is in the document', () => {
    const w = demoWorld();
    const saved = w.call<{ id: string }>('saveReport', { ...REPORT, schedule: { every: 'day', hour: 6 } });
    w.call('saveAlert', ALERT);
    expect(w.callAs<{ reports: unknown[] }>(EDITOR, 'listReports').reports).toEqual([]);
    expect(w.callAs<unknown[]>(EDITOR, 'refreshReports')).toEqual([]);
    expect(w.failure(EDITOR, 'approveReport', saved.id)).toMatch(/no longer exists/);
    expect(w.callAs<{ alerts: unknown[] }>(EDITOR, 'listAlerts').alerts).toEqual([]);
    expect(w.callAs<View>(EDITOR, 'getSettings').demo).toBe(false);
    expect(Object.keys(w.documentProperties()).filter((k) => k.startsWith('cr.'))).toEqual([]);
    // The owner still sees them.
    expect(w.call<{ reports: unknown[] }>('listReports').reports).toHaveLength(1);
  });

  test('ending it deletes the demo\u2019s saved reports, alerts and trigger; its sheets stay, labelled', () => {
    const w = demoWorld();
    w.call('saveReport', { ...REPORT, schedule: { every: 'hour' } });
    w.call('refreshReports');
    w.call('saveAlert', ALERT);
    expect(w.triggers()).toHaveLength(1);
    const ended = w.call<View>('endDemo');
    expect(ended).toMatchObject({ demo: false, demoEnded: { reports: 1, alerts: 1 } });
    expect(w.triggers()).toEqual([]);
    expect(w.call<{ reports: unknown[] }>('listReports').reports).toEqual([]);
    expect(w.call<{ alerts: unknown[] }>('listAlerts').alerts).toEqual([]);
    expect(noteOf(w, 'Demo earnings')).toContain('Demo data');
    // Without demo mode and without a credential, pulls ask for a credential again.
    expect(w.failure(OWNER, 'runReport', { ...REPORT, sheetName: 'Earnings' })).toMatch(/No Creator Reporting credential is saved/);
    // The demo's sheet is never refilled with real data by the builder: it says to delete it first.
    expect(w.failure(OWNER, 'runReport', REPORT)).toMatch(/^Sheet 'Demo earnings' already holds .* delete that sheet first/);
  });

  test('saving a real credential ends the demo', () => {
    const w = demoWorld();
    w.call('saveReport', REPORT);
    const view = w.call<View>('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret' });
    expect(view).toMatchObject({ demo: false, configured: true });
    expect(w.call<{ reports: unknown[] }>('listReports').reports).toEqual([]);
    // Real pulls now go to the (fake) network.
    w.call('runReport', { ...REPORT, sheetName: 'Real' });
    expect(w.api.stats.log.length).toBeGreaterThan(0);
  });

  test('refused for the user whose trigger runs the real schedules (the demo would take it); another editor may', () => {
    const w = createWorld(path.join(DIST, 'Code.js'), { now: START });
    w.connect();
    w.call('saveReport', { ...REPORT, schedule: { every: 'hour' } });
    expect(w.failure(OWNER, 'startDemo')).toMatch(/^Your trigger runs this spreadsheet's saved-report schedules/);
    expect(w.callAs<View>(EDITOR, 'startDemo').demo).toBe(true);
    expect(w.callAs<{ reports: unknown[] }>(EDITOR, 'listReports').reports).toEqual([]);
    expect(w.triggers().map((t) => t.owner)).toEqual([OWNER]);
    expect(w.call<{ reports: unknown[] }>('listReports').reports).toHaveLength(1);
  });

  test('the bundle with the demo API stays under 1 MB', () => {
    expect(fs.statSync(path.join(DIST, 'Code.js')).size).toBeLessThan(1024 * 1024);
  });
});
