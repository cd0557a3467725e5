import { resolve } from 'node:path';
import { createPlatform, type AppsScriptGlobals } from '../src/platform/apps-script';
import type { Platform } from '../src/platform/types';
import { loadBundle as loadBundleFile, type LoadedBundle, type RunAsOptions } from './bundle';
import { createClock, virtualDate, type Clock } from './clock';
import { gateScopes, hasScope } from './scopes';
import { newCounters, type Counters } from './counters';
import { pricedCounters, type ServiceCosts } from './service-costs';
import { recalculate as recalculateFormulas, type RecalcReport } from './formula-engine';
import { createCacheService, emptyCaches, type CacheData, type CacheEntry } from './services/cache';
import { createHtmlService } from './services/html';
import { createMailApp, emptyMail, type MailData, type SentMail } from './services/mail';
import { createLocks, type LockScope } from './services/lock';
import { createPropertiesService, emptyProperties, type PropertiesData } from './services/properties';
import { type BigQueryControl, type BigQuerySetup, createBigQuery } from './services/bigquery';
import { AuthMode, createScriptApp, emptyTriggers, nthTriggerId, type TriggerData, type TriggerRecord } from './services/script-app';
import { createConsole, createLogger, createSession, type EmulatedConsole } from './services/session';
import { createUrlFetchApp } from './services/url-fetch';
import { createUtilities } from './services/utilities';
import { createSpreadsheetService } from './spreadsheet';
import { checkTimeLimit, triggerRunSeesNoSpreadsheet, type EmulatorState, type Mode } from './state';
import type { Transport } from './transport-types';
import { LENIENT, type PlatformVariants } from './variants';

export type { LoadedBundle, RunAsOptions } from './bundle';
export type { Clock } from './clock';
export type { Mode } from './state';
export type { RecalcReport } from './formula-engine';
export type { LockScope } from './services/lock';
export type { CacheEntry } from './services/cache';
export type { TriggerRecord, TriggerSchedule } from './services/script-app';
export type { SentMail, MailData } from './services/mail';
export type { BigQueryControl, BigQuerySetup, JobRecord } from './services/bigquery';
export { inProcessTransport, httpTransport, type HttpTransport } from './transports';
export { LENIENT, STRICT, BOTH_MODES, type PlatformVariants } from './variants';

type SpreadsheetService = ReturnType<typeof createSpreadsheetService>;
export type CustomFunctions = Record<string, (...args: unknown[]) => unknown>;

export interface EmulatorOptions {
  transport: Transport;
  timeZone?: string;
  /** Virtual epoch ms at start. */
  now?: number;
  /** A clock of your own (e.g. wallClock, which runs with real time); \`now\` is then ignored. */
  clock?: Clock;
  /** users[0] owns the spreadsheet. */
  users?: string[];
  /** Virtual ms added per network round trip. */
  latencyMs?: number;
  /** Where loadBundle and HtmlService read files. */
  distDir?: string;
  /** Unconfirmed on Google; the add-on must work either way. Default false: it throws there. */
  documentPropertiesInCustomFunctions?: boolean;
  /** Unconfirmed platform behaviours (emulator/variants.ts); default LENIENT. */
  variants?: Partial<PlatformVariants>;
  /**
   * The limits mode (opt-in): service calls take virtual time at these prices, so an execution
   * can be killed at any point of its writes and reads (emulator/service-costs.ts).
   */
  /**
   * The BigQuery advanced service: absent when not given (as a manifest without it), else enabled
   * over these in-memory projects (emulator/services/bigquery.ts).
   */
  bigQuery?: BigQuerySetup;
  serviceCosts?: ServiceCosts;
  /** MailApp recipients per user per day. Default 100 (a consumer account). */
  mailQuota?: number;
  /** Where an execution waits on Google's servers (see EmulatorState.onWait). */
  onWait?: () => void;
}

export type EmulatorGlobals = AppsScriptGlobals & { console: EmulatedConsole };

/** Everything restore() needs; plain JSON (a playground writes it to disk). */
export interface EmulatorSnapshot {
  version: 1;
  now: number;
  user: string;
  users: string[];
  properties: PropertiesData;
  caches: CacheData;
  triggers: TriggerData;
  spreadsheet: unknown;
  /** Absent in snapshots made before MailApp was emulated. */
  mail?: MailData;
}

export interface Emulator {
  readonly globals: EmulatorGlobals;
  platform(): Platform;
  setUser(email: string): void;
  /**
   * Granular consent: the scopes (keys after .../auth/, as in src/platform/scopes.ts) this user
   * granted; without keys, every one again. A service called without its scope throws Google's
   * permission error (emulator/scopes.ts).
   */
  grantScopes(email: string, keys?: string[]): void;
  readonly user: string;
  readonly mode: Mode;
  readonly owner: string;
  readonly users: readonly string[];
  readonly clock: Clock;
  readonly counters: Counters;
  resetCounters(): void;
  readonly transport: Transport;
  readonly spreadsheet: SpreadsheetService['spreadsheet'];
  readonly ui: SpreadsheetService['ui'];
  readonly logs: string[];
  /** Every installable trigger of every user (copies). */
  readonly triggers: TriggerRecord[];
  /** The ID the nth trigger created here gets or got (n from 1), so a test can name a trigger before it exists. */
  triggerId(n: number): string;
  /** What MailApp sent (copies), and the daily quota per user. */
  /** `errorsAfterSending`: the next N sends deliver, then throw a server error (a fault). */
  readonly mail: { readonly sent: SentMail[]; quota: number; errorsAfterSending: number };
  /**
   * Sharing: `revoke(email)` removes a user's access to the spreadsheet (getEditors no longer lists
   * them); `viaLink(email)`: the user keeps editing through the spreadsheet's link ("Anyone with the
   * link can edit"), which getEditors does not list either (Drive lists permissions, not people).
   */
  readonly access: { revoke(email: string): void; viaLink(email: string): void };
  /**
   * The caches' stored entries, live (`entries('user')` is the current user's), for tests that drop
   * or damage one; `putErrors`: the next N cache writes throw a server error (a fault).
   */
  readonly caches: { entries(scope: 'user' | 'document' | 'script', user?: string): Record<string, CacheEntry>; putErrors: number };
  /** A fault: `quotaSpent` makes every UrlFetchApp call throw Google's daily-quota error. */
  readonly urlFetch: { quotaSpent: boolean };
  /**
   * `hold('document')` is "another execution" holding the lock until the returned release();
   * `held('document')` says whether anyone holds it now (a test's probe).
   */
  readonly locks: { hold(scope: LockScope, user?: string): () => void; held(scope: LockScope, user?: string): boolean };
  /** One execution as that user/mode; locks it still holds are released at the end. */
  runAs<T>(opts: RunAsOptions, fn: () => T): T;
  loadBundle(file?: string): LoadedBundle;
  /** The last loaded bundle. */
  readonly bundle: LoadedBundle | null;
  /**
   * Another execution of the loaded bundle's `name`, started while the current one waits (from
   * `onWait`), as Google runs a page's google.script.run calls concurrently: its own script
   * instance (the same file in a second vm context, made once), user, mode and time limit, over
   * the same stores. The interrupted execution keeps its locks and its unflushed writes; locks this
   * one takes are released when it ends. Outside an execution it is an ordinary call.
   */
  callAlongside(opts: Required<RunAsOptions>, name: string, ...args: unknown[]): unknown;
  /**
   * Evaluates custom-function formulas (those `only` accepts, by text); each call is a
   * customFunction execution as the owner. Returns the engine's report of cells and errors.
   */
  recalculate(functions?: CustomFunctions, opts?: { only?: (formula: string) => boolean }): RecalcReport;
  /** Runs a trigger's handler in the loaded bundle (loading the default one if none) as its owner. */
  fireTrigger(id: string): unknown;
  snapshot(): EmulatorSnapshot;
  restore(snapshot: EmulatorSnapshot): void;
  /** The unconfirmed behaviours this emulator plays (see emulator/variants.ts). */
  readonly variants: PlatformVariants;
  /** The BigQuery fake's projects, tables and jobs; null when the service is not enabled. */
  readonly bigQuery: BigQueryControl | null;
}

export const DEFAULT_NOW = Date.parse('2026-11-21T15:00:00Z');
export const DEFAULT_USERS = ['owner@example.com', 'editor@example.com'];
export const SPREADSHEET_ID = 'emulated-spreadsheet-1';

function variantsOf(opts: EmulatorOptions): PlatformVariants {
  const v = { ...LENIENT, ...opts.variants };
  if (opts.documentPropertiesInCustomFunctions) {
    v.deniedInCustomFunctions = v.deniedInCustomFunctions.filter((s) => s !== 'documentProperties');
  }
  return v;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function createEmulator(opts: EmulatorOptions): Emulator {
  const users = [...(opts.users ?? DEFAULT_USERS)];
  if (users.length === 0) throw new Error('createEmulator: users must name at least the owner');
  const clock = opts.clock ?? createClock(opts.now ?? DEFAULT_NOW);
  let stateRef: EmulatorState | undefined;
  const counters = opts.serviceCosts ? pricedCounters(newCounters(), opts.serviceCosts, () => stateRef) : newCounters();
  const logs: string[] = [];
  const state: EmulatorState = {
    clock,
    counters,
    owner: users[0],
    user: users[0],
    mode: 'full',
    timeZone: opts.timeZone ?? 'America/New_York',
    logs,
    latencyMs: opts.latencyMs ?? 0,
    distDir: opts.distDir ?? resolve(__dirname, '..', 'dist'),
    documentId: SPREADSHEET_ID,
    variants: variantsOf(opts),
    onWait: opts.onWait,
  };
  stateRef = state;
  let properties = emptyProperties();
  let caches = emptyCaches();
  let triggers = emptyTriggers();
  let mail = emptyMail(opts.mailQuota);
  let bundle: LoadedBundle | null = null;
  let bundleFile = '';
  let alongsideInstance: LoadedBundle | null = null;
  let depth = 0;

  const sheets = createSpreadsheetService({
    id: SPREADSHEET_ID,
    timeZone: state.timeZone,
    counters,
    // Asked before every change to a sheet: an execution past Google's time limit is dead there,
    // so nothing it tries after the kill (a catch block's cleanup) changes the spreadsheet.
    permission: () => {
      checkTimeLimit(state);
      return state.mode === 'customFunction' ? 'readOnly' : 'full';
    },
    now: () => clock.now(),
    owner: state.owner,
  });
  const locks = createLocks(state, () => {
    if (sheets.spreadsheet.unflushed) counters.unflushedLockReleases++;
  });
  sheets.spreadsheet.strictRecalculation = state.variants.strictRecalculation;
  sheets.spreadsheet.concurrentCustomFunctions = state.variants.concurrentCustomFunctions;
  sheets.spreadsheet.cellLimit = state.variants.spreadsheetCellLimit;
  sheets.spreadsheet.activationShowsSheet = state.variants.activationShowsSheet;
  const revoked = new Set<string>();
  const unlisted = new Set<string>();
  sheets.spreadsheet.editorEmails = () => users.filter((u) => !revoked.has(u) && !unlisted.has(u));
  sheets.spreadsheet.emailsHidden = state.variants.hiddenEmails;
  sheets.spreadsheet.editorsListed = state.variants.editorsListed;

  /**
   * A custom function's active range is its formula's cell (or null, per the variant); elsewhere the
   * selection, which the emulator keeps at the active sheet's A1.
   */
  const activeRange = (): GoogleAppsScript.Spreadsheet.Range | null => {
    const app = sheets.SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
    const at = state.callingCell;
    if (state.mode === 'customFunction') {
      if (!at || state.variants.customFunctionActiveRange === 'none') return null;
      return app.getActiveSpreadsheet().getSheetByName(at.sheet)!.getRange(at.row, at.col);
    }
    return app.getActiveSheet().getRange(1, 1);
  };

  // getUi() is the one SpreadsheetApp call a custom function gets a context error for, not a permission error.
  const spreadsheetApp = new Proxy(sheets.SpreadsheetApp as object, {
    get(target, prop) {
      if (prop === 'getUi' && state.mode === 'customFunction') {
        return () => {
          throw new Error('Cannot call SpreadsheetApp.getUi() from this context.');
        };
      }
      if ((prop === 'getActiveSpreadsheet' || prop === 'getActive') && triggerRunSeesNoSpreadsheet(state)) return () => null;
      if (prop === 'getActiveRange') return activeRange;
      return Reflect.get(target, prop);
    },
  }) as GoogleAppsScript.Spreadsheet.SpreadsheetApp;

  const gatedSpreadsheetApp = gateScopes(state, 'SpreadsheetApp', spreadsheetApp, (m) =>
    m === 'getUi' ? 'script.container.ui' : 'spreadsheets.currentonly',
  );
  const globals: EmulatorGlobals = {
    UrlFetchApp: gateScopes(
      state,
      'UrlFetchApp',
      createUrlFetchApp(state, () => opts.transport),
      () => 'script.external_request',
    ),
    CacheService: createCacheService(state, () => caches),
    PropertiesService: createPropertiesService(state, () => properties),
    LockService: locks.service,
    SpreadsheetApp: gatedSpreadsheetApp,
    ScriptApp: createScriptApp(state, () => triggers),
    HtmlService: createHtmlService(state),
    MailApp: gateScopes(
      state,
      'MailApp',
      createMailApp(state, () => mail),
      () => 'script.send_mail',
    ),
    Utilities: createUtilities(state),
    Session: createSession(state),
    Logger: createLogger(state),
    Date: virtualDate(clock),
    console: createConsole(state),
  };

  let bigQuery: BigQueryControl | null = null;
  if (opts.bigQuery) {
    const bq = createBigQuery(
      { now: () => clock.now(), user: () => state.user, granted: () => hasScope(state, 'bigquery') },
      opts.bigQuery,
    );
    globals.BigQuery = bq.service as AppsScriptGlobals['BigQuery'];
    bigQuery = bq.control;
  }

  const addUser = (email: string) => {
    if (typeof email !== 'string' || !email.includes('@')) throw new Error(`Not a user email: ${String(email)}`);
    if (!users.includes(email)) users.push(email);
  };

  function runAs<T>(o: RunAsOptions, fn: () => T): T {
    if (o.user !== undefined) addUser(o.user);
    const saved = { user: state.user, mode: state.mode };
    state.user = o.user ?? state.user;
    state.mode = o.mode ?? state.mode;
    if (depth === 0) state.executionStartedAt = clock.now();
    depth++;
    try {
      return fn();
    } finally {
      depth--;
      if (depth === 0) {
        // Sheets applies what an execution wrote when it ends.
        if (sheets.spreadsheet.unflushed) counters.recalcBurstDenied += sheets.spreadsheet.flush(true);
        locks.releaseExecutionLocks();
        state.executionStartedAt = undefined;
      }
      state.user = saved.user;
      state.mode = saved.mode;
    }
  }

  /** An execution inside the one that waits: it must not end that one (flush, release its locks). */
  function runAlongside<T>(o: RunAsOptions, fn: () => T): T {
    if (depth === 0) return runAs(o, fn);
    const saved = { user: state.user, mode: state.mode, startedAt: state.executionStartedAt, inTriggerRun: state.inTriggerRun };
    const end = locks.alongside();
    state.user = o.user ?? state.user;
    state.mode = o.mode ?? state.mode;
    state.executionStartedAt = clock.now();
    state.inTriggerRun = false;
    try {
      return fn();
    } finally {
      end();
      state.user = saved.user;
      state.mode = saved.mode;
      state.executionStartedAt = saved.startedAt;
      state.inTriggerRun = saved.inTriggerRun;
    }
  }

  function loadBundle(file?: string): LoadedBundle {
    bundleFile = file ?? resolve(state.distDir, 'Code.js');
    alongsideInstance = null;
    const loaded = loadBundleFile(bundleFile, {
      globals: () => globals as unknown as Record<string, unknown>,
      runAs,
    });
    bundle = loaded;
    state.hasScriptFunction = (name) => loaded.has(name);
    state.callScript = (name, ...args) => (loaded.context[name] as (...a: unknown[]) => unknown)(...args);
    return loaded;
  }

  function bundleFunctions(): CustomFunctions {
    if (!bundle) throw new Error('recalculate: no functions given and no bundle loaded (call loadBundle first)');
    const b = bundle;
    return Object.fromEntries(
      b.names().map((name) => [name, (...args: unknown[]) => (b.context[name] as (...a: unknown[]) => unknown)(...args)]),
    );
  }

  const emulator: Emulator = {
    globals,
    bigQuery,
    platform: () => createPlatform(globals),
    setUser: (email) => {
      addUser(email);
      state.user = email;
    },
    grantScopes: (email, keys) => {
      addUser(email);
      const grants = { ...state.grants };
      if (keys === undefined) delete grants[email];
      else grants[email] = [...keys];
      state.grants = grants;
    },
    get user() {
      return state.user;
    },
    get mode() {
      return state.mode;
    },
    owner: state.owner,
    users,
    access: {
      revoke: (email) => {
        if (email === state.owner) throw new Error('The owner cannot lose access to their own spreadsheet.');
        revoked.add(email);
      },
      viaLink: (email) => {
        if (email === state.owner) throw new Error('The owner is always listed.');
        unlisted.add(email);
      },
    },
    clock,
    counters,
    resetCounters: () => {
      Object.assign(counters, newCounters());
    },
    transport: opts.transport,
    spreadsheet: sheets.spreadsheet,
    ui: sheets.ui,
    logs,
    get triggers() {
      return clone(triggers.triggers);
    },
    triggerId: nthTriggerId,
    mail: {
      get sent() {
        return clone(mail.sent);
      },
      get quota() {
        return mail.dailyQuota;
      },
      set quota(n: number) {
        mail.dailyQuota = n;
      },
      get errorsAfterSending() {
        return mail.errorsAfterSending ?? 0;
      },
      set errorsAfterSending(n: number) {
        mail.errorsAfterSending = n;
      },
    },
    caches: {
      entries: (scope, user) => (scope === 'user' ? (caches.user[user ?? state.user] ??= {}) : caches[scope]),
      get putErrors() {
        return state.cachePutErrors ?? 0;
      },
      set putErrors(n: number) {
        state.cachePutErrors = n;
      },
    },
    urlFetch: {
      get quotaSpent() {
        return state.urlFetchQuotaSpent === true;
      },
      set quotaSpent(spent: boolean) {
        state.urlFetchQuotaSpent = spent;
      },
    },
    locks: { hold: (scope, user) => locks.hold(scope, user), held: (scope, user) => locks.held(scope, user) },
    runAs,
    loadBundle,
    get bundle() {
      return bundle;
    },
    callAlongside(o, name, ...args) {
      if (!bundle) throw new Error('callAlongside: load a bundle first');
      alongsideInstance ??= loadBundleFile(bundleFile, {
        globals: () => globals as unknown as Record<string, unknown>,
        runAs: runAlongside,
      });
      return alongsideInstance.callAs(o, name, ...args);
    },
    recalculate(functions, o = {}) {
      return recalculateFormulas(sheets.spreadsheet, functions ?? bundleFunctions(), {
        runAsCustomFunction: <T>(fn: () => T, at?: { sheet: string; row: number; col: number }): T => {
          const saved = state.callingCell;
          state.callingCell = at;
          try {
            return runAs({ user: state.owner, mode: 'customFunction' }, fn);
          } finally {
            state.callingCell = saved;
          }
        },
        only: o.only,
        resultCellLimit: state.variants.resultCellLimit,
        onCall: () => counters.customFunctionCalls++,
      });
    },
    fireTrigger(id) {
      const record = triggers.triggers.find((t) => t.id === id);
      if (!record) throw new Error(`fireTrigger: no trigger ${id}`);
      const b = bundle ?? loadBundle();
      state.inTriggerRun = true;
      try {
        return b.callAs({ user: record.owner, mode: 'full' }, record.handler, timeEvent(record.id, clock.now()));
      } finally {
        state.inTriggerRun = false;
      }
    },
    variants: state.variants,
    snapshot: () => ({
      version: 1,
      now: clock.now(),
      user: state.user,
      users: [...users],
      properties: clone(properties),
      caches: clone(caches),
      triggers: clone(triggers),
      spreadsheet: sheets.snapshot(),
      mail: clone(mail),
    }),
    restore(snapshot) {
      if (snapshot?.version !== 1) throw new Error('restore: not an emulator snapshot (version 1)');
      clock.set(snapshot.now);
      for (const u of snapshot.users) addUser(u);
      state.user = snapshot.user;
      properties = clone(snapshot.properties);
      caches = clone(snapshot.caches);
      triggers = clone(snapshot.triggers);
      mail = snapshot.mail ? clone(snapshot.mail) : emptyMail(mail.dailyQuota);
      sheets.restore(snapshot.spreadsheet);
    },
  };
  return emulator;
}

/** The event object Apps Script passes a time-driven trigger's handler (fields in UTC). */
function timeEvent(triggerUid: string, now: number): Record<string, unknown> {
  const d = new Date(now);
  return {
    authMode: AuthMode.FULL,
    triggerUid,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    'day-of-month': d.getUTCDate(),
    'day-of-week': d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    timezone: 'UTC',
  };
}
