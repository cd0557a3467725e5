import type { Execution } from '../platform/execution';
import type { CatalogEntryView, DateOptionsView, RunProgress, RunReportRequest, RunReportResult, SiteView } from '../shared/types';
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

export function runReport(ex: Execution, request: RunReportRequest): RunReportResult {
  return runReportToSheet(ex, request, { activate: true });
}

export function getRunProgress(ex: Execution, runId: string): RunProgress | null {
  return readProgress(ex.platform.userCache, runId);
}
