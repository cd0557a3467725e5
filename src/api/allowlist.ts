import { CreatorError } from '../shared/errors';
import { DEFAULT_API_BASE_URL, DEFAULT_TOKEN_URL } from './credential';

/**
 * The URL prefixes Google lets this add-on fetch: the manifest's `urlFetchWhitelist`. The build
 * writes the same list into dist/appsscript.json and into the bundle as CREATOR_URL_ALLOWLIST
 * (extra prefixes come from the CREATOR_ALLOWED_URLS build setting; see docs/platform.md).
 * Unbundled (the unit tests) it is the default API host alone.
 */
declare const CREATOR_URL_ALLOWLIST: readonly string[] | undefined;

/** `https://host/` of a URL: the shortest prefix the manifest accepts for that host. */
export function hostPrefix(url: string): string {
  return `${/^https?:\/\/[^/?#]+/i.exec(url)?.[0] ?? url}/`.toLowerCase();
}

export function allowedUrlPrefixes(): readonly string[] {
  if (typeof CREATOR_URL_ALLOWLIST !== 'undefined') return CREATOR_URL_ALLOWLIST;
  return [...new Set([hostPrefix(DEFAULT_API_BASE_URL), hostPrefix(DEFAULT_TOKEN_URL)])];
}

/** Whether Google would let UrlFetchApp reach this URL (prefix match, as the manifest works). */
export function isAllowedUrl(url: string): boolean {
  const lower = url.toLowerCase();
  return allowedUrlPrefixes().some((prefix) => lower.startsWith(prefix.toLowerCase()) || `${lower}/` === prefix.toLowerCase());
}

/** How to allow another host, for every message that refuses one. */
export function howToAllow(url: string): string {
  return `To use it, whoever deploys the add-on must allow it: build with CREATOR_ALLOWED_URLS=${hostPrefix(url)} (this adds it to urlFetchWhitelist in appsscript.json; see docs/platform.md) and deploy again.`;
}

/** UrlFetchApp's refusal of a URL outside the manifest's list (wording from public reports). */
export function isAllowlistRefusal(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /whitelisted|allowlisted|does not match any of the prefixes/i.test(message);
}

/** Never retried, never called a network problem: nothing will change until the manifest does. */
export function notAllowedError(url: string): CreatorError {
  return new CreatorError(
    'URL_NOT_ALLOWED',
    `Google refused the request to ${hostPrefix(url)}: the add-on may only reach the addresses in its manifest (${allowedUrlPrefixes().join(', ')}). Check the API URLs in Settings. ${howToAllow(url)}`,
  );
}
