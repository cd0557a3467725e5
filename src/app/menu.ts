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
  null,
  { label: 'Try it with demo data', handler: 'menuStartDemo' },
  // Checks of Google's behaviour for anyone asked to run them (docs/platform.md), apart from the rest.
  null,
  { label: 'Check how Sheets reads values back', handler: 'menuCheckReadBack' },
  { label: 'Measure how fast Sheets writes, copies and reads', handler: 'menuCheckSheetSpeed' },
];

export function buildMenu(_event?: unknown): void {
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const item of MENU_ITEMS) {
    if (item) menu.addItem(item.label, item.handler);
    else menu.addSeparator();
  }
  menu.addToUi();
}

/**
 * Whether an onOpen may touch properties: not in AuthMode.NONE (the add-on not yet used in this
 * document). Without an event (a direct call) it may.
 */
export function canUseServices(event?: { authMode?: unknown }): boolean {
  return String(event?.authMode ?? 'FULL') !== 'NONE';
}
