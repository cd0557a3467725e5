import type { Execution } from '../platform/execution';
import { ownerView, readOwner, reconcileTrigger } from '../reports/schedule-owner';
import { deleteAlert } from '../alerts/alerts-service';
import { ALERT_PREFIX } from '../alerts/alert-store';
import { listDefinitions } from '../reports/report-store';
import { deleteReport } from '../reports/saved-reports-service';
import { activeSpreadsheetId, forgetLoadedCredential } from '../settings/credential';
import { clearDemoStore, demoStore, isDemo, setDemo } from '../settings/demo-flag';
import { getSettings } from '../settings/settings-service';
import { CreatorError } from '../shared/errors';
import type { SettingsView } from '../shared/types';

/**
 * "Try it with demo data": this user, in this spreadsheet, works against the bundled sample API
 * (src/api/demo.ts) with no credential and no network, and keeps the demo's saved reports, alerts
 * and schedule in their own properties (src/settings/demo-flag.ts), out of everyone else's sight.
 */
export function startDemo(ex: Execution): SettingsView {
  // Asked directly: without the spreadsheet permission this says so (not "open a spreadsheet").
  if (!ex.platform.spreadsheet() || !activeSpreadsheetId(ex)) {
    throw new CreatorError('NO_SPREADSHEET', 'Demo mode needs the spreadsheet open with the add-on enabled. Reload it and try again.');
  }
  if (!isDemo(ex)) {
    // The schedule trigger is one per user per document: a demo would take it from real schedules.
    const real = ex.platform.documentProperties;
    const owner = real ? readOwner(real) : null;
    if (owner && ownerView(ex, owner, true).isMine) {
      throw new CreatorError(
        'BAD_INPUT',
        "Your trigger runs this spreadsheet's saved-report schedules, and demo mode would pause them. Try the demo in a new spreadsheet instead.",
      );
    }
    setDemo(ex, true);
    forgetLoadedCredential(ex);
  }
  return getSettings(ex);
}

/**
 * Ends demo mode: the demo's saved reports, alerts and schedule (its trigger too) are deleted; the
 * sheets it wrote stay, labelled "Demo data", for the user to delete.
 */
export function endDemo(ex: Execution): SettingsView {
  if (!isDemo(ex)) return getSettings(ex);
  const store = demoStore(ex);
  const reports = listDefinitions(store);
  const alertIds = store.getKeys().flatMap((k) => (k.startsWith(ALERT_PREFIX) ? [k.slice(ALERT_PREFIX.length)] : []));
  // As the sidebar's Delete does: each block is released to the builder and stays in its sheet.
  for (const def of reports) deleteReport(ex, def.id);
  for (const id of alertIds) deleteAlert(ex, id);
  // No demo schedule is left: the demo's trigger goes; then whatever else the demo kept.
  reconcileTrigger(ex, store, false);
  clearDemoStore(ex);
  const removed = { reports: reports.length, alerts: alertIds.length };
  setDemo(ex, false);
  forgetLoadedCredential(ex);
  return { ...getSettings(ex), demoEnded: removed };
}
