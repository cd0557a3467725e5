import { CreatorError } from '../api/errors';
import type { Execution } from '../platform/execution';
import type { ConnectionResult, SettingsInput, SettingsView } from '../shared/types';

// STUB: replaced by the client/settings work. Signatures are fixed by src/Code.ts.
export function saveSettings(_ex: Execution, _input: SettingsInput): SettingsView {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}
export function getSettings(_ex: Execution): SettingsView {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}
export function clearSettings(_ex: Execution): SettingsView {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}
export function testConnection(_ex: Execution): ConnectionResult {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}
