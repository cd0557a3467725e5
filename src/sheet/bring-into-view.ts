import type { Sheet } from '../platform/types';

/**
 * Makes a sheet the one the user looks at. Whether activating a hidden sheet shows it is not
 * confirmed (docs/platform.md), so a hidden one (a killed first pull's, or one the user hid) is
 * shown first.
 */
export function bringIntoView(sheet: Sheet): void {
  if (sheet.isSheetHidden()) sheet.showSheet();
  sheet.activate();
}
