import { CreatorError, isCreatorError, userMessage } from '../shared/errors';
import { timeLeft, type Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import type { WarehouseDestination, WarehouseExportResult } from '../shared/types';
import { thousands } from '../shared/text-size';
import { nextStep } from '../warehouse/backfill-plan';
import { OutOfTime, stepClock, stopBy, type StepClock } from '../platform/deadline';
import { exportExtract, type ExportOutcome } from '../warehouse/export-rows';
import { extractFromLedger, extractFromPull, readLedger, type ExportSource } from '../warehouse/sources';
import { getWarehouseRecord, putWarehouseRecord, type WarehouseRecord } from './warehouse-status';
import type { StoredDefinition } from './report-store';

/**
 * Saved reports into BigQuery: after each successful refresh (the days it pulled: a plain
 * report's window, a history's revised and new days, read back from the ledger), and on
 * exportReportNow (a history's whole ledger, a window of days per step, checkpointed so a large
 * one continues in the next call or the next scheduled run). An export never fails a refresh: its
 * outcome is the report's own line on the card and the status sheet.
 */

/** Do not start an export step with less than this left (a load and a MERGE, then the record). */
export const EXPORT_MARGIN_MS = 60_000;

export const tableText = (d: WarehouseDestination): string => `${d.projectId}.${d.datasetId}.${d.tableId}`;

export function sourceOf(def: StoredDefinition): ExportSource {
  return {
    id: def.id,
    report: def.report,
    siteId: def.siteId,
    start: def.start,
    end: def.end,
    limit: def.options?.limit,
    sort: def.options?.sort,
    mode: def.mode === 'history' ? 'history' : 'replace',
    sheetName: def.sheetName,
    sheetId: def.sheetId,
  };
}

const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);

function done(out: ExportOutcome, dest: WarehouseDestination): string {
  const jobs = `${out.loadJobs} load job${out.loadJobs === 1 ? '' : 's'}${out.queryJobs ? ` and ${out.queryJobs} query` : ''}`;
  const sandbox =
    out.mode === 'partitions' ? ' by day partition (BigQuery sandbox: no billing, so the table expires 60 days after it was made)' : '';
  return `${thousands(out.rows)} rows sent to ${tableText(dest)} (${jobs})${sandbox}.`;
}

/** A failed export, as its record: what to do, and what it still owes. */
function failed(ex: Execution, record: WarehouseRecord, error: unknown, owedFrom: string | null): WarehouseRecord {
  const notAllowed = isCreatorError(error) && error.providerCode === 'noScope';
  const late = isCreatorError(error) && error.code === 'TIME_BUDGET';
  return {
    ...record,
    outcome: notAllowed ? 'notAllowed' : late ? 'pending' : 'error',
    at: ex.platform.now(),
    message: `${userMessage(error)}${notAllowed || late ? '' : ' The export is tried again at the next refresh; the table was not changed.'}`,
    owedFrom: earlier(record.owedFrom, owedFrom),
  };
}

function succeeded(ex: Execution, record: WarehouseRecord, out: ExportOutcome, dest: WarehouseDestination): WarehouseRecord {
  return {
    ...record,
    outcome: 'ok',
    at: ex.platform.now(),
    rows: out.rows,
    message: done(out, dest),
    sandbox: out.mode !== 'merge',
    expiresAt: out.expiresAt,
    owedFrom: null,
  };
}

/** After a successful refresh: the refreshed days go to the table. Never throws. */
export function exportAfterRefresh(
  ex: Execution,
  store: PropertyStore,
  def: StoredDefinition,
  refreshed: { startDate: string | null; endDate: string | null },
): WarehouseRecord | null {
  const dest = def.warehouse;
  if (!dest) return null;
  let record = getWarehouseRecord(store, def.id, tableText(dest));
  if (def.mode === 'history' && (record.backfill || record.outcome === 'never')) return backfillSteps(ex, store, def, dest, record).record;
  const owed = refreshed.startDate;
  if (timeLeft(ex) < EXPORT_MARGIN_MS) {
    record = {
      ...record,
      outcome: 'pending',
      at: ex.platform.now(),
      message: 'Not exported in this run (its time ran out); it is exported at the next refresh.',
      owedFrom: earlier(record.owedFrom, owed),
    };
    putWarehouseRecord(store, def.id, record);
    return record;
  }
  try {
    const src = sourceOf(def);
    const extract =
      src.mode === 'history'
        ? extractFromLedger(ex, src, { from: earlier(record.owedFrom, refreshed.startDate) ?? '', to: refreshed.endDate ?? '' })
        : extractFromPull(ex, src);
    record = succeeded(ex, record, exportExtract(ex, dest, extract, { sandbox: record.sandbox }), dest);
  } catch (error) {
    record = failed(ex, record, error, owed);
  }
  putWarehouseRecord(store, def.id, record);
  return record;
}

/**
 * A history's whole ledger, a window of whole days at a time (a day is never split between steps,
 * so a sandbox partition load always carries its whole day), each step recorded before the next:
 * an execution that ends midway leaves a checkpoint the next call continues from.
 */
function backfillSteps(
  ex: Execution,
  store: PropertyStore,
  def: StoredDefinition,
  dest: WarehouseDestination,
  start: WarehouseRecord,
): { record: WarehouseRecord; done: boolean } {
  let record = start;
  try {
    const ledger = readLedger(ex, sourceOf(def));
    const perDay = new Map<string, number>();
    for (const d of ledger.dayOfRow) perDay.set(d, (perDay.get(d) ?? 0) + 1);
    let next = record.backfill ? ledger.days.findIndex((d) => d >= (record.backfill?.nextDay ?? '')) : 0;
    if (next < 0) next = ledger.days.length;
    let exported = record.backfill?.exported ?? 0;
    const total = ledger.rows.length;
    const startedAt = record.backfill?.startedAt ?? ex.platform.now();
    // The scale issue's step clock: a step starts only if, at the pace of the steps done, it
    // still ends before the execution's stop time (the first only with a minute left).
    const clock = stepClock(stopBy(ex), () => ex.platform.now());
    while (next < ledger.days.length) {
      const step = nextStep(ledger.days, perDay, next);
      if (timeLeft(ex) < EXPORT_MARGIN_MS || !fits(clock)) {
        record = {
          ...record,
          outcome: 'pending',
          at: ex.platform.now(),
          message: `Backfill continuing: ${thousands(exported)} of ${thousands(total)} rows sent to ${tableText(dest)}.`,
          backfill: { nextDay: ledger.days[next], exported, total, startedAt },
        };
        putWarehouseRecord(store, def.id, record);
        return { record, done: false };
      }
      let out: ExportOutcome;
      try {
        const window = { from: step.from, to: step.to };
        // In the sandbox (no MERGE) the whole ledger goes straight in: the first step replaces the
        // table, the others append their days (a day is never in two steps).
        const direct = record.sandbox ? (exported === 0 ? 'truncate' : 'append') : undefined;
        const jobIdPrefix = `creator_backfill_${def.id}_${startedAt}_${step.from.replace(/-/g, '')}`;
        out = clock.run(1, () =>
          exportExtract(ex, dest, extractFromLedger(ex, sourceOf(def), window), {
            sandbox: record.sandbox,
            fallback: false,
            direct,
            jobIdPrefix,
          }),
        );
      } catch (error) {
        if (!isCreatorError(error) || error.providerCode !== 'billing' || record.sandbox) throw error;
        // The sandbox: the same days again, straight into the table.
        record = { ...record, sandbox: true };
        continue;
      }
      exported += out.rows;
      next = step.last + 1;
      record = {
        ...succeeded(ex, record, out, dest),
        rows: exported,
        backfill: next < ledger.days.length ? { nextDay: ledger.days[next], exported, total, startedAt } : null,
      };
      record.message =
        next < ledger.days.length
          ? `Backfill continuing: ${thousands(exported)} of ${thousands(total)} rows sent to ${tableText(dest)}.`
          : `The whole history (${thousands(exported)} rows) is in ${tableText(dest)}.${record.sandbox ? ' BigQuery sandbox: the table expires 60 days after it was made.' : ''}`;
      putWarehouseRecord(store, def.id, record);
    }
    return { record, done: true };
  } catch (error) {
    record = failed(ex, record, error, null);
    putWarehouseRecord(store, def.id, record);
    return { record, done: false };
  }
}

/**
 * Whether one more step fits at the pace of the steps done (the first always does). A step is the
 * unit, not a row: its time is mostly BigQuery's per-job latency, so a short last step is priced
 * like a full one (on the safe side).
 */
function fits(clock: StepClock): boolean {
  try {
    clock.before(1);
    return true;
  } catch (error) {
    if (error instanceof OutOfTime) return false;
    throw error;
  }
}

/** exportReportNow(id): a plain report's rows now; a history's whole ledger, continued while called. */
export function exportNow(ex: Execution, store: PropertyStore, def: StoredDefinition): WarehouseExportResult {
  const dest = def.warehouse;
  if (!dest)
    throw new CreatorError('BAD_INPUT', `"${def.name ?? def.id}" has no BigQuery table: add one under "Also send to BigQuery" first.`);
  let record = getWarehouseRecord(store, def.id, tableText(dest));
  if (def.mode === 'history') {
    // A new call starts a new backfill unless one is under way.
    if (!record.backfill) record = { ...record, backfill: { nextDay: '', exported: 0, total: 0, startedAt: ex.platform.now() } };
    const step = backfillSteps(ex, store, def, dest, record);
    const b = step.record.backfill;
    if (step.record.outcome === 'error' || step.record.outcome === 'notAllowed') throw new CreatorError('WAREHOUSE', step.record.message);
    return {
      done: step.done,
      rows: step.record.rows ?? 0,
      exported: b?.exported ?? step.record.rows ?? 0,
      total: b?.total ?? step.record.rows ?? 0,
      message: step.record.message,
    };
  }
  try {
    record = succeeded(ex, record, exportExtract(ex, dest, extractFromPull(ex, sourceOf(def)), { sandbox: record.sandbox }), dest);
    putWarehouseRecord(store, def.id, record);
  } catch (error) {
    putWarehouseRecord(store, def.id, failed(ex, record, error, null));
    throw error;
  }
  return { done: true, rows: record.rows ?? 0, exported: record.rows ?? 0, total: record.rows ?? 0, message: record.message };
}
