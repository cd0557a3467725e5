import type { Credential } from '../api/credential';
import { CreatorError } from '../shared/errors';
import { rememberSecret, type Execution } from '../platform/execution';
import { DEMO_CREDENTIAL } from '../api/demo';
import { isDemo } from './demo-flag';
import { readConsents, readStoredCredential } from './settings-store';

export type CredentialPurpose = 'user' | 'formula';
const PURPOSES: readonly CredentialPurpose[] = ['user', 'formula'];

const memoKey = (purpose: CredentialPurpose): string => `settings.credential.${purpose}`;

export const NOT_CONFIGURED_MESSAGE =
  'No Creator Reporting credential is saved. Open Extensions > Creator Reporting > Open sidebar and enter your client ID and secret.';
export const FORMULAS_NOT_ALLOWED_MESSAGE =
  "Formulas are off in this spreadsheet. Its owner has to turn on 'Allow formulas in this spreadsheet' in the Creator Reporting settings.";

/** The active spreadsheet's ID, or "" outside one. */
export function activeSpreadsheetId(execution: Execution): string {
  try {
    return execution.platform.spreadsheet()?.getId() ?? '';
  } catch (_) {
    return '';
  }
}

/**
 * The credential to call the API with. `formula`: the properties are the spreadsheet owner's
 * (Apps Script's rule for custom functions), so they are only used if that owner allowed formulas
 * in this very spreadsheet; otherwise any editor's formula would spend the owner's credential.
 */
export function loadCredential(execution: Execution, purpose: CredentialPurpose): Credential {
  const known = execution.memory.get(memoKey(purpose)) as Credential | undefined;
  if (known) return known;
  // Demo mode (this user, this spreadsheet): the bundled sample API, whatever is saved.
  if (isDemo(execution)) return DEMO_CREDENTIAL;
  const store = execution.platform.userProperties;
  const credential = readStoredCredential(store);
  if (!credential) throw new CreatorError('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
  if (purpose === 'formula') {
    const id = activeSpreadsheetId(execution);
    if (!id || !readConsents(store).includes(id)) throw new CreatorError('FORMULAS_NOT_ALLOWED', FORMULAS_NOT_ALLOWED_MESSAGE);
  }
  rememberSecret(execution, credential.clientSecret);
  execution.memory.set(memoKey(purpose), credential);
  return credential;
}

/** Whether this user has saved a credential (nothing is loaded or checked). */
export function hasCredential(execution: Execution): boolean {
  return readStoredCredential(execution.platform.userProperties) !== null;
}

/** Drops what loadCredential remembered, after the stored credential or consent changed. */
export function forgetLoadedCredential(execution: Execution): void {
  for (const purpose of PURPOSES) execution.memory.delete(memoKey(purpose));
}
