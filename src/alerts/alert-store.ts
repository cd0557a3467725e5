import type { Execution } from '../platform/execution';
import { newTimeId } from '../reports/report-store';
import type { PropertyStore } from '../platform/types';
import type { AlertDefinition, AlertOutcome } from '../shared/types';

/**
 * Alerts in document properties, one value per alert and one per state (as saved reports do), so
 * a check recording its state never rewrites a definition someone is editing. The creator is
 * kept as a user key (see settings/user-key), which only that user can produce again.
 */
const ALERT_PREFIX = 'cr.alert.';
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
  lastFiredAt: number | null;
  /** The local day (YYYY-MM-DD) it last fired: at most one e-mail a day. */
  lastFiredDay: string | null;
  /** The last data day of the reading it last fired on: the same numbers are never mailed twice. */
  lastFiredThrough?: string | null;
}

export const EMPTY_ALERT_STATE: AlertState = { outcome: 'never', message: '', lastCheckedAt: null, lastFiredAt: null, lastFiredDay: null };

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

/** Only while the alert still exists: a delete during a check stays deleted. */
export function putAlertState(store: PropertyStore, id: string, state: AlertState): void {
  if (store.getProperty(ALERT_PREFIX + id) === null) return;
  store.setProperty(STATE_PREFIX + id, JSON.stringify({ ...state, message: state.message.slice(0, 500) }));
}

export function newAlertId(ex: Execution, store: PropertyStore): string {
  return newTimeId(ex, 'a', (id) => store.getProperty(ALERT_PREFIX + id) !== null);
}
