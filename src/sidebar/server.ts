import type { Execution } from '../platform/execution';
import type {
  CatalogEntryView,
  DateOptionsView,
  RunContinuing,
  RunProgress,
  RunReportRequest,
  RunReportResult,
  SiteView,
} from '../shared/types';
import { isContinuing } from '../run/continue-run';
import { continuingText } from '../run/continuation';
import { catalogView } from './catalog-view';
import { dateOptions } from './date-options';
import { readProgress } from '../run/progress';
import { runReportToSheet } from '../run/run-report';
import { listSiteViews } from '../settings/sites-view';

/** The sidebar's server functions, called through Code.ts (one execution each). */

export function showSidebar(ex: Execution): void {
  ex.platform.ui().showSidebar(ex.platform.sidebarHtml('Creator Reporting'));
}

export function getCatalog(): CatalogEntryView[] {
  return catalogView();
}

export function listSites(ex: Execution): SiteView[] {
  return listSiteViews(ex);
}

export function getDateOptions(ex: Execution, request: { siteId: string; report: string }): DateOptionsView {
  return dateOptions(ex, request);
}

/**
 * A pull too big for one execution answers "continuing" when the page chains calls
 * (`request.mayContinue`): the page calls again at once and the run goes on from its checkpoint.
 */
export function runReport(ex: Execution, request: RunReportRequest & { mayContinue?: false }): RunReportResult;
export function runReport(ex: Execution, request: RunReportRequest): RunReportResult | RunContinuing;
export function runReport(ex: Execution, request: RunReportRequest): RunReportResult | RunContinuing {
  try {
    return runReportToSheet(ex, request, { activate: true, continuable: true });
  } catch (error) {
    if (!isContinuing(error)) throw error;
    const { rows, total } = error.checkpoint;
    return { continuing: continuingText(error.checkpoint), rows, total };
  }
}

export function getRunProgress(ex: Execution, runId: string): RunProgress | null {
  return readProgress(ex.platform.userCache, runId);
}
