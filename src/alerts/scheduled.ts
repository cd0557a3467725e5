import type { Execution } from '../platform/execution';
import { tryWithDocumentLock } from '../run/document-lock';
import { documentStore } from '../reports/report-store';
import { runScheduled, type ScheduledRun } from '../reports/saved-reports-service';
import { today } from '../dates/zone';
import { checkAfterSchedule } from './alerts-service';
import { appendAlertLines } from './alerts-table';
import { mailToMe } from './mail';

/**
 * The hourly trigger: the saved reports' scheduled refresh, then what watches it: an e-mail for
 * each failed report that asked for one (once a day per report), and the alerts of the trigger's
 * owner (alerts run only with their creator's credential).
 */
const FAILURE_MAIL_KEY_PREFIX = 'cr.failmail.';

export function runScheduledAndWatch(ex: Execution, event?: unknown): void {
  const run = runScheduled(ex, event);
  if (!run) return;
  mailFailures(ex, run);
  checkAfterSchedule(
    ex,
    run.outcomes.some((o) => o.outcome === 'ok'),
  );
}

function mailFailures(ex: Execution, run: ScheduledRun): void {
  const failed = run.outcomes.filter((o) => o.outcome === 'error' && run.definitions.some((d) => d.id === o.id && d.notifyOnFailure));
  if (failed.length === 0) return;
  const store = documentStore(ex);
  const day = today(ex.platform, ex.platform.timeZone());
  tryWithDocumentLock(ex, () => {
    const lines = [];
    for (const outcome of failed) {
      const key = FAILURE_MAIL_KEY_PREFIX + outcome.id;
      if (store.getProperty(key) === day) continue;
      const message = outcome.message ?? 'The refresh failed.';
      // Recorded before sending: a full store (500 KB) that refused the record after the e-mail
      // would mean one e-mail every hour. Unrecorded, none goes; the status sheet says the store is full.
      try {
        store.setProperty(key, day);
      } catch (_) {
        continue;
      }
      const { words: mailed } = mailToMe(ex, {
        subject: `Creator Reporting: scheduled refresh of "${outcome.name}" failed`,
        lines: [
          `The scheduled refresh of your saved report "${outcome.name}" failed; its previous data is still in the sheet.`,
          '',
          message,
        ],
      });
      lines.push({ alert: { name: `Refresh failed: ${outcome.name}`, siteId: '' }, reading: { metricLabel: '', message }, mailed });
    }
    appendAlertLines(ex, lines);
  });
}
