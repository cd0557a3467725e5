/**
 * The add-on menu. It runs in AuthMode.NONE before the add-on is first used in a document, where
 * only SpreadsheetApp.getUi() is allowed: no properties, no fetch.
 */
export const MENU_ITEMS: ReadonlyArray<{ label: string; handler: string } | null> = [
  { label: 'Open sidebar', handler: 'showSidebar' },
  null,
  { label: 'Refresh formulas', handler: 'menuRefreshFormulas' },
  { label: 'Refresh all reports', handler: 'menuRefreshAllReports' },
  { label: 'Show report status', handler: 'menuShowStatus' },
  null,
  { label: 'Create dashboard', handler: 'menuCreateDashboard' },
];

export function buildMenu(_event?: unknown): void {
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const item of MENU_ITEMS) {
    if (item) menu.addItem(item.label, item.handler);
    else menu.addSeparator();
  }
  menu.addToUi();
}
