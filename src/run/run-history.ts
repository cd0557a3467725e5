import { isDemo } from '../settings/demo-flag';
import { DEMO_NOTE_LINE } from './block-note';
import { CreatorError, isCreatorError, userMessage } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { Platform, Spreadsheet } from '../platform/types';
import { HISTORY_DATE_FIELD, pullHistory } from '../pull/pull-history';
import type { RunReportRequest, RunReportResult } from '../shared/types';
import { HISTORY_NOTE_MARK, historyBlock, nearlyFull, upsertHistoryBlock, type HistoryFacts } from '../sheet/upsert-history';
import { addDays, dayReader } from '../dates';
import { elapsedSeconds, siteLabels, type RunToSheetOptions } from './run-report';
import { withDocumentLock } from './document-lock';
import { thousands } from '../shared/text-size';
import { reportProgress } from './progress';
import { checkRunRequest, keyFields, pullBasics } from './run-request';

const LAST_CHANGE = 'Last change to a past day: ';

/**
 * A saved report that keeps its history: each refresh reads from `revisionDays` before the last
 * stored day to the last day with data and upserts one row per site, day and dimension (see
 * upsertHistoryBlock). The pull finishes before the sheet is touched, as for every report.
 */
export function runHistoryToSheet(
  execution: Execution,
  request: RunReportRequest,
  opts: RunToSheetOptions & { blockId: string },
): RunReportResult {
  const { platform } = execution;
  const startedAt = platform.now();
  const run = checkRunRequest(request);
  const revisionDays = request.history?.revisionDays ?? 7;
  const progress = (message: string, page: number, pages: number | null, done = false): void => {
    reportProgress(platform.userCache, run.runId, { message, page, pages, done });
    if (!done) opts.onProgress?.(message, page, pages);
  };
  const spreadsheet: Spreadsheet | null = platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to write the report into.');
  const dayOf = dayReader(platform, platform.timeZone());

  try {
    progress(`Starting ${run.spec.label} (history)`, 0, null);
    const lastStoredDay = storedLastDay(spreadsheet, run.sheetName, opts.blockId, dayOf);
    const pulled = pullHistory(
      execution,
      { ...pullBasics(run), revisionDays, lastStoredDay },
      {
        purpose: 'user',
        bypassCache: opts.bypassCache,
        onProgress: (message, page, pages) => progress(message.charAt(0).toUpperCase() + message.slice(1), page, pages),
      },
    );
    const columns = pulled.table.columns;
    const keys = new Set(keyFields(pulled.spec));
    const keyColumns = columns.map((c, i) => (keys.has(c.field) ? i : -1)).filter((i) => i >= 0);
    const dayColumn = columns.findIndex((c) => c.field === HISTORY_DATE_FIELD);
    const windowStart = lastStoredDay === null ? null : addDays(lastStoredDay, -revisionDays);
    progress(`Writing ${thousands(pulled.table.rows.length)} rows of history`, 0, null);

    return withDocumentLock(execution, () => {
      const written = upsertHistoryBlock(spreadsheet, {
        sheetName: run.sheetName,
        blockId: opts.blockId,
        table: pulled.table,
        keyColumns,
        dayColumn,
        windowStart,
        dayOf,
        startCell: request.startCell,
        now: () => platform.now(),
        note: (facts) =>
          historyNote(platform, facts, {
            demo: isDemo(execution),
            reportLabel: run.spec.label,
            sites: siteLabels(pulled.sites, run.siteId),
            revisionDays,
            dataThrough: pulled.dataThrough,
            refreshedAt: platform.now(),
          }),
      });
      progress(
        `History in ${written.sheetName}: ${thousands(written.added)} rows added, ${thousands(written.updated)} revised`,
        0,
        null,
        true,
      );
      return {
        sheetName: written.sheetName,
        range: written.range,
        rows: written.rows,
        startDate: written.firstDay,
        endDate: written.lastDay,
        dataThrough: pulled.dataThrough,
        seconds: elapsedSeconds(platform, startedAt),
        truncated: false,
      };
    });
  } catch (error) {
    progress(isCreatorError(error) ? userMessage(error) : 'The run failed.', 0, null, true);
    throw error;
  }
}

/** The last day the history holds, or null when there is none yet (the first backfill). */
function storedLastDay(
  spreadsheet: Spreadsheet,
  sheetName: string,
  blockId: string,
  dayOf: (cell: unknown) => string | null,
): string | null {
  const sheet = spreadsheet.getSheetByName(sheetName.trim());
  const block = historyBlock(spreadsheet, sheet, blockId);
  if (!sheet || !block || block.rows < 2) return null;
  const header = sheet.getRange(block.row, block.col, 1, block.cols).getValues()[0];
  const at = header.indexOf('Date');
  if (at < 0) return null;
  let last: string | null = null;
  for (const [cell] of sheet.getRange(block.row + 1, block.col + at, block.rows - 1, 1).getValues()) {
    const day = dayOf(cell);
    if (day !== null && (last === null || day > last)) last = day;
  }
  return last;
}

interface HistoryNoteContext {
  /** Written in demo mode: the note says so. */
  demo?: boolean;
  reportLabel: string;
  sites: string[];
  revisionDays: number;
  dataThrough: string | null;
  refreshedAt: number;
}

/** The history block's note: its days, its revision window, and when a past day last changed. */
export function historyNote(platform: Platform, facts: HistoryFacts, ctx: HistoryNoteContext): string {
  const zone = platform.timeZone();
  const refreshed = platform.formatDate(new Date(ctx.refreshedAt), zone, 'yyyy-MM-dd HH:mm');
  const lines = [`Creator Reporting: ${ctx.reportLabel} ${HISTORY_NOTE_MARK}`];
  if (ctx.demo) lines.push(DEMO_NOTE_LINE);
  if (ctx.sites.length) lines.push(`${ctx.sites.length === 1 ? 'Site' : 'Sites'}: ${ctx.sites.join(', ')}`);
  lines.push(
    facts.firstDay && facts.lastDay
      ? `History: ${facts.firstDay} to ${facts.lastDay} (${thousands(facts.rows)} rows)`
      : 'History: no days yet',
  );
  lines.push(
    `Revision window: each refresh re-reads the ${ctx.revisionDays} days before the last stored day and updates them in place; older rows are never touched`,
  );
  const earlier = facts.previousNote.split('\n').find((line) => line.startsWith(LAST_CHANGE));
  if (facts.revisedDay)
    lines.push(
      `${LAST_CHANGE}${facts.revisedDay} (refresh of ${refreshed}, ${facts.updated} row${facts.updated === 1 ? '' : 's'} revised)`,
    );
  else lines.push(earlier ?? `${LAST_CHANGE}none yet`);
  if (ctx.dataThrough) lines.push(`Data through: ${ctx.dataThrough} (the last few days may still be revised)`);
  lines.push(`Refreshed: ${refreshed} (${zone})`);
  if (nearlyFull(facts)) {
    lines.push(
      `Warning: this sheet uses ${Math.round(facts.sheetShare * 100)}% of the 10 million cells a spreadsheet holds; start a new history elsewhere before it fills up.`,
    );
  }
  return lines.join('\n');
}
