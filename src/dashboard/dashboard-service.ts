import type { Execution } from '../platform/execution';
import { createDashboard } from './create-dashboard';

export { createDashboard } from './create-dashboard';

/** The menu's way in: one question (the site), the default period and schedule, then the sheet. */
export function createDashboardFromMenu(ex: Execution): void {
  const ui = ex.platform.ui();
  const answer = ui.prompt(
    'Create dashboard',
    'Site ID for the dashboard (e.g. site-1). It shows the last thirty days with data and refreshes every day at 06:00.',
    ui.ButtonSet.OK_CANCEL,
  );
  if (answer.getSelectedButton() !== ui.Button.OK) return;
  const made = createDashboard(ex, { siteId: answer.getResponseText() });
  ex.platform.spreadsheet()?.toast(`Dashboard ready: '${made.sheetName}'.`, 'Creator Reporting', 10);
}
