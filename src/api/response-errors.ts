import type { FetchResponse } from '../platform/types';
import { CreatorError } from '../shared/errors';
import { firstDetail } from './provider-detail';

/** What the caller was doing, so the message can name it. */
export interface RequestContext {
  siteId?: string;
  /** Path after the base URL, for messages (never holds a secret). */
  path: string;
  /** False for a provider string holding any part of a secret (secret-forms.ts). */
  clean: (text: string) => boolean;
}

const PROVIDER_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (_) {
    return null;
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function firstError(body: Record<string, unknown>): Record<string, unknown> | null {
  return Array.isArray(body.errors) ? asRecord(body.errors[0]) : null;
}

/**
 * The provider's `internalCode`/`code`, only when it looks like a code (never free text) and holds
 * no part of a secret.
 */
export function providerCodeOf(text: string, clean: (text: string) => boolean): string | undefined {
  const body = asRecord(parseBody(text));
  if (!body) return undefined;
  const first = firstError(body);
  for (const candidate of [body.internalCode, body.code, first?.internalCode, first?.code]) {
    const code = typeof candidate === 'number' ? String(candidate) : candidate;
    if (typeof code === 'string' && PROVIDER_CODE.test(code) && clean(code)) return code;
  }
  return undefined;
}

/** The provider's explanation (JSON:API `errors[].detail` first), short, clean and scrubbed. */
function providerSentence(text: string, clean: (text: string) => boolean): string | undefined {
  const body = asRecord(parseBody(text));
  if (!body) return undefined;
  const first = firstError(body);
  return firstDetail([first?.detail, body.detail, body.message, body.error_description, first?.title, first?.message], clean);
}

/** The end of a 400's message; adapt.ts reads what comes before it as the provider's reason. */
export const BAD_REQUEST_ADVICE = 'Check the dates, limit and sort.';

/** "status 502, bad_gateway": how every message names a response. */
export function statusLabel(status: number, code: string | undefined): string {
  return code ? `status ${status}, ${code}` : `status ${status}`;
}

/** Whether a body is a web page (a firewall's challenge, a proxy's error page) rather than data. */
function looksLikeHtml(response: FetchResponse): boolean {
  const type = Object.keys(response.headers).find((k) => k.toLowerCase() === 'content-type');
  return (type !== undefined && /html/i.test(response.headers[type])) || /^\s*</.test(response.text);
}

/**
 * A 2xx (the firewall in front of the API answers some clients 202) or a 403 whose body is not
 * JSON: a web firewall checking for a browser, which a server-side script cannot pass.
 */
function firewallError(response: FetchResponse): CreatorError {
  const what = response.text.trim() === '' ? 'an empty answer' : looksLikeHtml(response) ? 'a web page' : 'something that is not data';
  return new CreatorError(
    'BAD_RESPONSE',
    `The Creator API's host answered with ${what} instead of data (status ${response.status}). This usually means its web firewall stopped the request to check for a browser, which Google's servers cannot pass. Wait a few minutes and try again; if it keeps happening, ask the network's support to let API requests from Google Apps Script through, and check the API base URL in Settings.`,
    { status: response.status },
  );
}

function badResponse(status: number): CreatorError {
  return new CreatorError(
    'BAD_RESPONSE',
    `The Creator API sent a response that could not be read (status ${status}). Try again; if it keeps happening, check the API base URL in Settings.`,
    { status },
  );
}

/** A non-2xx response that is not retried (429/5xx are mapped by the retry loop, a token URL's 401 by auth). */
export function errorFromResponse(response: FetchResponse, context: RequestContext): CreatorError {
  const status = response.status;
  const providerCode = providerCodeOf(response.text, context.clean);
  const details = { status, providerCode };
  const label = statusLabel(status, providerCode);
  if (status === 401) {
    return new CreatorError('AUTH_FAILED', 'The credential was rejected: check or re-enter it in Settings.', details);
  }
  if (status === 403 && looksLikeHtml(response)) return firewallError(response);
  if (status === 404) {
    if (context.siteId !== undefined) {
      return new CreatorError(
        'NOT_FOUND',
        `Site ${context.siteId} is not available to this credential (${label}): it has no site with this ID. Check the site ID against CREATOR_SITES() or the sidebar's site list.`,
        details,
      );
    }
    return new CreatorError('NOT_FOUND', `The Creator API has no ${context.path} (${label}). Check the API base URL in Settings.`, details);
  }
  if (status === 403) {
    if (context.siteId !== undefined) {
      return new CreatorError(
        'FORBIDDEN',
        `Site ${context.siteId} is not available to this credential (${label}): its dashboard user may not see this site or this report. Check the site ID against CREATOR_SITES() or the sidebar's site list.`,
        details,
      );
    }
    return new CreatorError(
      'FORBIDDEN',
      `The Creator API refused ${context.path} (${label}). Check the API base URL in Settings and that the credential is still active.`,
      details,
    );
  }
  if (status === 429) {
    return new CreatorError('RATE_LIMITED', `The Creator API is limiting requests (${label}). Try again in a minute.`, details);
  }
  if (status >= 500) {
    return new CreatorError('SERVER_ERROR', `The Creator API had a server error (${label}). Try again in a minute.`, details);
  }
  if (status >= 400) {
    const sentence = providerSentence(response.text, context.clean);
    return new CreatorError(
      'BAD_INPUT',
      `The Creator API rejected the request (${label})${sentence ? `: ${sentence}` : '.'} ${BAD_REQUEST_ADVICE}`,
      details,
    );
  }
  return badResponse(status);
}

/**
 * A 2xx body as JSON. A body that is not JSON at all (HTML, empty) is the firewall's doing; JSON
 * cut short is BAD_RESPONSE.
 */
export function parseJson(response: FetchResponse): unknown {
  const text = response.text.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) throw firewallError(response);
  try {
    return JSON.parse(text);
  } catch (_) {
    throw badResponse(response.status);
  }
}

/** A 2xx body that holds JSON:API `errors[]` and no data. */
export function errorInBody(body: unknown, status: number, clean: (text: string) => boolean): CreatorError {
  const first = firstError(asRecord(body) ?? {});
  const code = typeof first?.code === 'string' && PROVIDER_CODE.test(first.code) && clean(first.code) ? first.code : undefined;
  const detail = firstDetail([first?.detail, first?.title], clean);
  return new CreatorError(
    'BAD_RESPONSE',
    `The Creator API answered with an error instead of data (${statusLabel(status, code)})${detail ? `: ${detail}` : '.'} Try again; if it keeps happening, check the dates, limit and sort.`,
    { status, providerCode: code },
  );
}
