import { CreatorError } from '../shared/errors';
import type { Platform } from './types';
import { requestedScopes, SCOPE_PREFIX, SCOPES, type ScopeRow, scopeUrl } from './scopes';

/**
 * Granular consent: a user may grant some of the add-on's scopes and not others, and a service
 * called without its scope throws "You do not have permission to call X. Required permissions:
 * <scope>". This turns that into a message that names what is not allowed and how to allow it.
 */

/** The scope a thrown error says is missing (by its URL, else by the service it names), or null. */
export function deniedScope(error: unknown): ScopeRow | null {
  const text = String((error as { message?: unknown } | null)?.message ?? error ?? '');
  if (!/do not have permission|Required permissions?:|Authorization is required/i.test(text)) return null;
  const url = text.match(/https:\/\/www\.googleapis\.com\/auth\/[\w.-]+/)?.[0];
  const byUrl = url ? SCOPES.find((r) => scopeUrl(r) === url) : undefined;
  if (byUrl) return byUrl;
  const service = text.match(/permission to call (\w+)\./)?.[1];
  return SCOPES.find((r) => service !== undefined && r.services.includes(service)) ?? null;
}

/** Without the spreadsheet or the sidebar, only Google's own prompt can help: the link goes in the message. */
const NOTHING_RUNS = new Set(['spreadsheets.currentonly', 'script.container.ui']);

export function permissionMessage(row: ScopeRow, url: string | null): string {
  if (NOTHING_RUNS.has(row.key)) {
    const how = url ? `Allow it here, then try again: ${url}` : 'Open Extensions > Creator Reporting again and allow it when Google asks.';
    return `${row.refusal}, so nothing can run. ${how}`;
  }
  return `${row.refusal}. ${HOW_TO_ALLOW}`;
}

/**
 * Read in the sidebar's status line, the status sheet, an e-mail, a cell or a menu alert alike, so it
 * names the one place that is true from all of them: the notice above every tab of the sidebar,
 * whose link starts with "Allow" (src/sidebar/client/permissions-notice.ts).
 */
export const HOW_TO_ALLOW =
  'To allow it, use the Allow link in the notice at the top of the add-on\u2019s sidebar (Extensions > Creator Reporting > Open sidebar).';

/** The authorisation link, when Google gives one (never throws). */
export function authorizationUrl(platform: Platform): string | null {
  try {
    return platform.authorization(requestedScopes())?.url ?? null;
  } catch (_) {
    return null;
  }
}

export function permissionError(row: ScopeRow, platform: Platform | null): CreatorError {
  return new CreatorError('PERMISSION_MISSING', permissionMessage(row, platform ? authorizationUrl(platform) : null));
}

/** The requested scopes the current user has not granted, as the table's rows. */
export function missingScopes(platform: Platform): ScopeRow[] {
  let missing: string[] = [];
  try {
    missing = platform.authorization(requestedScopes())?.missing ?? [];
  } catch (_) {
    return [];
  }
  return SCOPES.filter((r) => missing.includes(`${SCOPE_PREFIX}${r.key}`));
}
