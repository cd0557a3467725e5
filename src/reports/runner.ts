import { runHistoryToSheet } from '../run/run-history';
import { runReportToSheet } from '../run/run-report';
import type { ReportRunner } from './refresh-run';

/**
 * The real pull-and-write: the same runner as the sidebar's Run, which writes a failed pull
 * nowhere; a report that keeps history upserts its block instead of replacing it.
 */
export const sheetRunner: ReportRunner = (ex, request, opts) =>
  request.history ? runHistoryToSheet(ex, request, opts) : runReportToSheet(ex, request, opts);
