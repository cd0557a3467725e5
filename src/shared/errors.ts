import { thousands } from './text-size';

/**
 * The one error type of the add-on. `code` is machine-readable (tests, status rows, sidebar
 * logic); `message` is what a user reads and must say what went wrong and what to do. It never
 * carries a secret, a token, or a provider's raw response body.
 */
export type ErrorCode =
  | 'BAD_INPUT' // the user's arguments or form fields are wrong
  | 'NOT_CONFIGURED' // no credential saved
  | 'FORMULAS_NOT_ALLOWED' // the owner has not allowed formulas in this spreadsheet
  | 'AUTH_FAILED' // the credential was rejected
  | 'FORBIDDEN' // the credential may not see this site or report (403)
  | 'NOT_FOUND' // no such site for this credential, no such endpoint, no such saved report (404)
  | 'OUT_OF_BOUNDS' // dates outside the site's available range
  | 'RATE_LIMITED' // 429s outlasted the retries
  | 'SERVER_ERROR' // 5xx outlasted the retries
  | 'NETWORK' // no response at all
  | 'URL_NOT_ALLOWED' // the manifest's urlFetchWhitelist does not list the address
  | 'BAD_RESPONSE' // malformed JSON, HTML, unexpected envelope
  | 'PAGINATION' // traversal guard tripped (cycle, changing count, short pages)
  | 'TOO_LARGE' // will not fit the time budget or row cap
  | 'TIME_BUDGET' // the execution's time budget ran out
  | 'BLOCK_CONFLICT' // a report's block would overwrite cells it does not own
  | 'BUSY' // a lock could not be had
  | 'NO_SPREADSHEET' // called outside an open spreadsheet (or with the add-on not enabled in it)
  | 'WRITE_FAILED' // the sheet refused a write midway (the previous data is restored when possible)
  | 'WAREHOUSE' // BigQuery refused an export or a test (no project, permission, billing, API, scope, quota, a failed job)
  | 'PERMISSION_MISSING' // the user did not grant one of the add-on's scopes (granular consent)
  | 'INTERNAL'; // a bug: never a situation the user can fix

export class CreatorError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;
  /** The provider's own code (`internalCode`/`code` in the error body), when there was one. */
  readonly providerCode?: string;
  /** Seconds the server asked us to wait (429 Retry-After). */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, details: { status?: number; providerCode?: string; retryAfter?: number } = {}) {
    super(clipQuotes(message));
    this.name = 'CreatorError';
    this.code = code;
    this.status = details.status;
    this.providerCode = details.providerCode;
    this.retryAfter = details.retryAfter;
  }
}

/** Quoted user input longer than this is shortened in messages (a 100 KB paste stays readable). */
const QUOTE_LIMIT = 80;

/**
 * Messages quote what the user typed (`The start "..." is not a date`); a pasted paragraph would
 * make the message (a cell's hover text, a status row) unreadable, so long quotes keep their start.
 */
export function clipQuotes(message: string): string {
  return message.replace(/"([^"]*)"/g, (whole, inner: string) => {
    const chars = Array.from(inner);
    return chars.length > QUOTE_LIMIT ? `"${chars.slice(0, 60).join('')}…" (${thousands(chars.length)} characters)` : whole;
  });
}

/** Duck-typed so errors that crossed a vm realm still count. */
export function isCreatorError(error: unknown): error is CreatorError {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'CreatorError';
}

/**
 * The message a user sees for any thrown value. Unexpected errors get a generic sentence (their
 * text may hold internals); expected ones keep their own words.
 */
export function userMessage(error: unknown): string {
  if (isCreatorError(error)) return error.message;
  return 'Something unexpected went wrong in Creator Reporting. Try again; if it keeps happening, report it with the steps that led here.';
}
