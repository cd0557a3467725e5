import type { Credential } from '../api/credential';
import type { PropertyStore } from '../platform/types';

/**
 * The user's own properties hold the credential (never the document's: every editor could read
 * those) and the list of spreadsheets whose formulas may spend it. Custom functions read the
 * spreadsheet owner's user properties, so only the owner's list ever matters for formulas.
 */
export const SETTINGS_KEY = 'creator.settings';
const FORMULA_CONSENT_KEY = 'creator.formulaSpreadsheets';
/** A property value holds 9 KB; IDs are 44 characters. Oldest consents go first past this. */
const MAX_CONSENTS = 150;

export function readStoredCredential(store: PropertyStore): Credential | null {
  const raw = store.getProperty(SETTINGS_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Credential>;
    const fields = [value.clientId, value.clientSecret, value.apiBaseUrl, value.tokenUrl];
    if (!fields.every((f) => typeof f === 'string' && f !== '')) return null;
    return value as Credential;
  } catch (_) {
    return null;
  }
}

export function writeStoredCredential(store: PropertyStore, credential: Credential): void {
  const { clientId, clientSecret, apiBaseUrl, tokenUrl } = credential;
  store.setProperty(SETTINGS_KEY, JSON.stringify({ clientId, clientSecret, apiBaseUrl, tokenUrl }));
}

export function readConsents(store: PropertyStore): string[] {
  const raw = store.getProperty(FORMULA_CONSENT_KEY);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  } catch (_) {
    return [];
  }
}

export function setConsent(store: PropertyStore, spreadsheetId: string, allowed: boolean): void {
  const others = readConsents(store).filter((id) => id !== spreadsheetId);
  const next = allowed ? [...others, spreadsheetId].slice(-MAX_CONSENTS) : others;
  if (next.length) store.setProperty(FORMULA_CONSENT_KEY, JSON.stringify(next));
  else store.deleteProperty(FORMULA_CONSENT_KEY);
}

export function clearStored(store: PropertyStore): void {
  store.deleteProperty(SETTINGS_KEY);
  store.deleteProperty(FORMULA_CONSENT_KEY);
}
