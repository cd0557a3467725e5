import type { FetchRequest, FetchResponse } from '../platform/types';
import type { Auth } from './auth';
import { CreatorError } from './errors';
import { errorFromResponse, parseJson } from './response-errors';
import { sendWithRetry, type RetryContext } from './retry';

/** Authorised GETs with retries, the one 401 re-mint, and error mapping. */
export interface Requester {
  /** Parsed JSON bodies, in the order of `urls`; several URLs go out in parallel batches. */
  getJson(urls: string[], context: { siteId?: string; path: string }): unknown[];
}

export function createRequester(ctx: RetryContext, auth: Auth, secret: string, batchSize: number): Requester {
  const build = (url: string, token: string): FetchRequest => ({
    url,
    method: 'get',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });

  return {
    getJson(urls, context) {
      let token = auth.token();
      const responses: FetchResponse[] = sendWithRetry(ctx, urls.map((u) => build(u, token)), batchSize);
      // A 401 means the token expired or was revoked: mint once, resend only the rejected ones.
      const rejected = responses.map((r, i) => (r.status === 401 ? i : -1)).filter((i) => i >= 0);
      if (rejected.length > 0) {
        auth.drop(token);
        token = auth.token();
        const again = sendWithRetry(ctx, rejected.map((i) => build(urls[i], token)), batchSize);
        rejected.forEach((index, k) => (responses[index] = again[k]));
        const still = again.find((r) => r.status === 401);
        if (still) {
          auth.drop(token);
          throw new CreatorError('AUTH_FAILED', 'The credential was rejected: check or re-enter it in Settings.', {
            status: 401,
          });
        }
      }
      return responses.map((response) => {
        if (response.status < 200 || response.status >= 300) {
          throw errorFromResponse(response, { ...context, secrets: [secret, token] });
        }
        return parseJson(response);
      });
    },
  };
}
