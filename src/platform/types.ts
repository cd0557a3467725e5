/**
 * What the add-on needs from Apps Script, as narrow interfaces. Modules take these (never the
 * globals), so they run unchanged on Google, on the emulator, and in unit tests with stubs.
 * The shapes mirror Apps Script's own so the real services satisfy them with no adapter.
 */

export interface FetchRequest {
  url: string;
  method?: 'get' | 'post';
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
}

export interface FetchResponse {
  status: number;
  text: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
}

export interface Http {
  /** One request, one round trip. HTTP errors come back as responses; a network failure throws. */
  fetch(request: FetchRequest): FetchResponse;
  /** Requests sent in parallel (UrlFetchApp.fetchAll): one round trip. A network failure throws. */
  fetchAll(requests: FetchRequest[]): FetchResponse[];
}

/** GoogleAppsScript.Cache.Cache. */
export interface Cache {
  get(key: string): string | null;
  getAll(keys: string[]): Record<string, string>;
  put(key: string, value: string, expirationInSeconds?: number): void;
  putAll(values: Record<string, string>, expirationInSeconds?: number): void;
  remove(key: string): void;
  removeAll(keys: string[]): void;
}

/** GoogleAppsScript.Properties.Properties. */
export interface PropertyStore {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): PropertyStore;
  deleteProperty(key: string): PropertyStore;
  getProperties(): Record<string, string>;
  getKeys(): string[];
}

/** GoogleAppsScript.Lock.Lock. */
export interface Lock {
  tryLock(timeoutInMillis: number): boolean;
  waitLock(timeoutInMillis: number): void;
  releaseLock(): void;
  hasLock(): boolean;
}

export interface TriggerInfo {
  id: string;
  handler: string;
}

/** The current user's installable triggers (ScriptApp). */
export interface Triggers {
  /** Those listed for this document (an add-on's may not be: unconfirmed). */
  list(): TriggerInfo[];
  /** Every one of the user's triggers in this project (every document). */
  listProject(): TriggerInfo[];
  /** A time-driven trigger that fires every hour. Returns its id. */
  createHourly(handler: string): string;
  remove(id: string): void;
}

/** A BigQuery job as the service returns it (the parts the add-on reads). */
export interface BigQueryJob {
  jobReference?: { projectId?: string; jobId?: string; location?: string };
  status?: {
    state?: string;
    errorResult?: { reason?: string; message?: string; location?: string };
    errors?: Array<{ reason?: string; message?: string; location?: string }>;
  };
  statistics?: { load?: { outputRows?: string }; query?: { numDmlAffectedRows?: string } };
}

export interface BigQueryField {
  name: string;
  type: string;
  mode?: string;
  description?: string;
}

export interface BigQueryTable {
  schema?: { fields?: BigQueryField[] };
  timePartitioning?: { type?: string; field?: string };
  expirationTime?: string;
  numRows?: string;
}

/**
 * The BigQuery advanced service (`BigQuery.Datasets`, `.Tables`, `.Jobs`). Calls throw Google's
 * errors as they come (GoogleJsonResponseException, a permission error without the scope): the
 * warehouse module words them.
 */
export interface BigQueryApi {
  getDataset(projectId: string, datasetId: string): { defaultTableExpirationMs?: string };
  getTable(projectId: string, datasetId: string, tableId: string): BigQueryTable;
  insertTable(projectId: string, datasetId: string, resource: Record<string, unknown>): BigQueryTable;
  patchTable(projectId: string, datasetId: string, tableId: string, resource: Record<string, unknown>): BigQueryTable;
  /** `media`: the load's newline-delimited JSON, sent as the request's blob. */
  insertJob(projectId: string, resource: Record<string, unknown>, media: string | null): BigQueryJob;
  getJob(projectId: string, jobId: string): BigQueryJob;
}

/** A plain-text message to one person. Never put a secret in it. */
export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The sender's display name. */
  name?: string;
}

/** MailApp: mail goes out from the executing user's account, within their daily quota. */
export interface Mail {
  send(message: MailMessage): void;
  remainingDailyQuota(): number;
}

export type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
export type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
export type Ui = GoogleAppsScript.Base.Ui;

/** What ScriptApp.getAuthorizationInfo says of the add-on's scopes for the current user. */
export interface Authorization {
  /** Scope URLs asked for and not granted. */
  missing: string[];
  /** Google's page that asks the user for them again; null when nothing is missing. */
  url: string | null;
}

export interface Platform {
  http: Http;
  /** Null where Google cannot say (AuthMode.NONE, or a runtime without granular consent). */
  authorization(scopes: string[]): Authorization | null;
  userCache: Cache;
  /** Null where the document cache is unavailable (custom functions may lack it). */
  documentCache: Cache | null;
  scriptCache: Cache;
  userProperties: PropertyStore;
  /** Null where document properties are unavailable. Never holds a secret. */
  documentProperties: PropertyStore | null;
  /** Null where unavailable (whether custom functions get the user or document lock is unconfirmed). */
  userLock(): Lock | null;
  documentLock(): Lock | null;
  /** One lock for every user of the add-on: only for brief work when the user lock is unavailable. */
  scriptLock(): Lock | null;
  triggers: Triggers;
  /** Milliseconds since the epoch. The only clock modules may read. */
  now(): number;
  sleep(ms: number): void;
  /** The active spreadsheet, or null outside a container (a trigger run may see none, unconfirmed). */
  spreadsheet(): Spreadsheet | null;
  /**
   * Inside a custom function: the rows and columns from its formula's cell (counted) to the sheet's
   * end, where its result can spill. Null when the platform does not say which cell that is.
   */
  formulaRoom?(): { rows: number; cols: number } | null;
  /** Applies pending sheet writes now (SpreadsheetApp.flush). */
  flush(): void;
  /** The spreadsheet's time zone (falls back to the script's). */
  timeZone(): string;
  formatDate(date: Date, timeZone: string, pattern: string): string;
  /** Lower-case hex SHA-256 of the UTF-8 text. */
  sha256Hex(text: string): string;
  /** Base64 of the UTF-8 text. */
  base64Encode(text: string): string;
  /** UTF-8 text gzipped, as base64 (for cache values over 100 KB). */
  gzipToBase64(text: string): string;
  /** Inverse of gzipToBase64. Throws on corrupt input. */
  gunzipFromBase64(base64: string): string;
  /** The effective user's email; "" where the platform hides it. */
  userEmail(): string;
  mail: Mail;
  /** The BigQuery advanced service where the project enables it; null elsewhere. */
  bigQuery(): BigQueryApi | null;
  /** Never pass a secret or a token. */
  log(message: string): void;
  ui(): Ui;
  /** The built sidebar page (dist/Sidebar.html). */
  sidebarHtml(title: string): GoogleAppsScript.HTML.HtmlOutput;
}
