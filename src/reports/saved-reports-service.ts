import { CreatorError } from '../api/errors';
import type { Execution } from '../platform/execution';
import type { RefreshOutcome, ReportDefinition, ReportListView, SavedReportView } from '../shared/types';

// STUB: replaced by the saved-reports work (issue 6). Signatures are fixed by src/Code.ts.
const notYet = (): never => {
  throw new CreatorError('INTERNAL', 'Not built yet.');
};
export function saveReport(_ex: Execution, _definition: ReportDefinition): SavedReportView {
  return notYet();
}
export function listReports(_ex: Execution): ReportListView {
  return notYet();
}
export function deleteReport(_ex: Execution, _id: string): { deleted: boolean } {
  return notYet();
}
export function refreshReports(_ex: Execution, _ids?: string[]): RefreshOutcome[] {
  return notYet();
}
export function takeOverSchedule(_ex: Execution): ReportListView {
  return notYet();
}
export function refreshAllFromMenu(_ex: Execution): void {
  notYet();
}
export function showStatusSheet(_ex: Execution): void {
  notYet();
}
export function runScheduled(_ex: Execution, _event?: unknown): void {
  notYet();
}
