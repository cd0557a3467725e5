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
  // A real credential ends demo mode (its saved reports, alerts and schedule go; its sheets stay).
  if (isDemo(ex)) endDemo(ex);
  const before = settings.getSettings(ex).allowFormulas;
  const view = settings.saveSettings(ex, input);
  if (view.allowFormulas && !before) return { ...view, recalculated: recalculateFormulas(ex) };
  return view;
}
