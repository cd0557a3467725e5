import type { FetchResponse } from '../platform/types';
import { CreatorError } from '../shared/errors';

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

/**
 * The provider's explanation, but only if it is one short plain sentence: HTML pages, stack
 * traces and long dumps are never echoed, and neither is anything containing a secret.
 */
function providerSentence(text: string, clean: (text: string) => boolean): string | undefined {
  const body = asRecord(parseBody(text));
  if (!body) return undefined;
  const first = firstError(body);
  const candidates = [body.message, body.error_description, body.detail, first?.detail, first?.title, first?.message];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const sentence = candidate.trim();
    if (sentence.length < 3 || sentence.length > 160) continue;
    if (/[<>{}[\]\\`\r\n\t]/.test(sentence)) continue;
    if (/[\u0000-\u001f]/.test(sentence)) continue;
    if (!clean(sentence)) continue;
    return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  }
  return undefined;
}

/** "status 502, bad_gateway": how every message names a response. */
export function statusLabel(status: number, code: string | undefined): string {
  return code ? `status ${status}, ${code}` : `status ${status}`;
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
  if (status === 404) {
    if (context.siteId !== undefined) {
      return new CreatorError(
        'NOT_FOUND',
        `Site ${context.siteId} is not available to this credential (${label}): it has no site with this ID. Check the site ID against CREATOR_SITES() or the sidebar's site list.`,
        details,
      );
    }
    return new CreatorError(
      'NOT_FOUND',
      `The Creator API has no ${context.path} (${label}). Check the API base URL in Settings.`,
      details,
    );
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
      `The Creator API rejected the request (${label})${sentence ? `: ${sentence}` : '.'} Check the dates, limit and sort.`,
      details,
    );
  }
  return badResponse(status);
}

/** A 2xx body as JSON; anything unreadable (HTML, truncated JSON, an empty body) is BAD_RESPONSE. */
export function parseJson(response: FetchResponse): unknown {
  const text = response.text.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) throw badResponse(response.status);
  try {
    return JSON.parse(text);
  } catch (_) {
    throw badResponse(response.status);
  }
}
