import { runReportToSheet } from '../run/run-report';
import type { ReportRunner } from './refresh-run';

/** The real pull-and-write: the same runner as the sidebar's Run, which writes a failed pull nowhere. */
export const sheetRunner: ReportRunner = (ex, request, opts) => runReportToSheet(ex, request, opts);
