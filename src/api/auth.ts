import { timeLeft, type Execution } from '../platform/execution';
import type { Credential } from './credential';
import { CreatorError } from '../shared/errors';
import { MAX_CACHE_TTL_S } from './freshness';
import { errorFromResponse, parseJson, providerCodeOf, statusLabel } from './response-errors';
import { holdSecrets, secretCheck } from './secret-forms';
import { sendWithRetry, type RetryContext } from './retry';

/**
 * Bearer tokens, after Google's apps-script-oauth2 library: per-execution memory first, then the
 * user cache (shared by every execution of this user, so 50 formula cells mint one token, not
 * 50), then a mint under the user lock, re-checking the cache once the lock is held because
 * another execution may have minted meanwhile. Where a custom function may not take the user
 * lock (unconfirmed on Google), the script lock serialises the mint instead: it is held only for
 * one token request, and without any lock 20 cold formulas would mint 20 tokens.
 */
export interface Auth {
  /** A token believed valid. */
  token(): string;
  /** Forget a token the API rejected (memory and cache), unless a newer one replaced it. */
  drop(rejected: string): void;
  /** Mint a token now, ignoring memory and cache (checking a credential before saving it). */
  mintNow(): string;
}

interface StoredToken {
  accessToken: string;
  /** Epoch ms after which it is not used (the API's expiry less a margin). */
  usableUntil: number;
}

/** Tokens are retired this long before the API says they expire (clock skew, long requests). */
const MARGIN_S = 60;
/** The API's documented lifetime, for a token response without expires_in. */
const DEFAULT_EXPIRES_S = 300;
const LOCK_WAIT_MS = 10_000;

function tokenCacheKey(fingerprint: string): string {
  return `creator.tok.${fingerprint.slice(0, 48)}`;
}

function memoryKey(fingerprint: string): string {
  return `api.token:${fingerprint}`;
}

function readStored(value: unknown, now: number): StoredToken | null {
  if (typeof value !== 'object' || value === null) return null;
  const token = value as Partial<StoredToken>;
  if (typeof token.accessToken !== 'string' || token.accessToken === '') return null;
  if (typeof token.usableUntil !== 'number' || token.usableUntil <= now) return null;
  return token as StoredToken;
}

function authFailed(status: number, text: string, clean: (text: string) => boolean): CreatorError {
  const providerCode = providerCodeOf(text, clean);
  const label = statusLabel(status, providerCode);
  return new CreatorError('AUTH_FAILED', `The credential was rejected (${label}): check or re-enter it in Settings.`, {
    status,
    providerCode,
  });
}

function mint(ctx: RetryContext, credential: Credential): StoredToken {
  const { platform } = ctx.execution;
  const basic = platform.base64Encode(`${credential.clientId}:${credential.clientSecret}`);
  holdSecrets(ctx.execution, [credential.clientSecret, basic]);
  const [response] = sendWithRetry(
    ctx,
    [
      {
        url: credential.tokenUrl,
        method: 'post',
        headers: {
          Authorization: `Basic ${basic}`,
          Accept: 'application/json',
        },
        contentType: 'application/x-www-form-urlencoded',
        payload: 'grant_type=client_credentials',
      },
    ],
    1,
  );
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw authFailed(response.status, response.text, secretCheck(ctx.execution));
  }
  if (response.status < 200 || response.status >= 300) {
    throw errorFromResponse(response, { path: 'the token URL', clean: secretCheck(ctx.execution) });
  }
  const body = parseJson(response) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new CreatorError(
      'BAD_RESPONSE',
      `The token URL answered without a token (status ${response.status}). Check the token URL in Settings.`,
      { status: response.status },
    );
  }
  const expires = Number(body.expires_in);
  const lifetimeS = Number.isFinite(expires) && expires > 0 ? expires : DEFAULT_EXPIRES_S;
  // Very short-lived tokens are still used once, just never shared through the cache.
  const usableS = lifetimeS > MARGIN_S * 2 ? lifetimeS - MARGIN_S : lifetimeS / 2;
  return { accessToken: body.access_token, usableUntil: platform.now() + usableS * 1000 };
}

export function createAuth(ctx: RetryContext, credential: Credential, fingerprint: string): Auth {
  const { execution } = ctx;
  const { platform } = execution;
  const cacheKey = tokenCacheKey(fingerprint);
  const memKey = memoryKey(fingerprint);

  const fromMemory = (): StoredToken | null => readStored(execution.memory.get(memKey), platform.now());
  const fromCache = (): StoredToken | null => {
    try {
      const raw = platform.userCache.get(cacheKey);
      return raw ? readStored(JSON.parse(raw), platform.now()) : null;
    } catch (_) {
      return null;
    }
  };
  // A cached token may be used without a mint in this execution: its secret forms are held anyway.
  holdSecrets(execution, [credential.clientSecret, platform.base64Encode(`${credential.clientId}:${credential.clientSecret}`)]);
  const remember = (token: StoredToken): StoredToken => {
    holdSecrets(execution, [token.accessToken]);
    execution.memory.set(memKey, token);
    return token;
  };
  const mintAndStore = (): StoredToken => {
    const token = mint(ctx, credential);
    const ttlS = Math.floor((token.usableUntil - platform.now()) / 1000);
    if (ttlS >= 1) {
      try {
        platform.userCache.put(cacheKey, JSON.stringify(token), Math.min(ttlS, MAX_CACHE_TTL_S));
      } catch (_) {
        // A cache failure costs a mint per execution, never the report.
      }
    }
    return remember(token);
  };

  return {
    token(): string {
      const known = fromMemory() ?? fromCache();
      if (known) return remember(known).accessToken;
      const lock = platform.userLock() ?? platform.scriptLock();
      let held = false;
      try {
        try {
          held = lock?.tryLock(Math.max(0, Math.min(LOCK_WAIT_MS, timeLeft(execution) - 5_000))) === true;
        } catch (_) {
          held = false;
        }
        // Whoever held the lock may have minted; if the lock never came, mint anyway (a spare
        // token is cheaper than a failed formula).
        const minted = held ? fromCache() : null;
        return (minted ? remember(minted) : mintAndStore()).accessToken;
      } finally {
        if (held) lock?.releaseLock();
      }
    },
    drop(rejected: string): void {
      if (fromMemory()?.accessToken === rejected) execution.memory.delete(memKey);
      if (fromCache()?.accessToken === rejected) {
        try {
          platform.userCache.remove(cacheKey);
        } catch (_) {
          // Best effort: the next 401 drops it again.
        }
      }
    },
    mintNow(): string {
      return mintAndStore().accessToken;
    },
  };
}

/** Forget every token of a credential (settings cleared or replaced). */
export function forgetTokens(execution: Execution, fingerprint: string): void {
  execution.memory.delete(memoryKey(fingerprint));
  try {
    execution.platform.userCache.remove(tokenCacheKey(fingerprint));
  } catch (_) {
    // Best effort: a forgotten token expires within minutes anyway.
  }
}
