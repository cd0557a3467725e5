import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NetworkFailure, Transport, TransportRequest, TransportResponse } from '../transport-types';
import { checkTimeLimit, type EmulatorState } from '../state';
import { strict } from '../strict';
import { isBlob, newBlob } from './blob';
import { toBuffer, toSignedBytes } from './bytes';

export const URL_LENGTH_LIMIT = 2082;

type Params = GoogleAppsScript.URL_Fetch.URLFetchRequestOptions;

interface Prepared {
  request: TransportRequest;
  mute: boolean;
}

function formEncode(payload: Record<string, unknown>): string {
  return Object.keys(payload)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(payload[k]))}`)
    .join('&');
}

function prepare(url: unknown, params: Params = {}): Prepared {
  if (typeof url !== 'string' || !/^https?:\/\/[^/]+/i.test(url)) throw new Error(`Invalid argument: ${String(url)}`);
  if (url.length > URL_LENGTH_LIMIT) throw new Error('Limit Exceeded: URLFetch URL Length.');
  const method = String(params.method ?? 'get').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(params.headers ?? {})) headers[k] = String(v);
  let body = '';
  let contentType = params.contentType;
  const payload = params.payload as unknown;
  if (payload !== undefined && payload !== null) {
    if (typeof payload === 'string') body = payload;
    else if (Array.isArray(payload)) body = toBuffer(payload).toString('utf8');
    else if (isBlob(payload)) {
      body = payload.getDataAsString();
      contentType ??= payload.getContentType() ?? undefined;
    } else if (typeof payload === 'object') body = formEncode(payload as Record<string, unknown>);
    else body = String(payload);
    // Apps Script's default for any payload, JSON included, unless told otherwise.
    contentType ??= 'application/x-www-form-urlencoded';
  }
  if (contentType !== undefined) {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
    headers['Content-Type'] = contentType;
  }
  return { request: { method, url, headers, body }, mute: params.muteHttpExceptions === true };
}

function isFailure(r: TransportResponse | NetworkFailure): r is NetworkFailure {
  return typeof (r as NetworkFailure).networkError === 'string';
}

function origin(url: string): string {
  return /^https?:\/\/[^/?#]+/i.exec(url)?.[0] ?? url;
}

function response(r: TransportResponse): GoogleAppsScript.URL_Fetch.HTTPResponse {
  const self = {
    getResponseCode: () => r.status,
    getContentText: (charset?: string) =>
      charset ? toBuffer(r.body).toString(charset.toLowerCase().includes('8859') ? 'latin1' : 'utf8') : r.body,
    getContent: () => toSignedBytes(Buffer.from(r.body, 'utf8')),
    getHeaders: () => ({ ...r.headers }),
    getAllHeaders: () => ({ ...r.headers }),
    getBlob: () => newBlob(Buffer.from(r.body, 'utf8'), r.headers['content-type'] ?? null, null),
    getAs: (contentType: string) => newBlob(Buffer.from(r.body, 'utf8'), contentType, null),
  };
  return strict('HTTPResponse', self) as unknown as GoogleAppsScript.URL_Fetch.HTTPResponse;
}

/** The prefixes UrlFetchApp may reach, or null for any (the `urlAllowlist` variant). */
function allowlist(state: EmulatorState): string[] | null {
  const v = state.variants.urlAllowlist;
  if (v === false) return null;
  if (Array.isArray(v)) return v;
  const file = join(state.distDir, 'appsscript.json');
  const list = (JSON.parse(readFileSync(file, 'utf8')) as { urlFetchWhitelist?: unknown }).urlFetchWhitelist;
  return Array.isArray(list) ? list.map(String) : null;
}

/** Apps Script's wording, from public reports; it is thrown before anything is sent. */
export function notAllowlisted(url: string): Error {
  return new Error(`Request to ${url} failed because the URL has not been whitelisted in the script manifest.`);
}

export function createUrlFetchApp(state: EmulatorState, transport: () => Transport): GoogleAppsScript.URL_Fetch.UrlFetchApp {
  const checkAllowed = (batch: Prepared[]) => {
    const prefixes = allowlist(state);
    if (!prefixes) return;
    for (const p of batch) if (!prefixes.some((prefix) => p.request.url.startsWith(prefix))) throw notAllowlisted(p.request.url);
  };
  /** One round trip: the clock moves by the latency plus the slowest response's delay. */
  function send(batch: Prepared[]): GoogleAppsScript.URL_Fetch.HTTPResponse[] {
    checkAllowed(batch);
    if (state.urlFetchQuotaSpent) throw new Error('Service invoked too many times for one day: urlfetch.');
    state.counters.requests += batch.length;
    state.counters.roundTrips++;
    const results = transport().send(batch.map((p) => p.request));
    if (results.length !== batch.length) throw new Error(`Transport returned ${results.length} responses for ${batch.length} requests`);
    let delay = 0;
    for (const r of results) if (!isFailure(r)) delay = Math.max(delay, r.delayMs ?? 0);
    state.clock.advance(state.latencyMs + delay);
    checkTimeLimit(state);
    state.onWait?.();
    results.forEach((r, i) => {
      if (isFailure(r)) throw new Error(`Address unavailable: ${batch[i].request.url}`);
    });
    return (results as TransportResponse[]).map((r, i) => {
      if (r.status >= 400 && !batch[i].mute) {
        const body = r.body.length > 200 ? `${r.body.slice(0, 200)}...` : r.body;
        throw new Error(
          `Request failed for ${origin(batch[i].request.url)} returned code ${r.status}. Truncated server response: ${body} (use muteHttpExceptions option to examine full response)`,
        );
      }
      return response(r);
    });
  }

  const service = {
    fetch(url: string, params?: Params) {
      state.counters.fetchCalls++;
      return send([prepare(url, params)])[0];
    },
    fetchAll(requests: Array<string | (Params & { url: string })>) {
      state.counters.fetchAllCalls++;
      if (!Array.isArray(requests)) throw new Error('Invalid argument: requests');
      const batch = requests.map((r) => (typeof r === 'string' ? prepare(r) : prepare(r?.url, r)));
      return batch.length === 0 ? [] : send(batch);
    },
    getRequest(url: string, params?: Params) {
      const { request } = prepare(url, params);
      return { url: request.url, method: request.method.toLowerCase(), headers: request.headers, payload: request.body };
    },
  };
  return strict('UrlFetchApp', service) as unknown as GoogleAppsScript.URL_Fetch.UrlFetchApp;
}
