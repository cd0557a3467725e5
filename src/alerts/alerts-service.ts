import { CreatorError } from '../shared/errors';
import { timeLeft, type Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import { tryWithDocumentLock } from '../run/document-lock';
import { documentStore, readSaved } from '../reports/report-store';
import { isScheduled } from '../reports/schedule';
import { ownerView, readOwner } from '../reports/schedule-owner';
import { dayOf, today } from '../dates/zone';
import { myUserKey } from '../settings/user-key';
import { listSiteViews } from '../settings/sites-view';
import { hasCredential } from '../settings/credential';
import { checkActiveSite } from '../pull/site-hints';
import type { AlertCheckResult, AlertListView, AlertOutcome, AlertView } from '../shared/types';
import { describeInput } from '../shared/user-input';
import {
  deleteAlertIn,
  getAlert,
  getAlertState,
  listAlertsIn,
  MAX_ALERTS,
  newAlertId,
  putAlert,
  putAlertState,
  type AlertState,
  type StoredAlert,
} from './alert-store';
import { appendAlertLines, type AlertLine } from './alerts-table';
import { evaluateAlert, localHour, type AlertReading } from './evaluate';
import { alertMail } from './alert-mail';
import { mailToMe } from './mail';
import { cleanAlert, DEFAULT_BY_HOUR } from './validate-alert';

/**
 * Alerts: saved per document, each checked only with its creator's credential (the consent rule
 * of saved reports: nobody's data is pulled by someone else's definition), after each scheduled
 * refresh and on "Check now". A firing alert sends one e-mail a day to its creator and adds a line
 * to the status sheet's alerts table.
 */

/** Never start a check with less than this left: it pulls, then records and mails. */
const CHECK_MARGIN_MS = 45_000;

const dayOfInstant = (ex: Execution, ms: number) => dayOf(ex.platform, ex.platform.timeZone(), new Date(ms));

function view(alert: StoredAlert, state: AlertState, me: string): AlertView {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const { createdBy: _key, ...definition } = alert;
  return {
    ...definition,
    isMine: alert.createdBy === me,
    status: {
      outcome: state.outcome,
      message: state.message,
      lastCheckedAt: iso(state.lastCheckedAt),
      lastFiredAt: iso(state.lastFiredAt),
    },
  };
}

function checkedOnSchedule(ex: Execution, store: PropertyStore): boolean {
  const scheduled = readSaved(store).defs.some((d) => isScheduled(d.schedule));
  return ownerView(ex, readOwner(store), scheduled).isMine;
}

export function listAlerts(ex: Execution): AlertListView {
  const store = documentStore(ex);
  const me = myUserKey(ex);
  const { alerts, stateOf } = listAlertsIn(store);
  return { alerts: alerts.map((a) => view(a, stateOf(a.id), me)), checkedOnSchedule: checkedOnSchedule(ex, store) };
}

export function saveAlert(ex: Execution, input: unknown): AlertView {
  const store = documentStore(ex);
  const clean = cleanAlert(input, { platform: ex.platform, timeZone: ex.platform.timeZone() });
  // An alert runs unattended: a site it cannot check is refused now, not at every check. (Without a
  // credential of one's own there is no site list; the alert's checks then say what is missing.)
  if (clean.siteId !== 'all' && hasCredential(ex)) checkActiveSite(clean.siteId, listSiteViews(ex));
  const me = myUserKey(ex);
  let id = clean.id;
  if (id) {
    const existing = getAlert(store, id);
    if (!existing)
      throw new CreatorError('NOT_FOUND', 'This alert no longer exists (someone may have deleted it). Save it as a new alert.');
    if (existing.createdBy !== me) {
      throw new CreatorError(
        'BAD_INPUT',
        `This alert is ${existing.createdByEmail || 'another user'}'s: it checks their data and e-mails them. Make your own alert instead.`,
      );
    }
  } else {
    if (listAlertsIn(store).alerts.length >= MAX_ALERTS)
      throw new CreatorError('BAD_INPUT', `A spreadsheet holds at most ${MAX_ALERTS} alerts. Delete some first.`);
    id = newAlertId(ex, store);
  }
  const stored: StoredAlert = { ...clean, id, createdBy: me, createdByEmail: ex.platform.userEmail() };
  putAlert(store, stored);
  // A changed alert shows no stale finding; the day it last fired stays, so an edit never sends a second e-mail that day.
  putAlertState(store, id, { ...getAlertState(store, id), outcome: 'never', message: '' });
  return view(stored, getAlertState(store, id), me);
}

export function deleteAlert(ex: Execution, id: unknown): { deleted: boolean } {
  if (typeof id !== 'string' || !id.trim()) throw new CreatorError('BAD_INPUT', `Pick an alert to delete, not ${describeInput(id)}.`);
  return { deleted: deleteAlertIn(documentStore(ex), id.trim()) };
}

/** "Check now": every alert of the caller's, with their credential. */
export function checkAlertsNow(ex: Execution): AlertCheckResult[] {
  return checkMine(ex, () => true);
}

/**
 * After a scheduled run: value and change alerts when reports were refreshed; noData alerts once
 * their hour has come, every run until the day's data is in (then not again that day) or they fire.
 */
export function checkAfterSchedule(ex: Execution, refreshedAny: boolean): AlertCheckResult[] {
  const hour = localHour(ex);
  const day = today(ex.platform, ex.platform.timeZone());
  const checkedToday = (state: AlertState) => state.lastCheckedAt !== null && dayOfInstant(ex, state.lastCheckedAt) === day;
  return checkMine(ex, (alert, state) => {
    if (alert.condition !== 'noData') return refreshedAny;
    const byHour = alert.byHour ?? DEFAULT_BY_HOUR;
    const settled = checkedToday(state) && state.outcome === 'quiet' && localHour(ex, state.lastCheckedAt!) >= byHour;
    return hour >= byHour && !settled;
  });
}

interface Checked {
  alert: StoredAlert;
  reading: AlertReading;
}

function checkMine(ex: Execution, wanted: (alert: StoredAlert, state: AlertState) => boolean): AlertCheckResult[] {
  const store = documentStore(ex);
  const me = myUserKey(ex);
  const day = today(ex.platform, ex.platform.timeZone());
  const { alerts, stateOf } = listAlertsIn(store);
  const results: AlertCheckResult[] = [];
  const checked: Checked[] = [];
  for (const alert of alerts) {
    if (alert.createdBy !== me || !wanted(alert, stateOf(alert.id))) continue;
    const name = alert.name ?? alert.id;
    if (stateOf(alert.id).lastFiredDay === day) {
      results.push({ id: alert.id, name, outcome: 'sentToday', message: 'Already fired today; it is checked again tomorrow.' });
      continue;
    }
    if (checked.length > 0 && timeLeft(ex) < CHECK_MARGIN_MS) {
      results.push({ id: alert.id, name, outcome: 'error', message: 'Not reached in this run; it is checked next time.' });
      continue;
    }
    checked.push({ alert, reading: evaluateAlert(ex, alert) });
  }
  const recorded = tryWithDocumentLock(ex, () => record(ex, store, checked, day));
  for (const { alert } of checked) {
    const got = recorded.ran ? recorded.value.get(alert.id) : undefined;
    const outcome = got?.outcome ?? 'error';
    const message = got?.message ?? 'Another refresh held the spreadsheet; the alert is checked again next time.';
    results.push({ id: alert.id, name: alert.name ?? alert.id, outcome, message });
  }
  return results;
}

/**
 * Under the document lock, so two checks at once (the trigger and a click) cannot both send:
 * the day an alert last fired is read again here, right before its e-mail goes out.
 */
function record(
  ex: Execution,
  store: PropertyStore,
  checked: Checked[],
  day: string,
): Map<string, { outcome: AlertOutcome; message: string }> {
  const outcomes = new Map<string, { outcome: AlertOutcome; message: string }>();
  const lines: AlertLine[] = [];
  const now = ex.platform.now();
  for (const { alert, reading } of checked) {
    const state = getAlertState(store, alert.id);
    let outcome: AlertOutcome = reading.failed ? 'error' : reading.fired ? 'fired' : 'quiet';
    let next: AlertState = { ...state, outcome, message: reading.message, lastCheckedAt: now };
    const through = reading.current?.endDate ?? null;
    if (reading.fired && state.lastFiredDay === day) {
      outcome = 'sentToday';
      next = { ...state, lastCheckedAt: now };
    } else if (reading.fired && through !== null && state.lastFiredThrough === through) {
      // The network had no new day since the last e-mail: the same numbers would be sent again.
      outcome = 'sentToday';
      next = {
        ...next,
        outcome,
        message: `${reading.message} (Already e-mailed for data through ${through}; a new day of data is checked again.)`,
      };
    } else if (reading.fired) {
      const mailed = mailToMe(ex, alertMail(alert, reading));
      lines.push({ alert, reading, mailed });
      // The card says so when no e-mail went out (no permission, no address, no quota).
      const message = mailed.startsWith('Not sent') ? `${reading.message} (${mailed})` : reading.message;
      next = { ...next, message, lastFiredAt: now, lastFiredDay: day, lastFiredThrough: through };
    }
    putAlertState(store, alert.id, next);
    outcomes.set(alert.id, { outcome, message: next.message });
  }
  appendAlertLines(ex, lines);
  return outcomes;
}
