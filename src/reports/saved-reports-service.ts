import { CreatorError, isCreatorError } from '../shared/errors';
import { storing as storeWrite } from './store-full';
import type { Execution } from '../platform/execution';
import type { PropertyStore, Spreadsheet } from '../platform/types';
import type {
  RefreshOutcome,
  ReportDefinition,
  ReportListView,
  SavedReportView,
  WarehouseExportResult,
  WarehouseTestResult,
} from '../shared/types';
import { dueReports, zoneOf } from './due';
import { tryWithDocumentLock, withDocumentLock } from '../run/document-lock';
import { STATUS_SHEET_NAME } from './keys';
import { approvalMessage, currentPerson, isApprovalMessage, mayRun } from './identity';
import { newer, readKept, writeKept } from './kept-status';
import { exportNow } from './warehouse-service';
import { deleteWarehouseRecord } from './warehouse-status';
import { testAccess } from '../warehouse/test-access';
import { refreshInOrder, statusNow, storeWasFull, type ReportRunner, type Runner } from './refresh-run';
import {
  deleteDefinition,
  documentStore,
  EMPTY_STATUS,
  getDefinition,
  getStatus,
  listDefinitions,
  newReportId,
  putDefinition,
  putStatus,
  readSaved,
  type SavedReports,
  type StoredDefinition,
} from './report-store';
import { sheetRunner } from './runner';
import { isScheduled } from './schedule';
import {
  claimTriggerRun,
  documentIdOf,
  ownerView,
  ownStore,
  readOwner,
  reconcileTrigger,
  takeOver,
  type ScheduleOwnerDetails,
} from './schedule-owner';
import { documentOfTrigger, readProblem, recordProblem, UNKNOWN_DOCUMENT } from './trigger-registry';
import { statusNames, writeStatusSheet } from './status-sheet';
import { bringIntoView } from '../sheet/bring-into-view';
import { describeInput } from '../shared/user-input';
import { failuresByMessage, noticeLines } from '../shared/outcome-words';
import { checkRunRequest } from '../run/run-request';
import { adoptBuilderBlock, blockToRefresh, releaseToBuilder } from '../run/target-sheet';
import { checkRefreshCost } from './schedule-cost';
import { isDemo } from '../settings/demo-flag';
import { cleanDefinition, cleanWarehouse } from './validate-definition';
import { savedView, statusRowsOf } from './views';

/**
 * Saved reports: definitions, refresh on demand and on a schedule, and the status view. Every
 * function takes the execution first (Code.ts calls them through serve()); `deps` lets unit tests
 * put a stub in place of the real pull-and-write.
 */
export interface ReportsDeps {
  run: ReportRunner;
}

const DEFAULT_DEPS: ReportsDeps = { run: sheetRunner };

/** ReportListView with the owner's heartbeat (an additive extra). */
export interface ReportListDetails extends ReportListView {
  scheduleOwner: ScheduleOwnerDetails;
}

const anyScheduled = (defs: StoredDefinition[]) => defs.some((d) => isScheduled(d.schedule));

function sameSchedule(a: ReportDefinition['schedule'], b: ReportDefinition['schedule']): boolean {
  return JSON.stringify(a ?? { every: 'off' }) === JSON.stringify(b ?? { every: 'off' });
}

export function saveReport(ex: Execution, definition: ReportDefinition): SavedReportView {
  const store = documentStore(ex);
  const clean = cleanDefinition(definition, { platform: ex.platform, timeZone: ex.platform.timeZone() });
  const now = ex.platform.now();
  const me = currentPerson(ex);
  let id = clean.id;
  let status = { ...EMPTY_STATUS };
  let sheetId: number | undefined;
  if (id) {
    const existing = getDefinition(store, id);
    if (!existing)
      throw new CreatorError('NOT_FOUND', 'This saved report no longer exists (someone may have deleted it). Save it as a new report.');
    status = getStatus(store, id);
    if (!sameSchedule(existing.schedule, clean.schedule)) status.scheduleSetAt = isScheduled(clean.schedule) ? now : null;
    // Same sheet name: keep following the sheet it wrote (renamed since or not).
    if (existing.sheetName === clean.sheetName) sheetId = existing.sheetId;
  } else {
    id = newReportId(ex, store);
    status.scheduleSetAt = isScheduled(clean.schedule) ? now : null;
  }
  // A sheet that already has its name (the builder's run wrote it) is followed by its ID from now
  // on: renamed before the first refresh, it is still the one refreshed, not forked by name.
  const spreadsheet = ex.platform.spreadsheet();
  if (spreadsheet) refuseTooCostly(ex, spreadsheet, clean);
  if (sheetId === undefined && spreadsheet) sheetId = spreadsheet.getSheetByName(clean.sheetName)?.getSheetId();
  // Whoever saves it (a new report or an edit) is the one whose credential it may use; anyone
  // else's refresh waits for their approval.
  const stored: StoredDefinition = { ...clean, id, by: me.id, approvedBy: [] };
  if (me.label) stored.byLabel = me.label;
  if (sheetId !== undefined) stored.sheetId = sheetId;
  status.needsApproval = null;
  storing(() => {
    putDefinition(store, stored);
    putStatus(store, id!, status);
  });
  // Saved from the builder's run: that run's data is this report's, and its refreshes replace it.
  if (!clean.id && spreadsheet) adoptBuilderBlock(spreadsheet, ex.platform, checkRunRequest(stored), id, isDemo(ex));
  reconcileTrigger(ex, store, anyScheduled(listDefinitions(store)));
  return savedView(ex, statusRowsOf(ex, [stored], (reportId) => getStatus(store, reportId), store)[0], me);
}

/** A report whose refreshes cannot fit (the spreadsheet, or a day's trigger time) is not saved. */
function refuseTooCostly(ex: Execution, spreadsheet: Spreadsheet, def: ReportDefinition): void {
  const run = checkRunRequest(def);
  const block = blockToRefresh(spreadsheet, ex.platform, run, def.id, isDemo(ex));
  const used = spreadsheet.getSheets().reduce((n, sheet) => n + sheet.getMaxRows() * sheet.getMaxColumns(), 0);
  checkRefreshCost(run.spec, def.schedule, block, used);
}

/** A full store (500 KB) says what was not saved and what to delete. */
const storing = <T>(write: () => T): T =>
  storeWrite(
    write,
    'the report was not saved',
    'Delete saved reports you no longer need, or shorten long site lists (use "all"), then save again.',
  );

/** Lets the caller's credential refresh a report someone else saved (the trigger and Refresh all). */
export function approveReport(ex: Execution, id: unknown): SavedReportView {
  const store = documentStore(ex);
  const me = currentPerson(ex);
  const def = getDefinition(store, String(id ?? ''));
  if (!def) throw new CreatorError('NOT_FOUND', 'This saved report no longer exists (someone may have deleted it). Reload the list.');
  if (!mayRun(def, me)) {
    const approved: StoredDefinition = { ...def, approvedBy: [...(def.approvedBy ?? []), me.id] };
    const status = { ...getStatus(store, def.id), needsApproval: null };
    storing(() => {
      putDefinition(store, approved);
      putStatus(store, def.id, status);
    });
    return savedView(ex, statusRowsOf(ex, [approved], () => status, store)[0], me);
  }
  return savedView(ex, statusRowsOf(ex, [def], (reportId) => getStatus(store, reportId), store)[0], me);
}

function runnerOf(ex: Execution, words: string): Runner {
  return { person: currentPerson(ex), words };
}

/**
 * The saved reports with each status as it really stands: this execution's own (stored or not),
 * else the later of the stored one and the one the status sheet keeps for a full store.
 */
function seen(ex: Execution, saved: SavedReports): SavedReports {
  const kept = readKept(ex);
  return { defs: saved.defs, statusOf: (id) => statusNow(ex, id, newer(kept.get(id), saved.statusOf(id))) };
}

function listWith(ex: Execution, store: PropertyStore, saved: SavedReports): ReportListDetails {
  const { defs, statusOf } = seen(ex, saved);
  const scheduled = anyScheduled(defs);
  const owner = reconcileTrigger(ex, store, scheduled);
  const me = currentPerson(ex);
  return {
    reports: statusRowsOf(ex, defs, statusOf, store).map((row) => savedView(ex, row, me)),
    timeZone: ex.platform.timeZone(),
    scheduleOwner: ownerView(ex, owner, scheduled),
  };
}

export function listReports(ex: Execution): ReportListDetails {
  const store = documentStore(ex);
  return listWith(ex, store, readSaved(store));
}

export function deleteReport(ex: Execution, id: string): { deleted: boolean } {
  const store = documentStore(ex);
  const def = getDefinition(store, String(id ?? ''));
  const deleted = deleteDefinition(store, String(id ?? ''));
  deleteWarehouseRecord(store, String(id ?? ''));
  // Its data stays in the sheet, and the builder may now replace it (running the same report there).
  const spreadsheet = ex.platform.spreadsheet();
  if (def && spreadsheet) releaseToBuilder(spreadsheet, ex.platform, checkRunRequest(def), def.id, isDemo(ex));
  const defs = listDefinitions(store);
  reconcileTrigger(ex, store, anyScheduled(defs));
  if (deleted && ex.platform.spreadsheet()?.getSheetByName(statusNames(ex).sheet)) {
    // Best effort: a running refresh rewrites the sheet itself when it ends.
    tryWithDocumentLock(ex, () => rewriteStatus(ex, store));
  }
  return { deleted };
}

function rewriteStatus(ex: Execution, store: PropertyStore): void {
  const saved = readSaved(store);
  const { defs, statusOf } = seen(ex, saved);
  const scheduled = anyScheduled(defs);
  // The record as it stands: only sidebar calls and the trigger change it.
  const owner = ownerView(ex, readOwner(store), scheduled);
  const full = storeWasFull(ex) || readKept(ex).size > 0;
  const sheet = writeStatusSheet(ex, statusRowsOf(ex, defs, statusOf, store), owner, full);
  if (sheet && full) {
    writeKept(
      ex,
      sheet,
      defs.map((d) => d.id),
      statusOf,
      saved.statusOf,
    );
  }
}

/**
 * No list means every saved report (the menu, "Refresh all"). A list names reports by ID; anything
 * else is refused before the lock, since guessing (an empty refresh, an ID "[object Object]")
 * would tell the user something false about their reports.
 */
function wantedIds(ids: unknown): string[] | null {
  if (ids === undefined || ids === null) return null;
  const refuse = (what: string): never => {
    throw new CreatorError(
      'BAD_INPUT',
      `refreshReports takes a list of saved report IDs, not ${what}. Leave it out to refresh every saved report.`,
    );
  };
  if (!Array.isArray(ids)) return refuse(describeInput(ids));
  return ids.map((id) => {
    if (typeof id !== 'string') return refuse(`a list holding ${describeInput(id)}`);
    return id.trim() || refuse('a list holding an empty ID');
  });
}

export function refreshReports(ex: Execution, ids?: unknown, deps: ReportsDeps = DEFAULT_DEPS): RefreshOutcome[] {
  const store = documentStore(ex);
  const wanted = wantedIds(ids);
  return withDocumentLock(ex, () => {
    const defs = listDefinitions(store);
    const chosen = wanted ? defs.filter((d) => wanted.indexOf(d.id) >= 0) : defs;
    const missing: RefreshOutcome[] = (wanted ?? [])
      .filter((id) => !defs.some((d) => d.id === id))
      .map((id) => ({
        id,
        name: id,
        outcome: 'error',
        message: `The saved report ${describeInput(id)} no longer exists (someone may have deleted it). Reload the list.`,
      }));
    const outcomes = refreshInOrder(ex, store, chosen, deps.run, runnerOf(ex, 'you'));
    rewriteStatus(ex, store);
    return [...outcomes, ...missing];
  });
}

export function summarize(outcomes: RefreshOutcome[], statusSheetName: string = STATUS_SHEET_NAME): string {
  if (outcomes.length === 0) return 'No saved reports yet: save one from the sidebar (Extensions > Creator Reporting > Open sidebar).';
  const ok = outcomes.filter((o) => o.outcome === 'ok').length;
  const failed = outcomes.filter((o) => o.outcome === 'error');
  const waiting = outcomes.filter((o) => o.outcome === 'skipped' && isApprovalMessage(o.message));
  const skipped = outcomes.filter((o) => o.outcome === 'skipped' && !isApprovalMessage(o.message));
  const parts = [`Refreshed ${ok} of ${outcomes.length} report${outcomes.length === 1 ? '' : 's'}.`, ...noticeLines(outcomes)];
  if (failed.length)
    parts.push(
      `Failed: ${failuresByMessage(failed)
        .map((f) => `${f.names.join(', ')} (${f.message})`)
        .join('; ')}.`,
    );
  if (waiting.length)
    parts.push(
      `Waiting for your approval (saved by someone else): ${waiting.map((o) => o.name).join(', ')}; approve them in the sidebar to refresh them with your credential.`,
    );
  if (skipped.length) parts.push(`Not reached in time: ${skipped.map((o) => o.name).join(', ')}; refresh again to finish.`);
  if (failed.length || skipped.length || waiting.length) parts.push(`Details in the "${statusSheetName}" sheet.`);
  return parts.join(' ');
}

export function refreshAllFromMenu(ex: Execution, deps: ReportsDeps = DEFAULT_DEPS): void {
  const message = summarize(refreshReports(ex, undefined, deps), statusNames(ex).sheet);
  ex.platform.spreadsheet()?.toast(message, 'Creator Reporting', 10);
}

export function showStatusSheet(ex: Execution): void {
  const store = documentStore(ex);
  // A refresh holding the lock rewrites the sheet when it ends; then just show what is there.
  tryWithDocumentLock(ex, () => rewriteStatus(ex, store));
  const sheet = ex.platform.spreadsheet()?.getSheetByName(statusNames(ex).sheet);
  if (sheet) bringIntoView(sheet);
}

export function takeOverSchedule(ex: Execution): ReportListDetails {
  const store = documentStore(ex);
  const saved = readSaved(store);
  if (!anyScheduled(saved.defs))
    throw new CreatorError('BAD_INPUT', 'No saved report has a schedule yet: set one first, and your trigger will run it.');
  takeOver(ex, store);
  return listWith(ex, store, saved);
}

/**
 * The hourly trigger. Under the document lock: check this trigger is still the recorded one, then
 * refresh what is due, oldest slot first, recording each report as it finishes so the next run
 * continues where this one stopped. Busy (someone is refreshing by hand): try again next hour.
 * Returns what was refreshed (maybe nothing), or null when this run did not run the schedules.
 */
export function runScheduled(ex: Execution, event?: unknown, deps: ReportsDeps = DEFAULT_DEPS): ScheduledRun | null {
  const firingId = (event as { triggerUid?: unknown } | undefined)?.triggerUid;
  const firing = firingId === undefined ? undefined : String(firingId);
  if (!ex.platform.documentProperties) {
    recordUnreachable(ex, firing);
    return null;
  }
  const store = documentStore(ex);
  let result: ReturnType<typeof tryWithDocumentLock<ScheduledRun | null>>;
  try {
    result = tryWithDocumentLock(ex, (): ScheduledRun | null => {
      const { defs, statusOf } = seen(ex, readSaved(store));
      if (!claimTriggerRun(ex, store, anyScheduled(defs), firing)) return null;
      const due = dueReports(defs, statusOf, ex.platform.now(), zoneOf(ex));
      const outcomes = due.length ? refreshInOrder(ex, store, due, deps.run, runnerOf(ex, "the schedules' owner")) : [];
      rewriteStatus(ex, store);
      return { outcomes, definitions: due };
    });
  } catch (error) {
    // The document's properties but no active spreadsheet (also unconfirmed): its triggers cannot
    // be listed (the platform says NO_SPREADSHEET) and nothing could be written.
    if (!isCreatorError(error) || error.code !== 'NO_SPREADSHEET') throw error;
    recordUnreachable(ex, firing);
    return null;
  }
  if (!result.ran) ex.platform.log('Creator Reporting: another refresh held the document; the due reports run at the next trigger.');
  return result.ran ? result.value : null;
}

export interface ScheduledRun {
  outcomes: RefreshOutcome[];
  /** The reports that were due, as they were defined when the run began. */
  definitions: StoredDefinition[];
}

/** What the owner reads on their next open when a trigger run could not reach the spreadsheet. */
export function unreachableMessage(at: number): string {
  return `The scheduled refresh at ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC could not open this spreadsheet (Google gave the trigger no access to it), so no saved report was refreshed. Use Refresh all reports in the menu meanwhile; docs/platform.md lists what to check.`;
}

/**
 * A trigger run that cannot reach its spreadsheet (no document properties, or no active
 * spreadsheet: where Google gives a trigger no document, which is unconfirmed) can do nothing, but must not be silent: it files the
 * reason in its owner's own properties, under the document the trigger was created for, and the
 * owner sees it on their next open (the menu's toast, the sidebar's schedule line).
 */
function recordUnreachable(ex: Execution, firingId: string | undefined): void {
  const own = ownStore(ex);
  const now = ex.platform.now();
  ex.platform.log('Creator Reporting: the schedule trigger could not reach its spreadsheet; nothing was refreshed.');
  if (!own) return;
  const documentId = (firingId && documentOfTrigger(own, firingId)) || UNKNOWN_DOCUMENT;
  recordProblem(own, documentId, { message: unreachableMessage(now), at: now });
}

/** onOpen: tells the owner about a trigger run that could not reach this spreadsheet. Never throws. */
export function announceScheduleProblem(ex: Execution): void {
  try {
    const own = ownStore(ex);
    const problem = own && readProblem(own, documentIdOf(ex));
    if (problem) ex.platform.spreadsheet()?.toast(problem.message, 'Creator Reporting', 20);
  } catch (_) {
    // In a restricted open (AuthMode.LIMITED) the properties may be out of reach: the sidebar shows it.
  }
}

/** exportReportNow(id): the report's rows to its BigQuery table now (a history: its whole ledger, over several calls). */
export function exportReportNow(ex: Execution, id: unknown): WarehouseExportResult {
  const store = documentStore(ex);
  const def = getDefinition(store, String(id ?? ''));
  if (!def) throw new CreatorError('NOT_FOUND', 'This saved report no longer exists (someone may have deleted it). Reload the list.');
  const me = currentPerson(ex);
  if (!mayRun(def, me)) throw new CreatorError('FORBIDDEN', approvalMessage(def, me, 'you'));
  const result = exportNow(ex, store, def);
  if (ex.platform.spreadsheet()?.getSheetByName(statusNames(ex).sheet)) tryWithDocumentLock(ex, () => rewriteStatus(ex, store));
  return result;
}

/** testWarehouse({projectId, datasetId, tableId}): what is missing, in words; nothing is written. */
export function testWarehouse(ex: Execution, destination: unknown): WarehouseTestResult {
  const dest = cleanWarehouse(destination);
  if (!dest) throw new CreatorError('BAD_INPUT', 'Give the BigQuery project, dataset and table to test.');
  return testAccess(ex, dest);
}
