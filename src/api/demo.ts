import { CREDENTIALS, createFakeApi } from '../../fake-api';
import type { Execution } from '../platform/execution';
import type { FetchRequest, FetchResponse, Http, Platform } from '../platform/types';
import type { Credential } from './credential';

/**
 * Demo mode's API: the project's fake Creator Reporting API (fake-api/), bundled into the add-on
 * and answered in the execution itself, so a reviewer or a new user without a Raptive account
 * sees every report behave as the real API does (date bounds, the two-day earnings lag, pages,
 * errors) with no credential and no network. Its data is generated from a seed: nothing is stored.
 */
const DEMO_ORIGIN = 'https://demo-data.creator-reporting.invalid';

export const DEMO_CREDENTIAL: Credential = {
  clientId: CREDENTIALS.sample.clientId,
  clientSecret: CREDENTIALS.sample.clientSecret,
  apiBaseUrl: `${DEMO_ORIGIN}/creator-api/v1`,
  tokenUrl: `${DEMO_ORIGIN}/oauth/token`,
};

export function isDemoCredential(credential: Credential): boolean {
  return credential.apiBaseUrl === DEMO_CREDENTIAL.apiBaseUrl && credential.tokenUrl === DEMO_CREDENTIAL.tokenUrl;
}

function demoHttp(platform: Platform): Http {
  const api = createFakeApi({ now: () => platform.now() });
  const one = (request: FetchRequest): FetchResponse => {
    // Only the demo's own address is answered here; anything else is refused, never fetched.
    if (!request.url.startsWith(`${DEMO_ORIGIN}/`)) return { status: 400, text: 'Demo mode answers only its own address.', headers: {} };
    const headers: Record<string, string> = { ...request.headers };
    if (request.contentType) headers['Content-Type'] = request.contentType;
    const answer = api.handle({ method: (request.method ?? 'get').toUpperCase(), url: request.url, headers, body: request.payload ?? '' });
    if ('networkError' in answer) return { status: 503, text: answer.networkError, headers: {} };
    const lower: Record<string, string> = {};
    for (const [k, v] of Object.entries(answer.headers)) lower[k.toLowerCase()] = v;
    return { status: answer.status, text: answer.body, headers: lower };
  };
  return { fetch: one, fetchAll: (requests) => requests.map(one) };
}

/** The execution as the client sees it with the demo credential: the same, but its HTTP is the bundled API. */
export function demoExecution(execution: Execution): Execution {
  const platform = Object.create(execution.platform) as Platform;
  Object.defineProperty(platform, 'http', { value: demoHttp(execution.platform) });
  return { ...execution, platform };
}
