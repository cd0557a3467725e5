import type { Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import { activeSpreadsheetId } from './credential';

/**
 * Demo mode belongs to one user in one spreadsheet: the spreadsheets where it is on are listed in
 * that user's own properties. While it is on, everything the add-on would keep in the document's
 * properties (saved reports, their statuses, alerts, the schedule record) is kept in the user's
 * own properties under a prefix for that spreadsheet instead (demoStore): other editors never see
 * it, it never mixes with the real definitions, and ending the demo deletes it in one sweep.
 */
const DEMO_KEY = 'creator.demo';
const MEMO = 'settings.demo';

function listed(store: PropertyStore): string[] {
  try {
    const parsed = JSON.parse(store.getProperty(DEMO_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch (_) {
    return [];
  }
}

/** Whether this user has demo mode on in the active spreadsheet (a formula: the owner, as its properties are). */
export function isDemo(ex: Execution): boolean {
  const known = ex.memory.get(MEMO);
  if (typeof known === 'boolean') return known;
  const id = activeSpreadsheetId(ex);
  let on = false;
  try {
    on = id !== '' && listed(ex.platform.userProperties).includes(id);
  } catch (_) {
    // No user properties (AuthMode.NONE): no demo either.
  }
  ex.memory.set(MEMO, on);
  return on;
}

export function setDemo(ex: Execution, on: boolean): void {
  const id = activeSpreadsheetId(ex);
  const store = ex.platform.userProperties;
  const others = listed(store).filter((s) => s !== id);
  const next = on && id ? [...others, id] : others;
  if (next.length) store.setProperty(DEMO_KEY, JSON.stringify(next));
  else store.deleteProperty(DEMO_KEY);
  ex.memory.set(MEMO, on && id !== '');
}

const prefixOf = (spreadsheetId: string): string => `creator.demo.${spreadsheetId}.`;

/** The demo's stand-in for the document's properties: the user's own, under this spreadsheet's prefix. */
export function demoStore(ex: Execution): PropertyStore {
  const user = ex.platform.userProperties;
  const prefix = prefixOf(activeSpreadsheetId(ex));
  const view: PropertyStore = {
    getProperty: (key) => user.getProperty(prefix + key),
    setProperty: (key, value) => {
      user.setProperty(prefix + key, value);
      return view;
    },
    deleteProperty: (key) => {
      user.deleteProperty(prefix + key);
      return view;
    },
    getKeys: () => user.getKeys().flatMap((k) => (k.startsWith(prefix) ? [k.slice(prefix.length)] : [])),
    getProperties: () => {
      const all = user.getProperties();
      const out: Record<string, string> = {};
      for (const k of Object.keys(all)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = all[k];
      return out;
    },
  };
  return view;
}

/** Deletes everything the demo kept for this spreadsheet (its saved reports, alerts, schedule record). */
export function clearDemoStore(ex: Execution): number {
  const store = demoStore(ex);
  const keys = store.getKeys();
  for (const key of keys) store.deleteProperty(key);
  return keys.length;
}
