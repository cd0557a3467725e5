import { runReportToSheet } from '../sidebar/server';
import type { ReportRunner } from './refresh-run';

/** The real pull-and-write: the sidebar's runner, which writes a failed pull nowhere. */
export const sheetRunner: ReportRunner = (ex, request, opts) => runReportToSheet(ex, request, opts);
