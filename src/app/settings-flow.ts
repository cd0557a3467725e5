import type { Execution } from '../platform/execution';
import { recalculateFormulas } from '../formulas/refresh';
import { endDemo } from '../demo/demo-mode';
import { isDemo } from '../settings/demo-flag';
import * as settings from '../settings/settings-service';
import type { SettingsInput, SettingsView } from '../shared/types';

/**
 * The sidebar's Save: store the credential, and when that turns formulas on for this spreadsheet,
 * run its CREATOR_ formulas again so none keeps showing "formulas are off".
 */
export function saveSettingsAndRecalculate(ex: Execution, input: SettingsInput): SettingsView {
  const demo = isDemo(ex);
  const before = settings.getSettings(ex).allowFormulas;
  let view = settings.saveSettings(ex, input);
  // A real credential ends demo mode (its saved reports, alerts and schedule go; its sheets stay),
  // once it is saved: a rejected one (a typo in the secret) leaves the demo as it was.
  if (demo) view = { ...view, ...endDemo(ex) };
  if (view.allowFormulas && !before) return { ...view, recalculated: recalculateFormulas(ex) };
  return view;
}
