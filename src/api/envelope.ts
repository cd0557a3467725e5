import { CreatorError } from '../shared/errors';
import { errorInBody } from './response-errors';

/** One response in the API's JSON:API-style envelope: rows in `data`, paging in `meta`. */
export interface Page {
  rows: Record<string, unknown>[];
  recordCount: number | null;
  /** Null: no next page. Undefined: the field is absent (also the end, per the live service). */
  next: number | null | undefined;
  last: number | null;
  /** The page size the API says it used (`meta.page.size`), when it says. */
  size?: number | null;
}

/** Numbers sometimes arrive as strings (`recordCount: "1"`). */
function toCount(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

function unreadable(status: number): CreatorError {
  return new CreatorError(
    'BAD_RESPONSE',
    `The Creator API sent a response without the expected data (status ${status}). Try again; if it keeps happening, check the API base URL in Settings.`,
    { status },
  );
}

function readNext(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  const direct = toCount(value);
  if (direct !== null) return direct;
  // JSON:API links style: a URL carrying the page number.
  if (typeof value === 'string') {
    const match = /page(?:\[|%5B)number(?:\]|%5D)=(\d+)/i.exec(value);
    if (match) return Number(match[1]);
  }
  throw new CreatorError(
    'PAGINATION',
    'The Creator API sent a "next page" that could not be read, so the report could not be completed. Try again; if it keeps happening, use a limit.',
  );
}

/** Array items as rows; a bare value as a row is unexpected but must still reach the sheet. */
function asRows(items: unknown[]): Record<string, unknown>[] {
  return items.map((item) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item },
  );
}

/**
 * Any body the API may send for rows: the confirmed `{data: [...], meta}`, a `data` object (one
 * row), or a bare JSON array (the internal dashboard API's form; no paging). A 2xx carrying only
 * JSON:API `errors[]` is an error, not an empty report.
 */
export function readPage(body: unknown, clean: (text: string) => boolean, status = 200): Page {
  if (Array.isArray(body)) return { rows: asRows(body), recordCount: null, next: undefined, last: null };
  if (typeof body !== 'object' || body === null) throw unreadable(status);
  const envelope = body as { data?: unknown; meta?: unknown; errors?: unknown };
  let rows: Record<string, unknown>[];
  if (envelope.data === undefined || envelope.data === null) {
    if (Array.isArray(envelope.errors) && envelope.errors.length > 0) throw errorInBody(body, status, clean);
    rows = [];
  } else if (Array.isArray(envelope.data)) rows = asRows(envelope.data);
  else if (typeof envelope.data === 'object') rows = [envelope.data as Record<string, unknown>];
  else throw unreadable(status);
  const meta = (typeof envelope.meta === 'object' && envelope.meta !== null ? envelope.meta : {}) as {
    recordCount?: unknown;
    totalItemCount?: unknown;
    page?: unknown;
  };
  const page = (typeof meta.page === 'object' && meta.page !== null ? meta.page : {}) as { next?: unknown; last?: unknown; size?: unknown };
  return {
    rows,
    recordCount: toCount(meta.recordCount ?? meta.totalItemCount),
    next: 'next' in page ? readNext(page.next) : undefined,
    last: toCount(page.last),
    size: toCount(page.size),
  };
}
