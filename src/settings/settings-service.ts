import { isDemo } from './demo-flag';
import { authorizationUrl, missingScopes } from '../platform/permissions';
import { scopeUrl } from '../platform/scopes';
import { createAuth, forgetTokens } from '../api/auth';
import { createClient } from '../api/client';
import { credentialFingerprint, DEFAULT_API_BASE_URL, DEFAULT_TOKEN_URL, type Credential } from '../api/credential';
import { CreatorError, isCreatorError, type ErrorCode } from '../shared/errors';
import { hostOf } from '../api/url';
import { withoutSecrets, type Execution } from '../platform/execution';
import type { ConnectionResult, PermissionsView, SettingsInput, SettingsView } from '../shared/types';
import { toSiteView } from './sites-view';
import { activeSpreadsheetId, forgetLoadedCredential, loadCredential } from './credential';
import { maskSecret } from './mask';
import { clearStored, readConsents, readStoredCredential, setConsent, writeStoredCredential } from './settings-store';
import { checkUrl } from './url-check';

const MAX_FIELD = 512;

/**
 * A save is a person waiting in the sidebar: two tries and no long Retry-After wait, then the
 * save decides (the full policy could keep them there for minutes on a hanging host).
 */
const SAVE_PATIENCE = { maxTries: 2, maxWaitMs: 2_000 };

/** Answers that mean the endpoint could not be asked now, not that anything typed is wrong. */
const UNREACHABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['RATE_LIMITED', 'SERVER_ERROR', 'NETWORK', 'TIME_BUDGET']);

function unreachableReason(error: CreatorError): string {
  if (error.code === 'NETWORK') return 'no answer';
  if (error.code === 'TIME_BUDGET') return 'no answer in time';
  return error.status ? `status ${error.status}${error.providerCode ? `, ${error.providerCode}` : ''}` : 'no usable answer';
}

function field(value: unknown, what: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new CreatorError('BAD_INPUT', `The ${what} must be text.`);
  const trimmed = value.trim();
  // Control characters would corrupt the Basic header; a pasted newline is the usual culprit.
  if (trimmed.length > MAX_FIELD || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new CreatorError('BAD_INPUT', `The ${what} does not look right: paste it again from the dashboard.`);
  }
  return trimmed;
}

/** Scheme and host (with port), lower-cased: where a request carrying the secret would go. */
function originOf(url: string): string {
  return (/^[a-z]+:\/\/[^/?#]+/i.exec(url)?.[0] ?? url).toLowerCase();
}

function view(execution: Execution, credential: Credential | null): SettingsView {
  const { platform } = execution;
  const id = activeSpreadsheetId(execution);
  return {
    configured: credential !== null,
    clientId: credential?.clientId ?? '',
    clientSecretMasked: credential ? maskSecret(credential.clientSecret) : '',
    apiBaseUrl: credential?.apiBaseUrl ?? DEFAULT_API_BASE_URL,
    tokenUrl: credential?.tokenUrl ?? DEFAULT_TOKEN_URL,
    allowFormulas: credential !== null && id !== '' && readConsents(platform.userProperties).includes(id),
    userEmail: platform.userEmail(),
    permissions: permissionsView(execution),
    demo: isDemo(execution),
  };
}

function permissionsView(execution: Execution): PermissionsView {
  const missing = missingScopes(execution.platform).map((row) => ({
    scope: scopeUrl(row),
    permission: row.permission,
    withoutIt: row.withoutIt,
  }));
  return { missing, authorizationUrl: missing.length > 0 ? authorizationUrl(execution.platform) : null };
}

/**
 * Checks the credential against the token endpoint and a data endpoint (the site list), and only
 * then stores it: a typo in the secret or the API base URL is reported now, in the sidebar, rather
 * than later in every formula. An empty secret keeps the stored one (the sidebar never receives
 * the secret back, so it cannot resend it).
 */
export function saveSettings(execution: Execution, input: SettingsInput): SettingsView {
  if (typeof input !== 'object' || input === null) throw new CreatorError('BAD_INPUT', 'Enter the client ID and secret.');
  const { platform } = execution;
  const store = platform.userProperties;
  const stored = readStoredCredential(store);
  const clientId = field(input.clientId, 'client ID');
  if (!clientId) throw new CreatorError('BAD_INPUT', 'Enter the client ID.');
  const typedSecret = field(input.clientSecret, 'client secret');
  const clientSecret = typedSecret || stored?.clientSecret || '';
  if (!clientSecret) throw new CreatorError('BAD_INPUT', 'Enter the client secret.');
  const credential: Credential = {
    clientId,
    clientSecret,
    apiBaseUrl: checkUrl('API base URL', field(input.apiBaseUrl, 'API base URL') || DEFAULT_API_BASE_URL),
    tokenUrl: checkUrl('token URL', field(input.tokenUrl, 'token URL') || DEFAULT_TOKEN_URL),
  };
  // The stored secret goes only where it went before: a new token or API host gets it only when
  // the person typed it for this save (before anything is sent anywhere).
  if (!typedSecret && stored) {
    const moved = [
      originOf(credential.tokenUrl) !== originOf(stored.tokenUrl) ? 'token URL' : '',
      originOf(credential.apiBaseUrl) !== originOf(stored.apiBaseUrl) ? 'API base URL' : '',
    ].filter(Boolean);
    if (moved.length) {
      throw new CreatorError(
        'BAD_INPUT',
        `You changed the ${moved.join(' and ')} to another host: enter the client secret again to send it there. Nothing was sent or saved.`,
      );
    }
  }
  if (input.allowFormulas !== undefined && typeof input.allowFormulas !== 'boolean') {
    throw new CreatorError('BAD_INPUT', 'Allow formulas must be on or off.');
  }
  const spreadsheetId = activeSpreadsheetId(execution);
  if (input.allowFormulas === true && !spreadsheetId) {
    throw new CreatorError('BAD_INPUT', 'Formulas can only be allowed from inside a spreadsheet: open the sidebar there.');
  }
  const fingerprint = credentialFingerprint(platform, credential);
  const warning = checkToken(execution, credential, fingerprint) ?? checkSiteList(execution, credential);

  if (stored) {
    const old = credentialFingerprint(platform, stored);
    if (old !== fingerprint) forgetTokens(execution, old);
  }
  writeStoredCredential(store, credential);
  forgetLoadedCredential(execution);
  if (input.allowFormulas !== undefined && spreadsheetId) setConsent(store, spreadsheetId, input.allowFormulas);
  const saved = view(execution, credential);
  return warning ? { ...saved, warning } : saved;
}

/**
 * Mints a token to prove the credential. A token URL that rejects it (400/401/403, a 404, an odd
 * answer) refuses the save; one that cannot be reached now (429, 5xx, no answer) saves with a
 * warning, as the site-list check does, and skips that check (it would need the same token).
 * The warning is built from the status only, never the answer's text: nothing secret can ride in it.
 */
function checkToken(execution: Execution, credential: Credential, fingerprint: string): string | null {
  const ctx = { execution, random: Math.random, host: hostOf(credential.tokenUrl), patience: SAVE_PATIENCE };
  try {
    createAuth(ctx, credential, fingerprint).mintNow();
    return null;
  } catch (error) {
    if (!isCreatorError(error) || !UNREACHABLE.has(error.code)) throw error;
    return withoutSecrets(
      execution,
      `Saved, but the credential could not be checked: the token URL ${credential.tokenUrl} could not be reached (${unreachableReason(error)}), so neither the secret nor the API base URL was tried. Use Test connection once it answers.`,
    );
  }
}

/** Answers that say the API base URL (or what the credential may see there) is wrong. */
const REFUSED: Partial<Record<ErrorCode, string>> = {
  AUTH_FAILED: 'refused the credential',
  FORBIDDEN: 'refused access',
  NOT_FOUND: 'has no such address',
};

/**
 * The token URL alone proves the secret, not the API base URL: a wrong path on the right host
 * mints tokens and then 404s every report. The site list is read once (fresh, not cached):
 * 401/403/404 refuse the save naming the address; an API that cannot be reached now (429, 5xx,
 * no answer, an odd response) leaves the save standing with a warning.
 */
function checkSiteList(execution: Execution, credential: Credential): string | null {
  const url = `${credential.apiBaseUrl}/sites`;
  try {
    createClient(execution, credential, { bypassCache: true, patience: SAVE_PATIENCE }).listSites();
    return null;
  } catch (error) {
    if (!isCreatorError(error) || error.code === 'URL_NOT_ALLOWED') throw error;
    const refused = REFUSED[error.code];
    if (refused) {
      // Nothing of a refused save is kept, its token included.
      forgetTokens(execution, credentialFingerprint(execution.platform, credential));
      const status = error.status ? ` (status ${error.status})` : '';
      throw new CreatorError(
        error.code,
        `The token URL accepted the credential, but the site list at ${url} ${refused}${status}. Check the API base URL (usually ${DEFAULT_API_BASE_URL}). Nothing was saved.`,
        { status: error.status },
      );
    }
    return `Saved, but the Creator API could not be reached to check it: reading the site list at ${url} failed. ${error.message} Use Test connection once it answers.`;
  }
}

export function getSettings(execution: Execution): SettingsView {
  return view(execution, readStoredCredential(execution.platform.userProperties));
}

/** Forgets the credential, its tokens and every formula consent (a new credential starts closed). */
export function clearSettings(execution: Execution): SettingsView {
  const { platform } = execution;
  const stored = readStoredCredential(platform.userProperties);
  if (stored) forgetTokens(execution, credentialFingerprint(platform, stored));
  clearStored(platform.userProperties);
  forgetLoadedCredential(execution);
  return view(execution, null);
}

/** Mints a fresh token (a cached one would prove nothing) and lists the sites it sees. */
export function testConnection(execution: Execution): ConnectionResult {
  const credential = loadCredential(execution, 'user');
  forgetTokens(execution, credentialFingerprint(execution.platform, credential));
  const views = createClient(execution, credential, { bypassCache: true }).listSites().map(toSiteView);
  const active = views.filter((s) => s.active);
  const sites = [...active, ...views.filter((s) => !s.active)];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const message =
    sites.length === 0
      ? 'Connected, but this credential sees no sites. Check that it belongs to the dashboard user who owns them.'
      : `Connected: ${plural(sites.length, 'site')} (${active.length} active).`;
  return { sites, message };
}
