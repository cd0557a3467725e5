/**
 * Granular consent: the journeys of a connected user, on dist/Code.js in the emulator, with one of
 * the add-on's scopes not granted. The emulator throws Google's permission error for a service
 * called without its scope (emulator/scopes.ts); the add-on must say what is not allowed and how to
 * allow it, never a generic error, and keep everything else working.
 */
import * as path from 'node:path';
import { requestedScopes, SCOPE_PREFIX, SCOPES } from '../../src/platform/scopes';
import { DIST, ensureDist } from '../build/fixture';
import { expectClearMessage } from '../hardening/world';
import { ANY_EARNINGS_ALERT, createWorld, OWNER, type World } from '../reports/emulated-world';

const KEYS = requestedScopes().map((s) => s.slice(SCOPE_PREFIX.length));
const START = '2026-11-21T15:00:00Z';
const FETCH_REFUSED =
  /^Fetching data from the Creator Reporting API is not allowed for this add-on in your account\. To allow it, use the Allow link in the notice at the top of the add-on\u2019s sidebar/;

beforeAll(ensureDist);

/** A connected owner who allowed formulas (with every scope), then `key` withdrawn. */
function without(key: string): World {
  const w = createWorld(path.join(DIST, 'Code.js'), { now: START });
  w.call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret', allowFormulas: true });
  w.emu.grantScopes(
    OWNER,
    KEYS.filter((k) => k !== key),
  );
  return w;
}

const REPORT = { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Earnings' };
const ALERT = ANY_EARNINGS_ALERT;

/** Every step a user takes; each returns or throws a message that names the problem. */
function walk(w: World): Record<string, string> {
  const steps: Record<string, () => unknown> = {
    getSettings: () => w.call('getSettings'),
    showSidebar: () => w.call('showSidebar'),
    runReport: () => w.call('runReport', REPORT),
    saveReport: () => w.call('saveReport', { ...REPORT, sheetName: 'Saved', schedule: { every: 'hour' } }),
    listReports: () => w.call('listReports'),
    refreshReports: () => w.call('refreshReports'),
    saveAlert: () => w.call('saveAlert', ALERT),
    checkAlertsNow: () => w.call('checkAlertsNow'),
    menuRefreshAllReports: () => w.call('menuRefreshAllReports'),
    menuShowStatus: () => w.call('menuShowStatus'),
  };
  const out: Record<string, string> = {};
  for (const [name, step] of Object.entries(steps)) {
    try {
      out[name] = JSON.stringify(step() ?? null);
    } catch (err) {
      const message = String((err as Error).message);
      expectClearMessage(message);
      out[name] = `threw: ${message}`;
    }
  }
  expect(w.emu.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
  return out;
}

describe('each missing scope, walked', () => {
  test('the sidebar lists exactly the permission not granted, with Google\u2019s link that asks again', () => {
    for (const key of KEYS) {
      const w = without(key);
      const view = w.call<{ permissions: { missing: Array<{ scope: string; permission: string }>; authorizationUrl: string | null } }>(
        'getSettings',
      );
      const row = SCOPES.find((r) => r.key === key)!;
      expect(view.permissions.missing).toEqual([{ scope: `${SCOPE_PREFIX}${key}`, permission: row.permission, withoutIt: row.withoutIt }]);
      expect(view.permissions.authorizationUrl).toMatch(/^https:\/\/script\.google\.com\/.*authorize/);
    }
    const all = without('none');
    expect(all.call('getSettings')).toMatchObject({ permissions: { missing: [], authorizationUrl: null } });
  });

  test('no script.external_request: every pull, refresh, alert and formula says fetching is not allowed; no request is tried', () => {
    const w = without('script.external_request');
    w.emu.resetCounters();
    const out = walk(w);
    expect(out.runReport).toMatch(new RegExp(`^threw: ${FETCH_REFUSED.source.slice(1)}`));
    // The alert saves (nothing to fetch yet); checking it says fetching is not allowed.
    expect(JSON.parse(out.checkAlertsNow).results).toEqual([
      expect.objectContaining({ outcome: 'error', message: expect.stringMatching(FETCH_REFUSED) }),
    ]);
    expect(JSON.parse(out.refreshReports)).toEqual([
      expect.objectContaining({ outcome: 'error', message: expect.stringMatching(FETCH_REFUSED) }),
    ]);
    w.emu.runAs({}, () => w.emu.spreadsheet.getSheets()[0].getRange('A1').setValue('=CREATOR_SITES()'));
    w.emu.recalculate();
    const first = w.emu.spreadsheet.getSheets()[0];
    expect(first.getRange('A1').getDisplayValue()).toBe('#ERROR!');
    expect(w.emu.spreadsheet.sheetByName(first.getName())?.cell(1, 1)?.error).toMatch(FETCH_REFUSED);
    expect(w.emu.counters.requests).toBe(0);
  });

  test('no script.send_mail: alerts and failure e-mails say e-mail is not allowed, on the card and on the status sheet', () => {
    const w = without('script.send_mail');
    const out = walk(w);
    expect(JSON.parse(out.checkAlertsNow).results).toEqual([
      expect.objectContaining({
        outcome: 'fired',
        message: expect.stringContaining('Not sent: E-mail is not allowed for this add-on in your account.'),
      }),
    ]);
    const card = w.call<{ alerts: Array<{ status: { message: string } }> }>('listAlerts').alerts[0];
    expect(card.status.message).toContain('E-mail is not allowed for this add-on in your account');
    // A scheduled refresh that fails, with a failure e-mail asked for.
    w.call('saveReport', { ...REPORT, sheetName: 'Failing', schedule: { every: 'hour' }, notifyOnFailure: true });
    w.api.revoke('demo-client');
    w.emu.clock.advance(3600_000);
    w.fire();
    const sheet = w.values('Creator Reporting status').flat().map(String);
    expect(sheet.filter((v) => v === 'Not sent: E-mail is not allowed for this add-on in your account.').length).toBeGreaterThanOrEqual(2);
    expect(w.emu.mail.sent).toEqual([]);
  });

  test('no script.scriptapp: reports save and refresh by hand; the schedule says it cannot run and why', () => {
    const w = without('script.scriptapp');
    const out = walk(w);
    expect(JSON.parse(out.saveReport)).toMatchObject({ schedule: { every: 'hour' } });
    const list = JSON.parse(out.listReports);
    expect(list.scheduleOwner.problem).toMatch(/^Schedules cannot run: scheduled runs are not allowed for this add-on in your account\./);
    // The sidebar then offers no Take over: it would be refused for the same reason.
    expect(list.scheduleOwner.permissionMissing).toBe(true);
    expect(JSON.parse(out.refreshReports).every((o: { outcome: string }) => o.outcome === 'ok')).toBe(true);
    expect(w.triggers()).toEqual([]);
  });

  test('no userinfo.email: as when Google hides the address; everything else works', () => {
    const w = without('userinfo.email');
    const out = walk(w);
    expect(JSON.parse(out.getSettings).userEmail).toBe('');
    expect(JSON.parse(out.checkAlertsNow).results[0].message).toContain('Not sent: Google did not give the add-on your e-mail address.');
    expect(JSON.parse(out.runReport)).toMatchObject({ rows: 30 });
    expect(w.triggers()).toHaveLength(1);
  });

  for (const key of ['spreadsheets.currentonly', 'script.container.ui']) {
    test(`no ${key}: one message with the link that asks for it`, () => {
      const w = without(key);
      const row = SCOPES.find((r) => r.key === key)!;
      const out = walk(w);
      const refusal = new RegExp(
        `^threw: ${row.refusal}, so nothing can run\\. Allow it here, then try again: https://script\\.google\\.com/\\S+authorize`,
      );
      // The steps that need the refused service all say the same, with the link; none says anything else.
      const refused = Object.entries(out).filter(([, v]) => v.startsWith('threw:'));
      expect(refused.length).toBeGreaterThan(0);
      for (const [name, v] of refused) expect([name, v]).toEqual([name, expect.stringMatching(refusal)]);
      if (key === 'script.container.ui') expect(out.showSidebar).toMatch(refusal);
      else expect(out.runReport).toMatch(refusal);
    });
  }
});
