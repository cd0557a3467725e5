/**
 * Plain-JSON shapes exchanged between the sidebar (google.script.run) and the server functions.
 * No Date objects cross this boundary: dates are `YYYY-MM-DD`, instants are ISO strings.
 */

export interface SettingsInput {
  clientId: string;
  /** Omitted or empty on a later save: keep the stored secret. */
  clientSecret?: string;
  apiBaseUrl?: string;
  tokenUrl?: string;
  /** Let formulas in the active spreadsheet use this credential. */
  allowFormulas?: boolean;
}

export interface SettingsView {
  configured: boolean;
  clientId: string;
  /** e.g. "••••••••3f9a"; never the secret. Empty when not configured. */
  clientSecretMasked: string;
  apiBaseUrl: string;
  tokenUrl: string;
  /** Formulas in the active spreadsheet may use this credential. */
  allowFormulas: boolean;
  /** The user this applies to ("" where hidden). */
  userEmail: string;
  /** After a save that allowed formulas: how many CREATOR_ formulas were run again. */
  recalculated?: number;
  /** The add-on's permissions this user has not granted (granular consent); absent in older servers. */
  permissions?: PermissionsView;
  /** Demo mode is on for this user in this spreadsheet (built-in sample data, no credential). */
  demo?: boolean;
  /** After endDemo: what it deleted (the demo's sheets stay). */
  demoEnded?: { reports: number; alerts: number };
  /** After a save whose site list could not be read (429, 5xx, no answer): saved, but unchecked. */
  warning?: string;
}

export interface PermissionsView {
  missing: Array<{ scope: string; permission: string; withoutIt: string }>;
  /** Google's page that asks for them again (opened in a new tab); null where Google gives none. */
  authorizationUrl: string | null;
}

export interface SiteView {
  id: string;
  name: string;
  url: string;
  status: string;
  active: boolean;
}

export interface ConnectionResult {
  sites: SiteView[];
  /** e.g. "Connected: 3 sites (2 active)." */
  message: string;
}

export interface CatalogEntryView {
  key: string;
  label: string;
  description: string;
  group: 'account' | 'traffic' | 'performance';
  dateFamily: 'analytics' | 'earnings' | null;
  paginated: boolean;
  formula: string;
  /** The report's columns, for the column choice (a score column follows its value). */
  columns: Array<{ field: string; header: string }>;
}

export interface DateRangeView {
  startDate: string | null;
  endDate: string | null;
}

export interface DatePresetView extends DateRangeView {
  /** The API's preset name (`lastThirtyDays`) or ours. */
  key: string;
  label: string;
}

export interface DateOptionsView {
  siteId: string;
  family: 'analytics' | 'earnings';
  /** The whole range with data. */
  available: DateRangeView;
  /** Last day with data: results are final up to a few days before it. */
  dataThrough: string | null;
  presets: DatePresetView[];
}

export interface ReportOptions {
  /** At most this many rows (the API is asked for no more). */
  limit?: number;
  /** `-field` descending, `field` ascending. */
  sort?: string;
  /** The report's columns to keep (catalog fields); absent: every column. */
  columns?: string[];
  /** Leave the header row out (formulas only). Default true. */
  header?: boolean;
  /** Add Total rows: per site and overall; ratios recomputed from the summed parts. */
  totals?: boolean;
  /** Compare with an earlier period: the table gets previous values and changes. */
  compareTo?: 'previousPeriod' | 'previousYear' | 'previousYearWeekday';
}

export interface RunReportRequest {
  report: string;
  /** One ID, several, or "all" (every active site). */
  siteId: string | string[];
  /** `YYYY-MM-DD`, `today`, `yesterday`, `NdaysAgo`, or a preset name with `end` empty. */
  start?: string;
  end?: string;
  options?: ReportOptions;
  sheetName?: string;
  /** Top-left cell of the block; default A1. */
  startCell?: string;
  /** Lets the sidebar poll getRunProgress while the run goes on. */
  runId?: string;
  /**
   * The page chains calls (each one an execution of its own): a run too big for one execution
   * answers RunContinuing instead of failing, and the same request with the same runId goes on
   * from where it stopped (run/builder-continuation.ts). Needs a runId.
   */
  mayContinue?: boolean;
  /** Keep a history (saved reports): upsert per site, day and dimension instead of replacing. */
  history?: { revisionDays: number };
}

export interface RunReportResult {
  sheetName: string;
  /** The sheet's ID: a saved report follows its sheet by it when the user renames the sheet. */
  sheetId?: number;
  /** A1 notation of the block written, e.g. "A1:M1204". */
  range: string;
  /** Data rows written (header excluded). */
  rows: number;
  startDate: string | null;
  endDate: string | null;
  dataThrough: string | null;
  seconds: number;
  /** Rows the API reported beyond what a limit asked for. */
  truncated: boolean;
  /** How the rows differ from what was asked (a summary instead of a daily series, a sort the API refused). */
  notices?: string[];
}

/** A sidebar run that stopped before the limit with rows staged: the page calls again at once. */
export interface RunContinuing {
  /** "continuing: 120,000 of 240,000 rows" (continuation.ts's continuingText). */
  continuing: string;
  rows: number;
  total: number | null;
}

export interface RunProgress {
  runId: string;
  /** e.g. "Fetching page 3 of 201". */
  message: string;
  page: number;
  pages: number | null;
  done: boolean;
}

export type ScheduleEvery = 'off' | 'hour' | 'day' | 'week' | 'month';

export interface Schedule {
  every: ScheduleEvery;
  /** 0-23 in the spreadsheet's time zone (day, week, month). */
  hour?: number;
  /** 0 = Sunday ... 6 = Saturday (week). */
  weekDay?: number;
  /** 1-31 (month); past the month's end the schedule runs on its last day. */
  monthDay?: number;
}

export interface ReportDefinition {
  id?: string;
  name?: string;
  report: string;
  siteId: string | string[];
  start?: string;
  end?: string;
  options?: ReportOptions;
  sheetName: string;
  schedule?: Schedule;
  /** `replace` (default): each refresh replaces the block. `history`: rows are kept and upserted. */
  mode?: 'replace' | 'history';
  /** History only: each refresh re-reads this many days before the last stored day (default 7). */
  revisionDays?: number;
  /** E-mail the person whose trigger ran it when a scheduled refresh fails (once a day at most). */
  notifyOnFailure?: boolean;
  /** Top-left cell of the report's block; default A1. */
  startCell?: string;
  /** Also send the report's rows to this BigQuery table after each refresh (absent: the sheet only). */
  warehouse?: WarehouseDestination;
}

/** A BigQuery table, by its IDs (never a name to look up). */
export interface WarehouseDestination {
  projectId: string;
  datasetId: string;
  tableId: string;
}

/** The last export of a saved report to BigQuery, as the card and the status sheet show it. */
export interface WarehouseExportView {
  /** "ok", "error", "notAllowed" (no bigquery scope), "pending" (a backfill or a retry is owed). */
  outcome: 'ok' | 'error' | 'notAllowed' | 'pending' | 'never';
  at: string | null;
  /** In the spreadsheet's time zone, e.g. "Sat Nov 21, 18:00 EST". */
  atText: string | null;
  rows: number | null;
  /** One sentence: what happened, and what to do when it failed. */
  message: string;
  /** Set in the BigQuery sandbox: when the table expires. */
  expiresText: string | null;
}

/** What testWarehouse found: each check in words, and whether an export can run. */
export interface WarehouseTestResult {
  ok: boolean;
  checks: Array<{ label: string; ok: boolean; message: string }>;
}

/** exportReportNow's answer: a large ledger goes in several calls (the sidebar calls again while not done). */
export interface WarehouseExportResult {
  done: boolean;
  rows: number;
  /** Rows of the ledger exported so far, and its size (a backfill in progress). */
  exported: number;
  total: number;
  message: string;
}

export type RunOutcome = 'ok' | 'error' | 'never';

export interface ReportStatusView {
  lastRunAt: string | null;
  outcome: RunOutcome;
  rows: number | null;
  dataThrough: string | null;
  seconds: number | null;
  lastError: string | null;
  nextRunAt: string | null;
  /** lastRunAt and nextRunAt as shown to people: in the spreadsheet's time zone, e.g. "Sat Nov 21, 18:00 EST". */
  lastRunText: string | null;
  nextRunText: string | null;
  /** A run going on across executions: "continuing: 120,000 of 240,000 rows; done about Sat Nov 21, 18:00 EST". */
  continuingText?: string | null;
}

export interface SavedReportView extends ReportDefinition {
  id: string;
  status: ReportStatusView;
  /**
   * mine: the viewer saved or approved it, so their refreshes (and their trigger) run it; else it
   * waits for their approval. savedBy: who saved it, where the platform shows e-mails ("" if not).
   */
  approval?: { mine: boolean; savedBy: string };
  /** What people read: the report's label ("Earnings") and its dates ("Last 30 days"). */
  reportLabel: string;
  datesText: string;
  /** Only for a report with a warehouse destination. */
  warehouseExport?: WarehouseExportView;
}

export interface ScheduleOwnerView {
  /** Someone's trigger runs this document's schedules. */
  active: boolean;
  ownerEmail: string;
  /** The current user is that owner. */
  isMine: boolean;
  /** Why the current user's trigger last could not reach this spreadsheet (additive; absent: none). */
  problem?: string | null;
  /**
   * The current user has not granted the trigger permission, so no trigger of theirs can run the
   * schedules (`problem` says so and how to allow it) and taking them over would fail the same way.
   * Additive; absent: false.
   */
  permissionMissing?: boolean;
}

export interface ReportListView {
  reports: SavedReportView[];
  /** The spreadsheet's time zone, in which schedules run and every time above is given. */
  timeZone: string;
  scheduleOwner: ScheduleOwnerView;
}

export interface RefreshOutcome {
  id: string;
  name: string;
  outcome: 'ok' | 'error' | 'skipped';
  rows?: number;
  message?: string;
  /** A refreshed report's notices (RunReportResult.notices): the user's sort replaced, a summary instead of a series. */
  notices?: string[];
  /**
   * Skipped because it stopped at a checkpoint with rows staged (`rows` then counts those):
   * refreshing it again goes on from there.
   */
  continuing?: boolean;
}

export type AlertCondition = 'changeBelow' | 'changeAbove' | 'below' | 'above' | 'noData';
export type AlertCompareTo = 'previousPeriod' | 'previousYear' | 'previousYearWeekday';

/** What an alert watches. Stored in document properties with its creator; never a secret. */
export interface AlertDefinition {
  id?: string;
  name?: string;
  /** One site ID, or "all" (the total over every active site; noData checks each site). */
  siteId: string;
  /** A catalog key with dates, e.g. "earnings" or "devices/performance". */
  report: string;
  /** A column field of the report that has a total, e.g. "rpm", "earnings", "sessions". */
  metric: string;
  condition: AlertCondition;
  /** A number for below/above; a fraction for changeBelow/changeAbove (-0.2 is a 20 % drop). */
  threshold?: number;
  /** A preset ("lastThirtyDays") or a rolling window ending yesterday ("yesterday", "7daysAgo"). */
  period?: string;
  /** changeBelow/changeAbove only. Default previousPeriod. */
  compareTo?: AlertCompareTo;
  /** noData only: the local hour (0-23) by which the expected day's data is due. Default 9. */
  byHour?: number;
  /**
   * noData only: how many days behind today the data normally ends, so the day checked is today
   * minus this. Absent: the report family's normal lag (analytics 1, earnings 2; src/catalog/lag.ts).
   */
  lagDays?: number;
}

export type AlertOutcome = 'never' | 'fired' | 'quiet' | 'error' | 'sentToday';

export interface AlertStatusView {
  outcome: AlertOutcome;
  /** Plain words: what the last check found. */
  message: string;
  lastCheckedAt: string | null;
  lastFiredAt: string | null;
}

export interface AlertView extends AlertDefinition {
  id: string;
  /** The person whose credential checks it and who gets its e-mail ("" where hidden). */
  createdByEmail: string;
  /** The current user made it: only they can check it. */
  isMine: boolean;
  /** The current user may edit and delete it (only its maker may). */
  mayEdit: boolean;
  /**
   * Not the current user's, but its maker no longer has access to the spreadsheet: the current
   * user may remove it, after a confirmation (`deleteAlert(id, {confirm: true})`).
   */
  mayRemove: boolean;
  /** noData only: the day a check now expects data for, and the words the sidebar shows for it. */
  expects?: NoDataExpectation;
  status: AlertStatusView;
}

export interface NoDataExpectation {
  /** YYYY-MM-DD: today minus lagDays (one more before byHour). */
  day: string;
  lagDays: number;
  /** E.g. "has no data for 2 days ago (2026-11-19) by 09:00". */
  label: string;
}

export interface DeleteAlertOptions {
  /** Removing another user's alert whose maker no longer has access needs this set. */
  confirm?: boolean;
}

export interface AlertListView {
  alerts: AlertView[];
  /** The current user's trigger runs the schedules, so their alerts are checked after each refresh. */
  checkedOnSchedule: boolean;
  /** The spreadsheet's day (YYYY-MM-DD) and hour (0-23) now: the form names the day a new noData alert checks. */
  clock: { today: string; hour: number };
}

export interface AlertCheckResult {
  id: string;
  name: string;
  outcome: AlertOutcome;
  message: string;
  /** False when the alert was not checked this time (already e-mailed, out of time, spreadsheet busy); the message says why. */
  checked: boolean;
}

/** What Check now did, counted, with a one-paragraph summary that names every failure and skip. */
export interface AlertCheckSummary {
  results: AlertCheckResult[];
  fired: number;
  quiet: number;
  /** Checked, but the check failed (credential, network, bounds). */
  errors: number;
  notChecked: number;
  /** Alerts of other users in this spreadsheet: checked only with their own credential. */
  othersSkipped: number;
  /** E.g. "Checked 2 of 4 alerts: 0 fired, 2 failed. 2 failed: No Creator Reporting credential…". */
  summary: string;
}

export interface DashboardRequest {
  siteId: string;
  /** A rolling window ending yesterday: "last7days", "last28days", "last30days", "last90days". */
  period: string;
  /** Refresh it with the saved reports' schedule: every day at this local hour. Default 6; null: no schedule. */
  hour?: number | null;
}

export interface DashboardResult {
  sheetName: string;
  dataSheetName: string;
  reportIds: string[];
}
