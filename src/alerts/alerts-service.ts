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
import type { AlertCheckResult, AlertCheckSummary, AlertListView, AlertOutcome, AlertView, DeleteAlertOptions } from '../shared/types';
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
import { evaluateAlert, localHour, noDataExpectation, type AlertReading } from './evaluate';
import { summarizeChecks } from './check-summary';
import { mailAgainFrom, mailedFor } from './mail-guard';
import { makerIsGone, readAccess, type Access } from './maker-access';
import { storeFullMessage, storing } from '../reports/store-full';
import { alertMail } from './alert-mail';
import { mailToMe } from './mail';
import { cleanAlert, DEFAULT_BY_HOUR } from './validate-alert';

/**
 * Alerts: saved per document, each checked only with its creator's credential (the consent rule
 * of saved reports: nobody's data is pulled by someone else's definition), after each scheduled
 * refresh and on "Check now". A firing alert e-mails its creator (at most once per data day, and
 * not within 20 hours of the last: mail-guard.ts) and adds a line to the status sheet's alerts table.
 * Only the creator changes an alert; see deleteAlert for one whose creator has left.
 */

/** Never start a check with less than this left: it pulls, then records and mails. */
const CHECK_MARGIN_MS = 45_000;

const dayOfInstant = (ex: Execution, ms: number) => dayOf(ex.platform, ex.platform.timeZone(), new Date(ms));
const localTime = (ex: Execution, ms: number) => ex.platform.formatDate(new Date(ms), ex.platform.timeZone(), 'yyyy-MM-dd HH:mm');

/** Alerts share the 500 KB store with saved reports: a full one says so, and what to delete. */
const DELETE_TO_MAKE_ROOM = 'Delete alerts or saved reports you no longer need, then try again.';

function view(ex: Execution, alert: StoredAlert, state: AlertState, me: string, access: Access): AlertView {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const { createdBy: _key, ...definition } = alert;
  const mine = alert.createdBy === me;
  return {
    ...definition,
    isMine: mine,
    mayEdit: mine,
    mayRemove: !mine && makerIsGone(alert, access, state, ex.platform.now()),
    ...(alert.condition === 'noData' ? { expects: noDataExpectation(ex, alert) } : {}),
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
  // The editors are read only when someone else's alert is listed: only then can its maker be gone.
  const access = alerts.some((a) => a.createdBy !== me) ? readAccess(ex) : { known: false, emails: new Set<string>() };
  return {
    alerts: alerts.map((a) => view(ex, a, stateOf(a.id), me, access)),
    checkedOnSchedule: checkedOnSchedule(ex, store),
    clock: { today: today(ex.platform, ex.platform.timeZone()), hour: localHour(ex) },
  };
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
  const alertId = id;
  storing(
    () => {
      putAlert(store, stored);
      // A changed alert shows no stale finding; when it last e-mailed stays, so an edit never buys a second e-mail.
      putAlertState(store, alertId, { ...getAlertState(store, alertId), outcome: 'never', message: '' });
    },
    'the alert was not saved',
    DELETE_TO_MAKE_ROOM,
  );
  return view(ex, stored, getAlertState(store, id), me, { known: false, emails: new Set() });
}

/**
 * Only the maker deletes an alert: it checks their data and mails them, and nobody else can tell
 * whether they still rely on it. Once the maker has lost access to the spreadsheet it is checked by
 * nobody, so any editor may remove it, after confirming; the status sheet records who did.
 */
export function deleteAlert(ex: Execution, id: unknown, options?: DeleteAlertOptions): { deleted: boolean } {
  if (typeof id !== 'string' || !id.trim()) throw new CreatorError('BAD_INPUT', `Pick an alert to delete, not ${describeInput(id)}.`);
  const store = documentStore(ex);
  const alert = getAlert(store, id.trim());
  if (!alert) return { deleted: false };
  if (alert.createdBy === myUserKey(ex)) return { deleted: deleteAlertIn(store, alert.id) };
  const maker = alert.createdByEmail || 'another user';
  if (!makerIsGone(alert, readAccess(ex), getAlertState(store, alert.id), ex.platform.now()))
    throw new CreatorError(
      'BAD_INPUT',
      `This alert is ${maker}'s: only they can change or delete it (it checks their data and e-mails them). Ask them, or make your own alert.`,
    );
  const confirmed = typeof options === 'object' && options !== null && options.confirm === true;
  if (!confirmed)
    throw new CreatorError(
      'BAD_INPUT',
      `${maker} no longer has access to this spreadsheet, so this alert is checked by nobody. Confirm to remove it; the status sheet records who removed it.`,
    );
  const deleted = deleteAlertIn(store, alert.id);
  if (deleted) {
    const by = ex.platform.userEmail() || 'an editor whose address Google did not give';
    const message = `Removed by ${by}: its maker, ${maker}, no longer has access to this spreadsheet.`;
    appendAlertLines(ex, [{ alert, reading: { metricLabel: '', message }, mailed: 'No e-mail' }]);
  }
  return { deleted };
}

/** "Check now": every alert of the caller's, with their credential, and a summary that hides nothing. */
export function checkAlertsNow(ex: Execution): AlertCheckSummary {
  const results = checkMine(ex, () => true);
  const me = myUserKey(ex);
  const others = listAlertsIn(documentStore(ex)).alerts.filter((a) => a.createdBy !== me).length;
  return summarizeChecks(results, others);
}

/**
 * After a scheduled run: value and change alerts when reports were refreshed; noData alerts once
 * their hour has come, every run until the day's data is in (then not again that day) or they fire.
 * None with less than CHECK_MARGIN_MS left (as for an alert not reached within it, below).
 */
export function checkAfterSchedule(ex: Execution, refreshedAny: boolean): AlertCheckResult[] {
  // A refresh that stopped at its checkpoint leaves only the reserve, for recording where it
  // stands: reading the alerts then could pass Google's limit and end the run with its error.
  if (timeLeft(ex) < CHECK_MARGIN_MS) return [];
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
  const now = ex.platform.now();
  const { alerts, stateOf } = listAlertsIn(store);
  const results: AlertCheckResult[] = [];
  const checked: Checked[] = [];
  for (const alert of alerts) {
    if (alert.createdBy !== me || !wanted(alert, stateOf(alert.id))) continue;
    const name = alert.name ?? alert.id;
    const from = mailAgainFrom(stateOf(alert.id), now);
    if (from !== null) {
      const message = `Already e-mailed in the last 20 hours; it is checked again from ${localTime(ex, from)}.`;
      results.push({ id: alert.id, name, outcome: 'sentToday', message, checked: false });
      continue;
    }
    if (checked.length > 0 && timeLeft(ex) < CHECK_MARGIN_MS) {
      results.push({ id: alert.id, name, outcome: 'error', message: 'Not reached in this run; it is checked next time.', checked: false });
      continue;
    }
    checked.push({ alert, reading: evaluateAlert(ex, alert) });
  }
  const recorded = tryWithDocumentLock(ex, () => record(ex, store, checked));
  for (const { alert } of checked) {
    const got = recorded.ran ? recorded.value.get(alert.id) : undefined;
    const name = alert.name ?? alert.id;
    if (got) results.push({ id: alert.id, name, outcome: got.outcome, message: got.message, checked: true });
    else
      results.push({
        id: alert.id,
        name,
        outcome: 'error',
        message: 'Another refresh held the spreadsheet; the alert is checked again next time.',
        checked: false,
      });
  }
  return results;
}

interface Recorded {
  outcome: AlertOutcome;
  message: string;
  line?: AlertLine;
}

/**
 * Under the document lock, so two checks at once (the trigger and a click) cannot both send:
 * when an alert last e-mailed is read again here, right before its e-mail goes out.
 */
function record(ex: Execution, store: PropertyStore, checked: Checked[]): Map<string, Recorded> {
  const outcomes = new Map<string, Recorded>();
  const now = ex.platform.now();
  for (const { alert, reading } of checked) {
    const state = getAlertState(store, alert.id);
    outcomes.set(
      alert.id,
      reading.fired ? recordFiring(ex, store, alert, reading, state, now) : recordCheck(store, alert, reading, state, now),
    );
  }
  appendAlertLines(
    ex,
    [...outcomes.values()].flatMap((r) => (r.line ? [r.line] : [])),
  );
  return outcomes;
}

/** A state the store refused (full) is lost, not an error: the check itself happened. */
function keep(store: PropertyStore, id: string, state: AlertState, said: string): string {
  try {
    putAlertState(store, id, state);
    return said;
  } catch (_) {
    return `${said} (${storeFullMessage('this finding was not kept', DELETE_TO_MAKE_ROOM)})`;
  }
}

function recordCheck(store: PropertyStore, alert: StoredAlert, reading: AlertReading, state: AlertState, now: number): Recorded {
  const outcome: AlertOutcome = reading.failed ? 'error' : 'quiet';
  return { outcome, message: keep(store, alert.id, { ...state, outcome, message: reading.message, lastCheckedAt: now }, reading.message) };
}

/**
 * A firing alert e-mails at most once per data day and never within 20 hours of its last e-mail
 * (mail-guard). The `sending` mark is stored before MailApp is called: if the store cannot take
 * it, nothing is sent; if the store fails after sending, the mark counts as sent.
 */
function recordFiring(
  ex: Execution,
  store: PropertyStore,
  alert: StoredAlert,
  reading: AlertReading,
  state: AlertState,
  now: number,
): Recorded {
  const dataDay = reading.current?.endDate ?? reading.dataDay ?? null;
  const held = (message: string): Recorded => ({
    outcome: 'sentToday',
    message: keep(store, alert.id, { ...state, outcome: 'sentToday', message, lastCheckedAt: now }, message),
  });
  const from = mailAgainFrom(state, now);
  if (from !== null) return held(`${reading.message} (Already e-mailed in the last 20 hours; no e-mail before ${localTime(ex, from)}.)`);
  // The network had no new day since the last e-mail: the same numbers would be sent again.
  if (mailedFor(state, dataDay))
    return held(`${reading.message} (Already e-mailed for data through ${dataDay}; a new day of data is checked again.)`);
  try {
    if (!putAlertState(store, alert.id, { ...state, sendingAt: now, sendingThrough: dataDay }))
      return { outcome: 'quiet', message: 'This alert was deleted during the check; nothing was sent.' };
  } catch (_) {
    return { outcome: 'error', message: storeFullMessage('no e-mail was sent for this alert', DELETE_TO_MAKE_ROOM) };
  }
  const mailed = mailToMe(ex, alertMail(alert, reading));
  const base: AlertState = {
    ...state,
    outcome: 'fired',
    message: reading.message,
    lastCheckedAt: now,
    sendingAt: null,
    sendingThrough: null,
  };
  // A refused e-mail (no address, quota, permission) is retried at the next check; its line is written once.
  const next: AlertState = mailed.sent
    ? { ...base, lastFiredAt: now, lastFiredThrough: dataDay, refusedThrough: null }
    : { ...base, message: `${reading.message} ${mailed.words}`, refusedThrough: dataDay };
  const line = mailed.sent || state.refusedThrough !== dataDay ? { alert, reading, mailed: mailed.words } : undefined;
  if (mailed.sent) return { outcome: 'fired', message: keep(store, alert.id, next, next.message), line };
  return { outcome: 'fired', message: keepRefused(store, alert.id, next, state), line };
}

/**
 * A refused e-mail's record is longer than the sending mark it replaces: when the store cannot take
 * it, the mark must still go (the state from before it fits, it was stored), or the mark would stand
 * for an e-mail never sent and the retry would say "Already e-mailed".
 */
function keepRefused(store: PropertyStore, id: string, next: AlertState, before: AlertState): string {
  try {
    putAlertState(store, id, next);
    return next.message;
  } catch (_) {
    const said = `${next.message} (${storeFullMessage('this finding was not kept', DELETE_TO_MAKE_ROOM)})`;
    try {
      putAlertState(store, id, { ...before, sendingAt: null, sendingThrough: null });
    } catch (_again) {
      // Not even the state it had fits: the mark holds the alert back for 20 hours, never sends twice.
    }
    return said;
  }
}
