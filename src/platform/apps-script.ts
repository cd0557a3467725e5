import { deniedScope } from './permissions';
import { CreatorError } from '../shared/errors';
import type { BigQueryApi, BigQueryJob, BigQueryTable, FetchRequest, FetchResponse, Platform, Triggers } from './types';

/**
 * The only file that touches Apps Script globals. It takes them as an object so the emulator can
 * hand in its own (tests, playground) and Code.ts hands in `globalThis`.
 */
export interface AppsScriptGlobals {
  UrlFetchApp: GoogleAppsScript.URL_Fetch.UrlFetchApp;
  CacheService: GoogleAppsScript.Cache.CacheService;
  PropertiesService: GoogleAppsScript.Properties.PropertiesService;
  LockService: GoogleAppsScript.Lock.LockService;
  SpreadsheetApp: GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  ScriptApp: GoogleAppsScript.Script.ScriptApp;
  HtmlService: GoogleAppsScript.HTML.HtmlService;
  Utilities: GoogleAppsScript.Utilities.Utilities;
  Session: GoogleAppsScript.Base.Session;
  Logger: GoogleAppsScript.Base.Logger;
  MailApp: GoogleAppsScript.Mail.MailApp;
  /** The emulator supplies a Date whose clock is virtual. */
  Date: DateConstructor;
  /** The BigQuery advanced service: only where the project enables it (appsscript.json). */
  BigQuery?: AdvancedBigQuery;
}

/** What the add-on uses of the BigQuery advanced service (GoogleAppsScript.BigQuery). */
interface AdvancedBigQuery {
  Datasets: { get(projectId: string, datasetId: string): { defaultTableExpirationMs?: string } };
  Tables: {
    get(projectId: string, datasetId: string, tableId: string): BigQueryTable;
    insert(resource: Record<string, unknown>, projectId: string, datasetId: string): BigQueryTable;
    patch(resource: Record<string, unknown>, projectId: string, datasetId: string, tableId: string): BigQueryTable;
  };
  Jobs: {
    insert(resource: Record<string, unknown>, projectId: string, mediaData?: GoogleAppsScript.Base.Blob): BigQueryJob;
    get(projectId: string, jobId: string): BigQueryJob;
  };
}

interface AuthorizationInfo {
  getAuthorizationStatus(): unknown;
  getAuthorizationUrl(): string | null;
  getAuthorizedScopes?(): string[];
}

function toParams(request: FetchRequest): GoogleAppsScript.URL_Fetch.URLFetchRequestOptions {
  return {
    method: request.method ?? 'get',
    headers: request.headers,
    payload: request.payload,
    contentType: request.contentType,
    muteHttpExceptions: true,
    followRedirects: true,
  };
}

function toResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): FetchResponse {
  const headers: Record<string, string> = {};
  const raw = response.getHeaders() as Record<string, unknown>;
  for (const name of Object.keys(raw)) headers[name.toLowerCase()] = String(raw[name]);
  return { status: response.getResponseCode(), text: response.getContentText(), headers };
}

/** Unavailable services (custom functions, AuthMode.NONE) throw; callers get null instead. */
function optional<T>(get: () => T | null): T | null {
  try {
    return get() ?? null;
  } catch (_) {
    return null;
  }
}

/**
 * The spreadsheet, or null outside one; without the permission to see it, Google's permission error
 * (the caller says so, rather than "open a spreadsheet").
 */
function activeSpreadsheet(g: AppsScriptGlobals): GoogleAppsScript.Spreadsheet.Spreadsheet | null {
  try {
    return g.SpreadsheetApp.getActiveSpreadsheet() ?? null;
  } catch (error) {
    if (deniedScope(error)) throw error;
    return null;
  }
}

function triggersOf(g: AppsScriptGlobals): Triggers {
  const ss = (): GoogleAppsScript.Spreadsheet.Spreadsheet => g.SpreadsheetApp.getActiveSpreadsheet();
  const info = (t: GoogleAppsScript.Script.Trigger) => ({ id: t.getUniqueId(), handler: t.getHandlerFunction() });
  return {
    list: () => {
      // A trigger run may get no active spreadsheet (unconfirmed); getUserTriggers(null) would throw a bare Error.
      const spreadsheet = ss();
      if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'There is no open spreadsheet whose triggers could be listed.');
      return g.ScriptApp.getUserTriggers(spreadsheet).map(info);
    },
    listProject: () => g.ScriptApp.getProjectTriggers().map(info),
    createHourly: (handler) => g.ScriptApp.newTrigger(handler).timeBased().everyHours(1).create().getUniqueId(),
    // The project's list holds the trigger whether or not the document's list does.
    remove: (id) => {
      for (const t of g.ScriptApp.getProjectTriggers()) if (t.getUniqueId() === id) g.ScriptApp.deleteTrigger(t);
    },
  };
}

/** Our formulas' names: the active range counts as the formula's own cell only when it holds one. */
const OUR_FORMULA = /^=\s*CREATOR_/i;

/**
 * Public reports say a custom function's getActiveRange() is its own cell; that is unconfirmed, so
 * a range that is not one cell holding one of our formulas (a selection, nothing) says nothing.
 */
function formulaRoomOf(range: GoogleAppsScript.Spreadsheet.Range | null): { rows: number; cols: number } | null {
  if (range?.getNumRows() !== 1 || range.getNumColumns() !== 1) return null;
  if (!OUR_FORMULA.test(range.getFormula())) return null;
  const sheet = range.getSheet();
  return { rows: sheet.getMaxRows() - range.getRow() + 1, cols: sheet.getMaxColumns() - range.getColumn() + 1 };
}

export function createPlatform(g: AppsScriptGlobals): Platform {
  const spreadsheet = () => activeSpreadsheet(g);
  return {
    authorization: (scopes) =>
      optional(() => {
        // The scopes argument and getAuthorizedScopes came with granular consent (2025); the
        // published typings predate them.
        const ask = g.ScriptApp.getAuthorizationInfo as unknown as (mode: unknown, scopes: string[]) => AuthorizationInfo;
        const info = ask.call(g.ScriptApp, g.ScriptApp.AuthMode.FULL, scopes);
        const granted = info.getAuthorizedScopes?.() ?? null;
        // Without the list (an older runtime) a REQUIRED status still says something is missing.
        const missing = granted ? scopes.filter((s) => !granted.includes(s)) : [];
        const required = String(info.getAuthorizationStatus()) === 'REQUIRED';
        return {
          missing: required && missing.length === 0 ? [...scopes] : required ? missing : [],
          url: required ? info.getAuthorizationUrl() : null,
        };
      }),
    http: {
      fetch: (request) => toResponse(g.UrlFetchApp.fetch(request.url, toParams(request))),
      fetchAll: (requests) => g.UrlFetchApp.fetchAll(requests.map((r) => ({ url: r.url, ...toParams(r) }))).map(toResponse),
    },
    // Getters: in AuthMode.NONE (onOpen before first use) touching these services throws.
    get userCache() {
      return g.CacheService.getUserCache()!;
    },
    get documentCache() {
      return optional(() => g.CacheService.getDocumentCache());
    },
    get scriptCache() {
      return g.CacheService.getScriptCache();
    },
    get userProperties() {
      return g.PropertiesService.getUserProperties();
    },
    get documentProperties() {
      return optional(() => g.PropertiesService.getDocumentProperties());
    },
    userLock: () => optional(() => g.LockService.getUserLock()),
    documentLock: () => optional(() => g.LockService.getDocumentLock()),
    scriptLock: () => optional(() => g.LockService.getScriptLock()),
    triggers: triggersOf(g),
    now: () => g.Date.now(),
    sleep: (ms) => g.Utilities.sleep(ms),
    spreadsheet,
    formulaRoom: () => optional(() => formulaRoomOf(g.SpreadsheetApp.getActiveRange())),
    flush: () => g.SpreadsheetApp.flush(),
    timeZone: () => spreadsheet()?.getSpreadsheetTimeZone() || g.Session.getScriptTimeZone(),
    formatDate: (date, timeZone, pattern) => g.Utilities.formatDate(date, timeZone, pattern),
    sha256Hex: (text) =>
      g.Utilities.computeDigest(g.Utilities.DigestAlgorithm.SHA_256, text, g.Utilities.Charset.UTF_8)
        .map((b) => ((b + 256) % 256).toString(16).padStart(2, '0'))
        .join(''),
    base64Encode: (text) => g.Utilities.base64Encode(text, g.Utilities.Charset.UTF_8),
    gzipToBase64: (text) => g.Utilities.base64Encode(g.Utilities.gzip(g.Utilities.newBlob(text, 'text/plain')).getBytes()),
    gunzipFromBase64: (base64) =>
      g.Utilities.ungzip(g.Utilities.newBlob(g.Utilities.base64Decode(base64), 'application/x-gzip')).getDataAsString('UTF-8'),
    userEmail: () => optional(() => g.Session.getEffectiveUser().getEmail()) ?? '',
    mail: {
      send: (message) => g.MailApp.sendEmail({ to: message.to, subject: message.subject, body: message.body, name: message.name }),
      remainingDailyQuota: () => g.MailApp.getRemainingDailyQuota(),
    },
    bigQuery: () => bigQueryOf(g),
    log: (message) => g.Logger.log(message),
    ui: () => g.SpreadsheetApp.getUi(),
    // A plain file, not a template: the inlined bundle may contain `<?`, which a template would parse.
    sidebarHtml: (title) => g.HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(title),
  };
}

/** The service's calls as the add-on makes them; null when the manifest does not enable it. */
function bigQueryOf(g: AppsScriptGlobals): BigQueryApi | null {
  const bq = g.BigQuery;
  if (!bq) return null;
  return {
    getDataset: (projectId, datasetId) => bq.Datasets.get(projectId, datasetId),
    getTable: (projectId, datasetId, tableId) => bq.Tables.get(projectId, datasetId, tableId),
    insertTable: (projectId, datasetId, resource) => bq.Tables.insert(resource, projectId, datasetId),
    patchTable: (projectId, datasetId, tableId, resource) => bq.Tables.patch(resource, projectId, datasetId, tableId),
    insertJob: (projectId, resource, media) =>
      media === null
        ? bq.Jobs.insert(resource, projectId)
        : bq.Jobs.insert(resource, projectId, g.Utilities.newBlob(media, 'application/octet-stream')),
    getJob: (projectId, jobId) => bq.Jobs.get(projectId, jobId),
  };
}
