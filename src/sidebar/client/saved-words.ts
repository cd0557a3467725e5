import type { RefreshOutcome, SavedReportView, Schedule, ScheduleOwnerView } from '../../shared/types';
import { describeSchedule, isScheduled } from '../../reports/schedule';
import { thousands } from '../../shared/text-size';
import { sitesInWords } from '../../shared/site-words';
import { findReport } from '../../catalog/reports';
import { COMPARE_LABEL } from '../../dates/compare-period';
import { isApprovalMessage } from '../../shared/approval-words';
import { failuresByMessage, noticeLines } from '../../shared/outcome-words';

/** The Saved tab's sentences: a card's shape, schedule and status, who runs the schedules, a refresh's outcome. */

/** A sort as a card says it: "by RPM", the column's header where the catalog knows the field. */
function sortedBy(sort: string, report: string | undefined): { by: string; desc: boolean } {
  const desc = sort.startsWith('-');
  const field = sort.replace(/^-/, '');
  const header = (report ? findReport(report) : undefined)?.columns.find((c) => c.field === field)?.header;
  return { by: `by ${header ?? field}`, desc };
}

/**
 * What the options change about the table, as a card and the save dialog say it: "top 10 by RPM,
 * 3 columns, with totals, compared with the previous period".
 */
export function shapeWords(options: SavedReportView['options'], report?: string): string {
  if (!options) return '';
  const parts: string[] = [];
  const sort = options.sort ? sortedBy(options.sort, report) : null;
  if (options.limit !== undefined && sort) parts.push(`${sort.desc ? 'top' : 'lowest'} ${thousands(options.limit)} ${sort.by}`);
  else if (options.limit !== undefined) parts.push(`at most ${thousands(options.limit)} ${options.limit === 1 ? 'row' : 'rows'}`);
  else if (sort) parts.push(`sorted ${sort.by}, ${sort.desc ? 'highest' : 'lowest'} first`);
  if (options.columns?.length) parts.push(`${options.columns.length} ${options.columns.length === 1 ? 'column' : 'columns'}`);
  if (options.totals) parts.push('with totals');
  if (options.compareTo) parts.push(`compared with the ${COMPARE_LABEL[options.compareTo]}`);
  return parts.join(', ');
}

/** The status sheet's words, except that an unscheduled card says so rather than "Off". */
export function scheduleInWords(schedule: Schedule | undefined): string {
  return isScheduled(schedule) ? describeSchedule(schedule) : 'Not scheduled';
}

/** Site names the builder loaded, by ID: cards show "Example Kitchen (site-1)". */
export const siteNames = new Map<string, string>();

export const siteWords = (siteId: string | string[]): string => sitesInWords(siteId, (id) => siteNames.get(id));

export function ownerLine(owner: ScheduleOwnerView, anyScheduled: boolean, configured = true, demo = false): string {
  if (!anyScheduled) return 'No report is scheduled.';
  if (!owner.active) return 'No trigger runs the schedules right now.';
  // The demo keeps its schedules in this user's own store, run by their trigger on demo data;
  // End demo deletes them and the trigger (src/demo/demo-mode.ts).
  if (demo && owner.isMine) return 'Demo schedules run on demo data, for you only (your trigger, hourly); they end when the demo ends.';
  // Clear forgot the credential the trigger runs with: it still fires, but refreshes nothing.
  if (owner.isMine && !configured)
    return 'The schedules run with your account, but your credential is cleared: they stop until you save a credential in Settings.';
  if (owner.isMine) return 'Schedules run with your account (your trigger, hourly).';
  return `Schedules run with ${owner.ownerEmail || 'another user'}\u2019s account.`;
}

export function statusLine(r: SavedReportView): { text: string; kind: 'info' | 'error' | 'success' } {
  const s = r.status;
  if (r.approval && !r.approval.mine) {
    const by = r.approval.savedBy || 'another editor';
    return { text: `Needs your approval: saved by ${by}. Your refreshes and your schedule skip it until you approve it.`, kind: 'info' };
  }
  // A run going on across executions: the old data is in the sheet until the whole report is in.
  if (s.continuingText) return { text: `Refreshing, ${s.continuingText}.`, kind: 'info' };
  // Its sheet may already hold the builder run it was saved from: say only what is true either way.
  if (s.outcome === 'never') return { text: 'Not refreshed since it was saved.', kind: 'info' };
  // The server's words, in the spreadsheet's time zone: never the browser's (they may differ).
  const parts = [`Last run ${s.lastRunText ?? ''}`];
  if (s.outcome === 'error') return { text: `${parts[0]}: failed. ${s.lastError ?? ''}`.trim(), kind: 'error' };
  if (s.rows !== null) parts.push(`${thousands(s.rows)} ${s.rows === 1 ? 'row' : 'rows'}`);
  if (s.dataThrough) parts.push(`data through ${s.dataThrough}`);
  return { text: `${parts.join(' \u00b7 ')}.`, kind: 'success' };
}

export const outcomesText = (outcomes: RefreshOutcome[]): { text: string; kind: 'error' | 'success' } => {
  const failed = outcomes.filter((o) => o.outcome === 'error');
  const waiting = outcomes.filter((o) => o.outcome === 'skipped' && isApprovalMessage(o.message));
  const skipped = outcomes.filter((o) => o.outcome === 'skipped' && !isApprovalMessage(o.message));
  const ok = outcomes.length - failed.length - waiting.length - skipped.length;
  const lines = [`Refreshed ${ok} of ${outcomes.length}.`, ...noticeLines(outcomes)];
  for (const { names, message } of failuresByMessage(failed)) lines.push(`${names.join(', ')}: ${message}`);
  // Refreshing again never finishes these: they wait for the Approve button on their cards.
  if (waiting.length)
    lines.push(`Waiting for your approval: ${waiting.map((o) => o.name).join(', ')}. Approve them on their cards to refresh them.`);
  if (skipped.length) lines.push(`Not reached in time: ${skipped.map((o) => o.name).join(', ')}. Refresh again to finish.`);
  return { text: lines.join('\n'), kind: failed.length || skipped.length ? 'error' : 'success' };
};
