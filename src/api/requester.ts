import type { FetchRequest, FetchResponse } from '../platform/types';
import type { Auth } from './auth';
import type { FanOut } from './fan-out';
import { errorFromResponse, parseJson } from './response-errors';
import { hideEchoedSecrets, secretCheck, secretForms, secretMatcher } from './secret-forms';
import { sendWithRetry, type RetryContext } from './retry';

export interface RequestTarget {
  url: string;
  context: { siteId?: string; path: string };
}

/** One answer of a batch: its parsed body, or the error it would have thrown. */
export type Settled = { ok: true; body: unknown } | { ok: false; error: unknown };

/** Authorised GETs with retries, the one 401 re-mint, and error mapping. */
export interface Requester {
  /** Parsed JSON bodies, in the order of `urls`; several URLs go out in parallel batches. */
  getJson(urls: string[], context: { siteId?: string; path: string }): unknown[];
  /**
   * getJson's answers, each parsed (or its error thrown) only when called: a caller that is done
   * with one body before it asks for the next keeps one parsed body alive, not a whole batch.
   */
  getJsonEach(urls: string[], context: { siteId?: string; path: string }): Array<() => unknown>;
  /**
   * Unrelated requests in the same round trip(s), each answered on its own, so the caller decides
   * which failure matters first (a range check may explain a page's 400 better than the 400 does).
   */
  getSettled(targets: RequestTarget[]): Settled[];
}

export function createRequester(ctx: RetryContext, auth: Auth, secret: string, batchSize: number | FanOut): Requester {
  const build = (url: string, token: string): FetchRequest => ({
    url,
    method: 'get',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });

  /** The answers, each settled when called. */
  const answers = (targets: RequestTarget[]): Array<() => Settled> => {
    let token = auth.token();
    const responses: FetchResponse[] = sendWithRetry(
      ctx,
      targets.map((t) => build(t.url, token)),
      batchSize,
    );
    // A 401 means the token expired or was revoked: mint once, resend only the rejected ones.
    const rejected = responses.map((r, i) => (r.status === 401 ? i : -1)).filter((i) => i >= 0);
    if (rejected.length > 0) {
      auth.drop(token);
      token = auth.token();
      const again = sendWithRetry(
        ctx,
        rejected.map((i) => build(targets[i].url, token)),
        batchSize,
      );
      rejected.forEach((index, k) => (responses[index] = again[k]));
      const still = again.findIndex((r) => r.status === 401);
      if (still >= 0) {
        auth.drop(token);
        throw errorFromResponse(again[still], { ...targets[rejected[still]].context, clean: secretCheck(ctx.execution, [secret, token]) });
      }
    }
    const forms = secretForms(ctx.execution, [secret, token]);
    const mayHold = secretMatcher(forms);
    return responses.map((response, i) => (): Settled => {
      try {
        if (response.status < 200 || response.status >= 300) {
          throw errorFromResponse(response, { ...targets[i].context, clean: secretCheck(ctx.execution, [secret, token]) });
        }
        const body = parseJson(response);
        return { ok: true, body: mayHold(response.text) ? hideEchoedSecrets(body, forms) : body };
      } catch (error) {
        return { ok: false, error };
      }
    });
  };

  const getJsonEach = (urls: string[], context: RequestTarget['context']): Array<() => unknown> =>
    answers(urls.map((url) => ({ url, context }))).map((answer) => () => {
      const settled = answer();
      if (!settled.ok) throw settled.error;
      return settled.body;
    });

  return {
    getSettled: (targets) => answers(targets).map((answer) => answer()),
    getJson: (urls, context) => getJsonEach(urls, context).map((body) => body()),
    getJsonEach,
  };
}
