import { demoStore, isDemo } from '../settings/demo-flag';
import { myUserKey } from '../settings/user-key';
import { CreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import type { ReportDefinition, RunOutcome } from '../shared/types';
import { MAX_PROPERTY_BYTES, REPORT_KEY_PREFIX, reportKey, statusKey } from './keys';
import { utf8Bytes } from '../shared/text-size';

/**
 * Saved definitions and their status in document properties: one value per report and one per
 * status, so a refresh writing a status never rewrites a definition someone is editing.
 */
export interface StoredDefinition extends ReportDefinition {
  id: string;
  /** The random user ID of who saved it (identity.ts); absent on reports saved before approvals. */
  by?: string;
  /** That person's e-mail where the platform showed it, for "needs approval by ..." only. */
  byLabel?: string;
  /** User IDs allowed to refresh it with their own credential, besides `by`. */
  approvedBy?: string[];
  /** The sheet it last wrote, by ID: a renamed sheet is followed. */
  sheetId?: number;
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
  /** Set when a refresh skipped it for want of its runner's approval: that sentence. */
  needsApproval?: string | null;
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
  // Demo mode keeps the document's records in the user's own properties (src/settings/demo-flag.ts).
  if (isDemo(ex)) return demoStore(ex);
  const store = ex.platform.documentProperties;
  if (!store)
    throw new CreatorError(
      'NO_SPREADSHEET',
      'Saved reports need the spreadsheet open with the add-on enabled. Reload the spreadsheet and try again.',
    );
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
  if (json.length * 3 > MAX_PROPERTY_BYTES && utf8Bytes(json) > MAX_PROPERTY_BYTES) {
    throw new CreatorError('BAD_INPUT', 'This report definition is too long to save (shorten its name or site list).');
  }
  store.setProperty(key, json);
}

/**
 * Storage plan (500 KB for the whole document): a definition is about 250 bytes and a status
 * about 150 (empty fields are not stored), so a few hundred reports take well under half the
 * store. Long site lists (an agency's hundreds of sites) are stored once per distinct list under
 * `cr.sites.<hash>` and shared by every report naming the same sites.
 */
const SITES_KEY_PREFIX = 'cr.sites.';
/** Lists shorter than this stay inside the definition. */
const INLINE_SITES_CHARS = 160;

interface StoredShape extends Omit<StoredDefinition, 'siteId'> {
  siteId?: string | string[];
  /** The shared site list's key suffix, in place of siteId. */
  sites?: string;
}

function listHash(json: string): string {
  let h = 2166136261;
  for (let i = 0; i < json.length; i++) h = Math.imul(h ^ json.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

function fromStored(raw: StoredShape, id: string, siteList: (suffix: string) => string[] | null): StoredDefinition {
  const { sites, ...rest } = raw;
  const siteId = sites !== undefined ? (siteList(sites) ?? []) : (raw.siteId ?? []);
  return { ...rest, siteId, id };
}

/** A shared site list by its key suffix, from `read`. */
function siteListReader(read: (key: string) => string | null): (suffix: string) => string[] | null {
  return (suffix) => parse<string[]>(read(SITES_KEY_PREFIX + suffix));
}

function toStored(store: PropertyStore, def: StoredDefinition): StoredShape {
  if (!Array.isArray(def.siteId)) return def;
  const json = JSON.stringify(def.siteId);
  if (json.length < INLINE_SITES_CHARS) return def;
  let suffix = listHash(json);
  for (let n = 1; ; n++) {
    const existing = store.getProperty(SITES_KEY_PREFIX + suffix);
    if (existing === null) put(store, SITES_KEY_PREFIX + suffix, def.siteId);
    if (existing === null || existing === json) break;
    suffix = `${listHash(json)}-${n}`;
  }
  const { siteId: _siteId, ...rest } = def;
  return { ...rest, sites: suffix };
}

/** Drops shared site lists no saved report names any more. */
function dropUnusedSiteLists(store: PropertyStore): void {
  const all = store.getProperties();
  const used = new Set<string>();
  for (const key of Object.keys(all)) {
    if (!key.startsWith(REPORT_KEY_PREFIX)) continue;
    const sites = parse<StoredShape>(all[key])?.sites;
    if (sites !== undefined) used.add(sites);
  }
  for (const key of Object.keys(all)) {
    if (key.startsWith(SITES_KEY_PREFIX) && !used.has(key.slice(SITES_KEY_PREFIX.length))) store.deleteProperty(key);
  }
}

/** A status without its empty fields (they read back as EMPTY_STATUS's). */
function compactStatus(status: StatusRecord): Partial<StatusRecord> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(status)) if (value !== null && value !== undefined) out[key] = value;
  return out as Partial<StatusRecord>;
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
  // An agency's reports share a few long lists: each is parsed once (a save lists every report),
  // and every report gets its own copy.
  const lists = new Map<string, string[] | null>();
  const read = siteListReader((k) => all[k] ?? null);
  const siteList = (suffix: string): string[] | null => {
    if (!lists.has(suffix)) lists.set(suffix, read(suffix));
    const list = lists.get(suffix) ?? null;
    return Array.isArray(list) ? list.slice() : list;
  };
  for (const key of Object.keys(all)) {
    if (!key.startsWith(REPORT_KEY_PREFIX)) continue;
    const def = parse<StoredShape>(all[key]);
    if (def && typeof def.report === 'string') defs.push(fromStored(def, key.slice(REPORT_KEY_PREFIX.length), siteList));
  }
  defs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { defs, statusOf: (id) => statusFrom(all[statusKey(id)] ?? null) };
}

export function listDefinitions(store: PropertyStore): StoredDefinition[] {
  return readSaved(store).defs;
}

export function getDefinition(store: PropertyStore, id: string): StoredDefinition | null {
  const def = parse<StoredShape>(store.getProperty(reportKey(id)));
  const siteList = siteListReader((k) => store.getProperty(k));
  return def ? fromStored(def, id, siteList) : null;
}

export function putDefinition(store: PropertyStore, def: StoredDefinition): void {
  const before = parse<StoredShape>(store.getProperty(reportKey(def.id)))?.sites;
  const stored = toStored(store, def);
  put(store, reportKey(def.id), stored);
  if (before !== undefined && before !== stored.sites) dropUnusedSiteLists(store);
}

export function deleteDefinition(store: PropertyStore, id: string): boolean {
  const json = store.getProperty(reportKey(id));
  store.deleteProperty(reportKey(id));
  store.deleteProperty(statusKey(id));
  if (parse<StoredShape>(json)?.sites !== undefined) dropUnusedSiteLists(store);
  return json !== null;
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
  put(store, statusKey(id), compactStatus({ ...status, lastError: status.lastError ? status.lastError.slice(0, 1000) : null }));
}

/**
 * A new id: creation time in base 36 (so ids sort oldest first) and a per-execution counter, never
 * Math.random, so runs on the virtual clock are repeatable. `letter` tells kinds apart ("r", "a").
 */
export function newTimeId(ex: Execution, letter: string, taken: (id: string) => boolean): string {
  const stamp = Math.max(0, Math.floor(ex.platform.now())).toString(36).padStart(9, '0');
  const memoKey = `${letter}.idCounter`;
  let counter = (ex.memory.get(memoKey) as number | undefined) ?? 0;
  let id: string;
  do {
    id = `${letter}${stamp}${counter.toString(36).padStart(2, '0')}`;
    counter++;
  } while (taken(id));
  ex.memory.set(memoKey, counter);
  return id;
}

export function newReportId(ex: Execution, store: PropertyStore): string {
  // A report's block in the shared spreadsheet is named after its ID, but each ID is unique only in
  // its own store: a demo's (this user's) IDs get a letter and this user's key of their own, so no
  // demo report takes over a real report's block or another user's demo block.
  const letter = isDemo(ex) ? `d${myUserKey(ex).slice(1, 5)}` : 'r';
  return newTimeId(ex, letter, (id) => store.getProperty(reportKey(id)) !== null);
}
