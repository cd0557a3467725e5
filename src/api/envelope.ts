import { CreatorError } from '../shared/errors';

/** One response in the API's JSON:API-style envelope: rows in `data`, paging in `meta`. */
export interface Page {
  rows: Record<string, unknown>[];
  recordCount: number | null;
  /** Null: no next page. Undefined: the field is absent (also the end, per the live service). */
  next: number | null | undefined;
  last: number | null;
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

export function readPage(body: unknown, status = 200): Page {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw unreadable(status);
  const envelope = body as { data?: unknown; meta?: unknown };
  let rows: Record<string, unknown>[];
  if (envelope.data === undefined || envelope.data === null) rows = [];
  else if (Array.isArray(envelope.data)) {
    // A bare value as a row is unexpected but must still reach the sheet.
    rows = envelope.data.map((item) =>
      typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item },
    );
  } else if (typeof envelope.data === 'object') rows = [envelope.data as Record<string, unknown>];
  else throw unreadable(status);
  const meta = (typeof envelope.meta === 'object' && envelope.meta !== null ? envelope.meta : {}) as {
    recordCount?: unknown;
    totalItemCount?: unknown;
    page?: unknown;
  };
  const page = (typeof meta.page === 'object' && meta.page !== null ? meta.page : {}) as { next?: unknown; last?: unknown };
  return {
    rows,
    recordCount: toCount(meta.recordCount ?? meta.totalItemCount),
    next: 'next' in page ? readNext(page.next) : undefined,
    last: toCount(page.last),
  };
}
