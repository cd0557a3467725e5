import { showNotRefreshed } from '../bindings/apply-bindings';
import { isCreatorError, userMessage } from '../shared/errors';
import { relayoutDashboardPart } from './dashboard-relayout';
import { timeLeft, type Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import type { RefreshOutcome, RunReportRequest, RunReportResult } from '../shared/types';
import { elapsedSeconds } from '../run/run-report';
import { approvalMessage, mayRun, type Person } from './identity';
import { exportAfterRefresh } from './warehouse-service';
import { newer, readKept } from './kept-status';
import { isContinuing } from '../run/continue-run';
import { continuingText, finishEstimate } from '../run/continuation';
import { EXECUTION_LIMIT_MS } from '../platform/deadline';
import { getStatus, putDefinition, putStatus, type StatusRecord, type StoredDefinition } from './report-store';

/** A continued run goes on at the next hourly trigger (the one time-driven trigger an add-on may have per document). */
const HOUR_MS = 3_600_000;

/**
 * How soon the next execution of a continued run comes: the Saved tab calls again as soon as one
 * answers (an execution lasts at most EXECUTION_LIMIT_MS); the menu and the trigger leave it to
 * the next hourly run.
 */
function nextExecutionIn(ex: Execution): number {
  return ex.kind === 'sidebar' ? EXECUTION_LIMIT_MS.sidebar : HOUR_MS;
}

/** "continuing: 120,000 of 240,000 rows; done about Sat Nov 21, 18:00 EST" (the status sheet, the sidebar's card). */
export function continuingWords(ex: Execution, c: NonNullable<StatusRecord['continuing']>): string {
  const when =
    c.finishAt === null ? '' : `; done about ${ex.platform.formatDate(new Date(c.finishAt), ex.platform.timeZone(), 'EEE MMM d, HH:mm z')}`;
  return `${continuingText(c)}${when}`;
}

/** Pulls one report into its block (the sidebar's runReportToSheet); injectable for unit tests. */
export type ReportRunner = (
  ex: Execution,
  request: RunReportRequest,
  opts: { blockId: string; bypassCache: boolean; sheetId?: number | null; continuable?: boolean },
) => RunReportResult;

/** Who runs this refresh, and how a message names them when the platform hides their e-mail. */
export interface Runner {
  person: Person;
  words: string;
}

/**
 * A status that cannot be stored (the document's 500 KB property store is full) is kept for this
 * execution, so the status sheet still shows it, and the run goes on to the next report.
 */
const UNSAVED_PREFIX = 'reports.unsavedStatus.';

function record(ex: Execution, store: PropertyStore, id: string, status: StatusRecord): void {
  try {
    putStatus(store, id, status);
    ex.memory.delete(UNSAVED_PREFIX + id);
  } catch (_) {
    ex.memory.set(UNSAVED_PREFIX + id, status);
    ex.memory.set('reports.storeFull', true);
  }
}

/** The status as this execution last knew it: a stored one, or one the full store refused. */
export function statusNow(ex: Execution, id: string, stored: StatusRecord): StatusRecord {
  return (ex.memory.get(UNSAVED_PREFIX + id) as StatusRecord | undefined) ?? stored;
}

export function storeWasFull(ex: Execution): boolean {
  return ex.memory.get('reports.storeFull') === true;
}

/** A report whose sheet the user renamed keeps following it: the new name is saved when it fits. */
function followSheet(store: PropertyStore, def: StoredDefinition, result: RunReportResult): void {
  if (result.sheetId === undefined || (result.sheetId === def.sheetId && result.sheetName === def.sheetName)) return;
  try {
    putDefinition(store, { ...def, sheetId: result.sheetId, sheetName: result.sheetName });
  } catch (_) {
    // A full store: the next run follows the sheet by its old name or ID all the same.
  }
}

/** The refreshed rows also go to the report's BigQuery table, if it has one; that never fails the refresh. */
function exportAfter(ex: Execution, store: PropertyStore, def: StoredDefinition, result: RunReportResult): void {
  if (!def.warehouse) return;
  try {
    exportAfterRefresh(ex, store, def, result);
  } catch (error) {
    ex.platform.log(`Creator Reporting: the BigQuery export of ${def.id} failed unexpectedly: ${userMessage(error)}`);
  }
}

/**
 * Never start a report with less than this left: it must fetch, write, and record its status
 * before the platform kills the execution (which would leave no trace at all).
 */
const START_MARGIN_MS = 60_000;

/** Errors that will fail every later report of this run the same way (same credential). */
const CREDENTIAL_CODES = ['AUTH_FAILED', 'NOT_CONFIGURED'];

function toRequest(def: StoredDefinition): RunReportRequest {
  // Dates go as stored ("lastMonth", "7daysAgo"): the pull resolves them on the refresh's own day.
  const request: RunReportRequest = { report: def.report, siteId: def.siteId, sheetName: def.sheetName };
  if (def.start !== undefined) request.start = def.start;
  if (def.end !== undefined) request.end = def.end;
  if (def.options) request.options = { ...def.options };
  if (def.mode === 'history') request.history = { revisionDays: def.revisionDays ?? 7 };
  if (def.startCell) request.startCell = def.startCell;
  return request;
}

/**
 * The time this report probably needs: its last duration with some slack, never under the margin.
 * A report never run before is guessed to be like the average one this run has seen.
 */
function estimateMs(status: StatusRecord, seenMs: number[]): number {
  const guess = status.seconds !== null ? status.seconds * 1000 : seenMs.length ? seenMs.reduce((a, b) => a + b, 0) / seenMs.length : 0;
  return Math.max(START_MARGIN_MS, guess * 1.25 + 15_000);
}

/**
 * Refreshes the reports in order, recording each one's status as it finishes so progress survives
 * whatever happens next. A failure is that report's alone (its previous data stays in the sheet);
 * a report that would not fit the time left is 'skipped' and untouched, so it stays due. The
 * first report always runs: skipping it would leave it due forever.
 */
export function refreshInOrder(
  ex: Execution,
  store: PropertyStore,
  defs: StoredDefinition[],
  run: ReportRunner,
  runner: Runner,
): RefreshOutcome[] {
  const outcomes: RefreshOutcome[] = [];
  // Dashboards of the older layout move all their parts before any is written (dashboard-relayout.ts).
  const placed = defs.map((def) => (mayRun(def, runner.person) ? relayoutDashboardPart(ex, store, def) : def));
  let credentialError: string | null = null;
  const seenMs: number[] = [];
  let attempted = 0;
  for (const def of placed) {
    const name = def.name ?? def.id;
    // What this report last did, wherever that was kept (the store, or the status sheet when it was full).
    const before = statusNow(ex, def.id, newer(readKept(ex).get(def.id), getStatus(store, def.id)));
    const started = ex.platform.now();
    if (!mayRun(def, runner.person)) {
      // Never with this person's credential: the report is shown as waiting for their approval.
      const message = approvalMessage(def, runner.person, runner.words);
      if (before.needsApproval !== message) record(ex, store, def.id, { ...before, needsApproval: message });
      outcomes.push({ id: def.id, name, outcome: 'skipped', message });
      continue;
    }
    const first = attempted === 0;
    if (credentialError !== null) {
      record(ex, store, def.id, { ...before, lastRunAt: started, outcome: 'error', seconds: 0, lastError: credentialError });
      outcomes.push({ id: def.id, name, outcome: 'error', message: credentialError });
      continue;
    }
    if (!first && timeLeft(ex) < estimateMs(before, seenMs)) {
      outcomes.push({ id: def.id, name, outcome: 'skipped', message: 'Not reached in this run; it runs next time.' });
      continue;
    }
    attempted++;
    try {
      const result = run(ex, toRequest(def), { blockId: def.id, bypassCache: true, sheetId: def.sheetId ?? null, continuable: true });
      seenMs.push(ex.platform.now() - started);
      followSheet(store, def, result);
      record(ex, store, def.id, {
        ...before,
        lastRunAt: started,
        outcome: 'ok',
        rows: result.rows,
        dataThrough: result.dataThrough,
        seconds: elapsedSeconds(ex.platform, started),
        lastError: null,
        startDate: result.startDate,
        endDate: result.endDate,
        needsApproval: null,
        continuing: null,
      });
      outcomes.push({ id: def.id, name, outcome: 'ok', rows: result.rows, ...(result.notices?.length ? { notices: result.notices } : {}) });
      exportAfter(ex, store, { ...def, sheetId: result.sheetId ?? def.sheetId, sheetName: result.sheetName }, result);
    } catch (error) {
      if (isContinuing(error)) {
        // Still due (lastRunAt unchanged): the next hourly run goes on from the checkpoint.
        const cp = error.checkpoint;
        const continuing = { rows: cp.rows, total: cp.total, finishAt: finishEstimate(cp, ex.platform.now(), nextExecutionIn(ex)) };
        record(ex, store, def.id, { ...before, continuing });
        outcomes.push({ id: def.id, name, outcome: 'skipped', rows: cp.rows, message: continuingWords(ex, continuing), continuing: true });
        continue;
      }
      const code = isCreatorError(error) ? error.code : 'INTERNAL';
      if (code === 'TIME_BUDGET' && !first) {
        // Earlier reports used the time; this one gets a fresh run next time.
        outcomes.push({ id: def.id, name, outcome: 'skipped', message: 'Not finished in this run; it runs next time.' });
        continue;
      }
      const message = userMessage(error);
      // rows/dataThrough keep describing the data still in the sheet from the last good run.
      record(ex, store, def.id, {
        ...before,
        lastRunAt: started,
        outcome: 'error',
        seconds: elapsedSeconds(ex.platform, started),
        lastError: message,
        needsApproval: null,
        continuing: null,
      });
      outcomes.push({ id: def.id, name, outcome: 'error', message });
      // A dashboard's chart says so, on the dashboard itself.
      showNotRefreshed(ex, def.id, message);
      if (CREDENTIAL_CODES.indexOf(code) >= 0) credentialError = message;
    }
  }
  return outcomes;
}
