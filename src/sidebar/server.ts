import { CreatorError } from '../api/errors';
import type { Execution } from '../platform/execution';
import type {
  CatalogEntryView,
  DateOptionsView,
  RunProgress,
  RunReportRequest,
  RunReportResult,
  SiteView,
} from '../shared/types';

// STUB: replaced by the sidebar work (issue 5). Signatures are fixed by src/Code.ts.
const notYet = (): never => {
  throw new CreatorError('INTERNAL', 'Not built yet.');
};
export function showSidebar(_ex: Execution): void {
  notYet();
}
export function getCatalog(): CatalogEntryView[] {
  return notYet();
}
export function listSites(_ex: Execution): SiteView[] {
  return notYet();
}
export function getDateOptions(_ex: Execution, _request: { siteId: string; report: string }): DateOptionsView {
  return notYet();
}
export function runReport(_ex: Execution, _request: RunReportRequest): RunReportResult {
  return notYet();
}
export function getRunProgress(_ex: Execution, _runId: string): RunProgress | null {
  return notYet();
}
