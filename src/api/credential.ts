import type { Platform } from '../platform/types';

/** What the client needs to talk to one deployment of the Creator API as one API user. */
export interface Credential {
  clientId: string;
  clientSecret: string;
  apiBaseUrl: string;
  tokenUrl: string;
}

export const DEFAULT_API_BASE_URL = 'https://publisher-api.raptive.com/creator-api/v1';
export const DEFAULT_TOKEN_URL = 'https://publisher-api.raptive.com/oauth/token';

/**
 * A stable name for a credential, safe for cache keys and logs: a SHA-256 over every part that
 * changes what the API returns (so a new secret or URL never reuses the old one's tokens or data).
 * The hash is one-way; the secret itself never leaves the properties store.
 */
export function credentialFingerprint(platform: Pick<Platform, 'sha256Hex'>, credential: Credential): string {
  return platform.sha256Hex(
    JSON.stringify(['creator-credential/1', credential.clientId, credential.clientSecret, credential.apiBaseUrl, credential.tokenUrl]),
  );
}
