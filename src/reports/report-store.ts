import { CreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import type { ReportDefinition, RunOutcome } from '../shared/types';
import { MAX_PROPERTY_BYTES, REPORT_KEY_PREFIX, reportKey, statusKey } from './keys';

/**
 * Saved definitions and their status in document properties: one value per report and one per
 * status, so a refresh writing a status never rewrites a definition someone is editing.
 */
export interface StoredDefinition extends ReportDefinition {
  id: string;
}

/** What is kept about a report's runs. Instants are epoch ms; the view turns them into ISO text. */
export interface StatusRecord {
  lastRunAt: number | null;
  outcome: RunOutcome;
  rows: number | null;
  dataThrough: string | null;
  seconds: number | null;
  /** Plain words from a CreatorError; never a secret or a provider body. */
  lastError: string | null;
  /** The dates the last successful run resolved to (presets change with the day). */
  startDate: string | null;
  endDate: string | null;
  /** When the schedule was last set or changed: slots before it are not owed. */
  scheduleSetAt: number | null;
}

export const EMPTY_STATUS: StatusRecord = {
  lastRunAt: null,
  outcome: 'never',
  rows: null,
  dataThrough: null,
  seconds: null,
  lastError: null,
  startDate: null,
  endDate: null,
  scheduleSetAt: null,
};

export function documentStore(ex: Execution): PropertyStore {
  const store = ex.platform.documentProperties;
  if (!store) throw new CreatorError('INTERNAL', 'Saved reports need the spreadsheet open with the add-on enabled. Reload the spreadsheet and try again.');
  return store;
}

function parse<T>(json: string | null): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch (_) {
    return null;
  }
}

function put(store: PropertyStore, key: string, value: unknown): void {
  const json = JSON.stringify(value);
  // UTF-8 can take up to 3 bytes per UTF-16 unit; a conservative length check needs no encoder.
  if (json.length * 3 > MAX_PROPERTY_BYTES && utf8Length(json) > MAX_PROPERTY_BYTES) {
    throw new CreatorError('BAD_INPUT', 'This report definition is too long to save (shorten its name or site list).');
  }
  store.setProperty(key, json);
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (i++, 4) : 3;
  }
  return bytes;
}

export interface SavedReports {
  /** Oldest first (ids sort by creation time). */
  defs: StoredDefinition[];
  statusOf(id: string): StatusRecord;
}

/**
 * Every saved report and its status from one read of the store: a status view of N reports costs
 * one properties call instead of N + 1.
 */
export function readSaved(store: PropertyStore): SavedReports {
  const all = store.getProperties();
  const defs: StoredDefinition[] = [];
  for (const key of Object.keys(all)) {
    if (!key.startsWith(REPORT_KEY_PREFIX)) continue;
    const def = parse<StoredDefinition>(all[key]);
    if (def && typeof def.report === 'string') defs.push({ ...def, id: key.slice(REPORT_KEY_PREFIX.length) });
  }
  defs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { defs, statusOf: (id) => statusFrom(all[statusKey(id)] ?? null) };
}

export function listDefinitions(store: PropertyStore): StoredDefinition[] {
  return readSaved(store).defs;
}

export function getDefinition(store: PropertyStore, id: string): StoredDefinition | null {
  const def = parse<StoredDefinition>(store.getProperty(reportKey(id)));
  return def ? { ...def, id } : null;
}

export function putDefinition(store: PropertyStore, def: StoredDefinition): void {
  put(store, reportKey(def.id), def);
}

export function deleteDefinition(store: PropertyStore, id: string): boolean {
  const existed = store.getProperty(reportKey(id)) !== null;
  store.deleteProperty(reportKey(id));
  store.deleteProperty(statusKey(id));
  return existed;
}

function statusFrom(json: string | null): StatusRecord {
  return { ...EMPTY_STATUS, ...(parse<Partial<StatusRecord>>(json) ?? {}) };
}

export function getStatus(store: PropertyStore, id: string): StatusRecord {
  return statusFrom(store.getProperty(statusKey(id)));
}

/** Writes a status only while its report still exists (a delete during a refresh stays deleted). */
export function putStatus(store: PropertyStore, id: string, status: StatusRecord): void {
  if (store.getProperty(reportKey(id)) === null) return;
  put(store, statusKey(id), { ...status, lastError: status.lastError ? status.lastError.slice(0, 1000) : null });
}

/**
 * A new id: creation time in base 36 (so ids sort oldest first) and a per-execution counter, never
 * Math.random, so runs on the virtual clock are repeatable.
 */
export function newReportId(ex: Execution, store: PropertyStore): string {
  const stamp = Math.max(0, Math.floor(ex.platform.now())).toString(36).padStart(9, '0');
  let counter = (ex.memory.get('reports.idCounter') as number | undefined) ?? 0;
  let id: string;
  do {
    id = `r${stamp}${counter.toString(36).padStart(2, '0')}`;
    counter++;
  } while (store.getProperty(reportKey(id)) !== null);
  ex.memory.set('reports.idCounter', counter);
  return id;
}
