import type { Execution } from '../platform/execution';
import { listSiteViews } from '../settings/sites-view';
import type { SiteView } from '../shared/types';
import { createDashboard } from './create-dashboard';

export { createDashboard } from './create-dashboard';

/** Site IDs a prompt lists by name before it says how many more there are. */
const LISTED_SITES = 12;

/**
 * The IDs the dashboard accepts (active sites), with names: the sidebar shows names, and the
 * prompt must not ask for an ID the person has never seen.
 */
export function acceptedSitesText(sites: readonly SiteView[]): string {
  const active = sites.filter((s) => s.active);
  if (active.length === 0) return 'This credential sees no active site, so there is nothing to make a dashboard of yet.';
  const shown = active.slice(0, LISTED_SITES).map((s) => (s.name ? `${s.id} (${s.name})` : s.id));
  const more = active.length > LISTED_SITES ? `, and ${active.length - LISTED_SITES} more` : '';
  return `Site IDs you can use: ${shown.join(', ')}${more}.`;
}

/** The menu's way in: one question (the site), the default period and schedule, then the sheet. */
export function createDashboardFromMenu(ex: Execution): void {
  const ui = ex.platform.ui();
  // Read first: without a credential or sites there is nothing to ask.
  const sites = listSiteViews(ex);
  const answer = ui.prompt(
    'Create dashboard',
    `Site ID for the dashboard. ${acceptedSitesText(sites)} It shows the last thirty days with data and refreshes every day at 06:00.`,
    ui.ButtonSet.OK_CANCEL,
  );
  if (answer.getSelectedButton() !== ui.Button.OK) return;
  const made = createDashboard(ex, { siteId: answer.getResponseText() });
  ex.platform.spreadsheet()?.toast(`Dashboard ready: '${made.sheetName}'.`, 'Creator Reporting', 10);
}
