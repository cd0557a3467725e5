import type { Execution } from '../platform/execution';
import { newTimeId } from '../reports/report-store';
import type { PropertyStore } from '../platform/types';
import type { AlertDefinition, AlertOutcome } from '../shared/types';

/**
 * Alerts in document properties, one value per alert and one per state (as saved reports do), so
 * a check recording its state never rewrites a definition someone is editing. The creator is
 * kept as a user key (see settings/user-key), which only that user can produce again.
 */
export const ALERT_PREFIX = 'cr.alert.';
const STATE_PREFIX = 'cr.alertstate.';
/** Definitions are small; a few hundred fit the store beside the saved reports. */
export const MAX_ALERTS = 100;

export interface StoredAlert extends AlertDefinition {
  id: string;
  createdBy: string;
  createdByEmail: string;
}

export interface AlertState {
  outcome: AlertOutcome;
  message: string;
  lastCheckedAt: number | null;
  /** When its e-mail last went out. */
  lastFiredAt: number | null;
  /**
   * The local day it last fired. Written by older versions, which compared it with today: a time
   * zone change made that a different string within the hour. Read by nothing now (see mail-guard).
   */
  lastFiredDay?: string | null;
  /** The data day of the reading it last e-mailed: the same data day is never mailed twice. */
  lastFiredThrough?: string | null;
  /**
   * Written before an e-mail goes out and cleared once it is recorded: left behind (the store
   * refused the record after MailApp sent), it counts as sent for that data day and instant.
   */
  sendingAt?: number | null;
  sendingThrough?: string | null;
  /** The data day whose e-mail MailApp last refused: its status line is written once, the e-mail retried. */
  refusedThrough?: string | null;
}

export const EMPTY_ALERT_STATE: AlertState = { outcome: 'never', message: '', lastCheckedAt: null, lastFiredAt: null };

function parse<T>(json: string | null | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch (_) {
    return null;
  }
}

export function listAlertsIn(store: PropertyStore): { alerts: StoredAlert[]; stateOf(id: string): AlertState } {
  const all = store.getProperties();
  const alerts: StoredAlert[] = [];
  for (const key of Object.keys(all)) {
    if (!key.startsWith(ALERT_PREFIX)) continue;
    const alert = parse<StoredAlert>(all[key]);
    if (alert && typeof alert.condition === 'string') alerts.push({ ...alert, id: key.slice(ALERT_PREFIX.length) });
  }
  alerts.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { alerts, stateOf: (id) => ({ ...EMPTY_ALERT_STATE, ...(parse<Partial<AlertState>>(all[STATE_PREFIX + id]) ?? {}) }) };
}

export function getAlert(store: PropertyStore, id: string): StoredAlert | null {
  const alert = parse<StoredAlert>(store.getProperty(ALERT_PREFIX + id));
  return alert ? { ...alert, id } : null;
}

export function putAlert(store: PropertyStore, alert: StoredAlert): void {
  store.setProperty(ALERT_PREFIX + alert.id, JSON.stringify(alert));
}

export function deleteAlertIn(store: PropertyStore, id: string): boolean {
  const existed = store.getProperty(ALERT_PREFIX + id) !== null;
  store.deleteProperty(ALERT_PREFIX + id);
  store.deleteProperty(STATE_PREFIX + id);
  return existed;
}

export function getAlertState(store: PropertyStore, id: string): AlertState {
  return { ...EMPTY_ALERT_STATE, ...(parse<Partial<AlertState>>(store.getProperty(STATE_PREFIX + id)) ?? {}) };
}

/**
 * Only while the alert still exists: a delete during a check stays deleted (false). Throws what
 * the store throws (a full store). The old local-day field is dropped on the way: nothing reads it.
 */
export function putAlertState(store: PropertyStore, id: string, state: AlertState): boolean {
  if (store.getProperty(ALERT_PREFIX + id) === null) return false;
  const { lastFiredDay: _old, ...kept } = state;
  store.setProperty(STATE_PREFIX + id, JSON.stringify({ ...kept, message: state.message.slice(0, 500) }));
  return true;
}

export function newAlertId(ex: Execution, store: PropertyStore): string {
  return newTimeId(ex, 'a', (id) => store.getProperty(ALERT_PREFIX + id) !== null);
}
