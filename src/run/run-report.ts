import { isDemo } from '../settings/demo-flag';
import { CreatorError, isCreatorError, userMessage } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { Platform, Spreadsheet } from '../platform/types';
import { pullReport } from '../pull/pull-report';
import type { RunReportRequest, RunReportResult } from '../shared/types';
import type { WriteBlockInput } from '../sheet/report-table';
import { applyBindings } from '../bindings/apply-bindings';
import { writeReportBlock } from '../sheet/write-report-block';
import { bringIntoView } from '../sheet/bring-into-view';
import { SORT_REPLACED } from '../sheet/block-write';
import { SupersededWrite } from '../sheet/direct-write';
import { streamReportBlock, type StreamedBlock } from '../sheet/stream-report-block';
import { blockNote } from './block-note';
import { withDocumentLock } from './document-lock';
import { throttledProgress } from './progress';
import { stopBy } from '../platform/deadline';
import { type CheckedRun, checkRunRequest, keyFields, pullBasics } from './run-request';
import { builderBlockId, claimTarget } from './target-sheet';
import { thousands } from '../shared/text-size';
import type { RunContinuation } from './continue-run';
import { continuationFor } from './builder-continuation';
import { continuingText } from './continuation';

export interface RunToSheetOptions {
  /** The block's owner id: a saved report's id. Default: one block per target sheet. */
  blockId?: string;
  /** The sheet a saved report last wrote, by ID: followed when the user renamed it. */
  sheetId?: number | null;
  /** Skip cached API results (a forced refresh). */
  bypassCache?: boolean;
  /** Show the sheet written to (a person ran it from the sidebar and wants to see the result). */
  activate?: boolean;
  /**
   * A saved report's run, or a builder run whose page chains calls (`request.mayContinue`), may
   * continue in later executions (continue-run.ts, builder-continuation.ts) instead of failing
   * when it cannot finish in this one: it then throws a Continuing error, the old data untouched.
   */
  continuable?: boolean;
  /** Called as pages arrive and before writing, besides the runId progress the page polls. */
  onProgress?: (message: string, page: number, pages: number | null) => void;
}

/** Seconds since `startedAt`, to a tenth: how long a run took, in results and saved statuses alike. */
export function elapsedSeconds(platform: Pick<Platform, 'now'>, startedAt: number): number {
  return Math.round((platform.now() - startedAt) / 100) / 10;
}

export function siteLabels(sites: string[], fallback: string | string[]): string[] {
  if (sites.length) return sites;
  return (Array.isArray(fallback) ? fallback : [fallback]).filter((s) => s !== '');
}

/** Where a run's block goes (everything of the write but the rows and the note). */
type BlockTarget = Omit<WriteBlockInput, 'table' | 'note' | 'onProgress' | 'resume'>;

/**
 * No blockId: the builder's block for this report and its sites on the sheet, named with the
 * sheet's ID (which survives renames) once the writer knows the sheet. A sheet the writer makes
 * for a write that fails goes again.
 */
function blockTarget(execution: Execution, run: CheckedRun, opts: RunToSheetOptions): BlockTarget {
  const { platform } = execution;
  return {
    sheetName: run.sheetName,
    blockId: opts.blockId ?? ((sheetId: number) => builderBlockId(platform, sheetId, run.spec.key, run.siteId, isDemo(execution))),
    sheetId: opts.sheetId,
    startCell: run.startCell,
    // A block written straight into a new sheet is claimed and filled under the
    // lock, a chunk at a time, so no other run's write interleaves with it.
    exclusive: (work) => withDocumentLock(execution, work),
    now: () => platform.now(),
    // The writes stop cleanly before Google's limit rather than being killed midway.
    stopBy: stopBy(execution),
    // What a whole execution has: a commit that could not fit one is refused, not tried daily.
    executionMs: stopBy(execution) - execution.startedAt,
  };
}

/**
 * Pulls a report and writes it as one block, all or nothing: a failed pull (auth, bounds, rate
 * limits, time) leaves the user's sheets exactly as they were. A pull of one site without totals
 * or a comparison is streamed: each page is converted and written as it arrives (memory
 * stays at a few batches of writes): straight into a new sheet (hidden until complete), else staged on a hidden
 * sheet (see src/sheet/block-write.ts); the block is finished at the end, under the document lock,
 * and any failure removes what was written. Other pulls need every row first (totals, a
 * comparison, several sites stacked) and are written whole, the same way.
 * Shared by the sidebar's Run and by saved reports (with their own blockId).
 */
export function runReportToSheet(execution: Execution, request: RunReportRequest, opts: RunToSheetOptions = {}): RunReportResult {
  const { platform } = execution;
  // Checked before anything reads it: a bad request gets its own words, and its runId keys a checkpoint.
  const asked = checkRunRequest(request);
  const cont = opts.continuable ? continuationFor(execution, request, opts.blockId) : null;
  // A continued run took its earlier executions too: "in 12 min" is the whole run's time.
  const startedAt = cont?.resumed ? cont.startedAt : platform.now();
  const run = cont ? checkRunRequest(cont.request) : asked;
  const write = throttledProgress(platform, run.runId);
  /** `step` marks a repeated update (a page, a chunk written): those are throttled. */
  const progress = (message: string, page: number, pages: number | null, done = false, step = false): void => {
    write({ message, page, pages, done }, !step || page === pages);
    if (!done) opts.onProgress?.(message, page, pages);
  };

  try {
    // A continued run says how far it is until this execution's own pages and writes take over:
    // the rows staged, as its last execution said (not the earlier row its pull asks again from).
    const resumedAt = cont?.resumed ? { rows: cont.target.resume?.rows ?? cont.pull.fromRow, total: cont.expected() } : null;
    progress(resumedAt ? continuingText(resumedAt) : `Starting ${run.spec.label}`, 0, null);
    const spreadsheet: Spreadsheet | null = platform.spreadsheet();
    if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to write the report into.');
    // A run that could not write its result must find out before it spends minutes pulling it.
    claimTarget(spreadsheet, platform, run, opts.blockId, isDemo(execution));
    const target = blockTarget(execution, run, opts);
    const attempt = (): RunReportResult => {
      // A continued run recognises rows served again by the report's key, not by their metrics.
      const key = cont ? { keyFields: keyFields(run.spec) } : {};
      const streamed = streamReportBlock(spreadsheet, { ...target, ...cont?.target, ...key }, (done, expected) =>
        progress(`Writing rows ${thousands(done)}${expected === null ? '' : ` of ${thousands(expected)}`}`, 0, null, false, true),
      );
      try {
        return pullAndWrite({ execution, run, opts, startedAt, progress, cont }, spreadsheet, target, streamed);
      } catch (error) {
        throw cont ? cont.fail(error, streamed) : error;
      } finally {
        // Committed or failed: nothing of an unfinished write is left behind.
        streamed.abort();
      }
    };
    try {
      return attempt();
    } catch (error) {
      // Another run of this report (a double click, a second editor) wrote the new sheet's block
      // first, over this run's unfinished rows: this run's data is as new, so it is written again,
      // as a refresh of that block (the pull comes from the response cache).
      if (!(error instanceof SupersededWrite)) throw error;
      progress('Another run of this report wrote it first: writing this run over it', 0, null);
      return attempt();
    }
  } catch (error) {
    // The page stops polling on `done`; the failure itself reaches it through the call's own error.
    progress(isCreatorError(error) ? userMessage(error) : 'The run failed.', 0, null, true);
    throw error;
  }
}

/** What one run's pull and write share: the request as checked, its options, its start and its progress. */
interface RunContext {
  execution: Execution;
  run: CheckedRun;
  opts: RunToSheetOptions;
  startedAt: number;
  cont: RunContinuation | null;
  /** `step` marks a repeated update (a page, a chunk written): those are throttled. */
  progress(message: string, page: number, pages: number | null, done?: boolean, step?: boolean): void;
}

/**
 * A run continued across executions commits only the whole report: rows the API's pages lost or
 * added between executions (beyond the one page deduped) make it start over instead.
 */
function checkWhole(staged: number, expected: number | null): void {
  if (expected === null || staged === expected) return;
  throw new CreatorError(
    'PAGINATION',
    `The report's rows changed while it was being pulled across several runs (${thousands(staged)} rows instead of ${thousands(expected)}). The previous data is unchanged; it starts over next time.`,
  );
}

/** The pull, then the write of its block under the document lock, then the run's result. */
function pullAndWrite(c: RunContext, spreadsheet: Spreadsheet, target: BlockTarget, streamed: StreamedBlock): RunReportResult {
  const { execution, run, opts, startedAt, progress, cont } = c;
  const { platform } = execution;
  const pulled = pullReport(
    execution,
    { ...pullBasics(run), columns: run.columns, totals: run.totals, compareTo: run.compareTo },
    {
      purpose: 'user',
      bypassCache: opts.bypassCache,
      forSheet: true,
      // The pull says "fetched page 3 of 201" (or "site-2 (2 of 4): fetched ..."): shown as a sentence.
      onProgress: (message: string, page: number, pages: number | null) =>
        progress(message.charAt(0).toUpperCase() + message.slice(1), page, pages, false, true),
      stream: cont ? cont.stream(streamed) : streamed,
      ...(cont ? { resume: cont.pull } : {}),
    },
  );
  const rows = cont?.resumed && pulled.streamed ? streamed.staged : pulled.rows;
  if (cont?.resumed) checkWhole(streamed.staged, cont.expected());
  progress(`Writing ${thousands(rows)} rows`, 0, null);

  return withDocumentLock(execution, () => {
    const note = blockNote(platform, {
      demo: isDemo(execution),
      reportLabel: run.spec.label,
      sites: siteLabels(pulled.sites, run.siteId),
      startDate: pulled.startDate,
      endDate: pulled.endDate,
      dataThrough: pulled.dataThrough,
      rows,
      totalRows: pulled.totalRows,
      comparison: pulled.comparison,
      truncated: pulled.truncated,
      notices: pulled.notices,
      clamped: pulled.clamped,
      refreshedAt: platform.now(),
    });
    const written = pulled.streamed
      ? streamed.commit(note, pulled.table.columns)
      : writeReportBlock(spreadsheet, {
          ...target,
          // The overall Total row ends the block (each site's total, between its rows, sorts with them).
          table: { ...pulled.table, fixedTail: pulled.totalRows > 0 ? 1 : 0 },
          note,
          onProgress: (done, total) => {
            if (done < total) progress(`Writing rows ${thousands(done)} of ${thousands(total)}`, 0, null, false, true);
          },
        });
    cont?.done();
    // Charts and tiles bound to this block follow it (dashboards); none for a plain pull.
    applyBindings(execution, written.blockId);
    const result: RunReportResult = {
      sheetName: written.sheetName,
      sheetId: written.sheetId,
      range: written.range,
      rows: written.rows,
      startDate: pulled.startDate,
      endDate: pulled.endDate,
      dataThrough: pulled.dataThrough,
      seconds: elapsedSeconds(platform, startedAt),
      truncated: pulled.truncated,
      // Said where the run's outcome is shown too, not only in the block's note.
      ...(pulled.notices.length || written.sortReplaced
        ? { notices: [...pulled.notices, ...(written.sortReplaced ? [SORT_REPLACED] : [])] }
        : {}),
    };
    const sheet = opts.activate ? spreadsheet.getSheetByName(written.sheetName) : null;
    if (sheet) bringIntoView(sheet);
    progress(`Wrote ${thousands(written.rows)} rows to ${written.sheetName}`, 0, null, true);
    return result;
  });
}
