import { timeLeft, type Execution } from '../platform/execution';
import { makeItSmaller, whereLabel } from './advice';
import { readPage, type Page } from './envelope';
import { secretCheck } from './secret-forms';
import { CreatorError } from '../shared/errors';
import type { Requester } from './requester';
import { fixedFanOut, type FanOut } from './fan-out';
import { buildUrl, type QueryParam } from './url';
import { thousands } from '../shared/text-size';

/**
 * Pages asked for at first: the internal dashboard API's maximum, so big pulls take fewer round
 * trips. Only 250 is confirmed on the public API; a 400 makes the client fall back (adapt.ts).
 */
export const MAX_PAGE_SIZE = 500;
/** Beyond this a pull would not fit a spreadsheet usefully (10 M cells) nor the time budget. */
const ROW_CAP = 1_000_000;
/** A parallel batch takes a bit longer than one request. */
const BATCH_SLOWDOWN = 1.25;

export interface PagedRequest {
  baseUrl: string;
  /** Resolved path (site ID filled in). */
  path: string;
  siteId?: string;
  /** Everything but the paging parameters (dates, sort). */
  params: QueryParam[];
  limit?: number;
  /**
   * Without a limit: fetch the pages that fit this share (0 to 1) of the time left, and the row
   * cap, instead of refusing when all would not; the result says `cut`. For a comparison's earlier
   * period, whose rows are only looked up, so that the first of them beat an error; a share below
   * 1 leaves time for the sites after it.
   */
  upToBudget?: number;
  /** Rows per page to ask for; default MAX_PAGE_SIZE. */
  pageSize?: number;
  /** Pages per fetchAll; a FanOut adapts it as the API answers (the requester must share it). */
  fanOut: number | FanOut;
  onProgress?(page: number, pages: number | null): void;
  /**
   * Sends the first page's request and returns its body (default: alone). The client uses it to
   * put other requests in the same round trip; it throws if the pull must not go on.
   */
  sendFirst?(url: string): unknown;
  /**
   * Rows handed over as they arrive, page by page (each page parsed only once the one before was
   * handed over), checked, cut to the limit and in order; the result's `rows` is then empty. A
   * streamed pull keeps only a page's parsed rows alive.
   * `recordCount` is the API's total from the first page (null when it sent none).
   */
  onRows?(rows: Record<string, unknown>[], recordCount: number | null): void;
  /**
   * Rows an earlier execution of the same run already has (a continued run, run/continuation.ts):
   * the pages before them are not asked for again. A multiple of the page size asked for.
   */
  fromRow?: number;
  /**
   * A run that may continue in a later execution: instead of being refused up front when its pages
   * will not all fit the time left, it fetches batch after batch and stops with `PAUSED` (a
   * TIME_BUDGET error) before one that would not fit; its caller keeps what it has.
   */
  mayPause?: boolean;
}

export interface PagedResult {
  rows: Record<string, unknown>[];
  recordCount: number | null;
  truncated: boolean;
  pages: number;
  /** `upToBudget` stopped before the last page: `rows` are the report's first rows only. */
  cut?: boolean;
}

const n = thousands;

function guardError(what: string): CreatorError {
  return new CreatorError(
    'PAGINATION',
    `The Creator API's pages did not add up: ${what}. Nothing was written, to avoid partial data. Try again in a minute; if it keeps happening, use a limit.`,
  );
}

function tooLarge(execution: Execution, pages: number): CreatorError {
  return new CreatorError(
    'TOO_LARGE',
    `This report has ${n(pages)} pages, more than fit in ${whereLabel(execution.kind)}. ${makeItSmaller(execution.kind)}`,
  );
}

/** A continuable pull stops here; the caller turns it into a checkpoint (run/continuation.ts). */
export const PAUSED = "The run stopped before Google's time limit for one execution; it continues in the next one.";

function paused(): CreatorError {
  return new CreatorError('TIME_BUDGET', PAUSED);
}

function tooManyRows(rows: number): CreatorError {
  return new CreatorError(
    'TOO_LARGE',
    `This report has ${n(rows)} rows, more than the ${n(ROW_CAP)} one pull can hold. Use a smaller date range or a limit.`,
  );
}

/**
 * The page size the API actually uses: it may serve smaller pages than asked (a cap it does not
 * reject), saying so in `meta.page.size` or only by sending fewer rows while more pages follow.
 * Page numbers then count its pages, so counts and guards must use its size.
 */
function servedPageSize(first: Page, asked: number): number {
  if (first.size !== null && first.size !== undefined && first.size > 0 && first.size < asked) return first.size;
  const more = (typeof first.next === 'number' && first.next > 1) || (first.last !== null && first.last > 1);
  return more && first.rows.length > 0 && first.rows.length < asked ? first.rows.length : asked;
}

/** The traversal's guards for one page: a misbehaving API gives an error, never partial or duplicated rows. */
function checkPageGuards(
  page: Page,
  number: number,
  total: number | null,
  so: { recordCount: number | null; pageSize: number; received: number },
): void {
  // Pages are requested by number, but a next pointing backwards means the API's paging is
  // broken (a loop), so its pages cannot be trusted to be disjoint either.
  if (typeof page.next === 'number' && page.next <= number) {
    throw guardError(`page ${n(number)} pointed back to page ${n(page.next)} as the next one`);
  }
  if (so.recordCount !== null && page.recordCount !== null && page.recordCount !== so.recordCount) {
    throw guardError(`the row count changed from ${n(so.recordCount)} to ${n(page.recordCount)} between pages (the data changed mid-pull)`);
  }
  if (total !== null && number < total && page.rows.length < so.pageSize) {
    throw guardError(`page ${n(number)} of ${n(total)} came back with ${n(page.rows.length)} rows instead of ${n(so.pageSize)}`);
  }
  if (so.received + page.rows.length > ROW_CAP) throw tooManyRows(so.received + page.rows.length);
}

/** A continued run's pages must be the size they were: else the rows it has are on other page numbers. */
function continuedPageSize(first: Page, asked: number): number {
  if (first.size !== null && first.size !== undefined && first.size > 0 && first.size !== asked) {
    throw guardError(`the pages changed size from ${n(asked)} to ${n(first.size)} rows between executions`);
  }
  return asked;
}

/**
 * The page numbers to ask for after the first, decided before spending the budget: a formula that
 * cannot finish says so at once, or (`fit`) takes the pages that fit. The estimate takes the
 * current batch size, as if it never grew.
 */
function pagesAfterFirst(
  execution: Execution,
  needed: number,
  how: { first: number; batchSize: number; pageMs: number; fitMs: number | null; mayPause: boolean },
): number[] {
  const remaining: number[] = [];
  for (let p = how.first + 1; p <= needed; p++) remaining.push(p);
  const batchMs = Math.max(how.pageMs, 1) * BATCH_SLOWDOWN;
  const room = how.fitMs ?? timeLeft(execution);
  // A run that may continue fetches what fits and stops batch by batch (fetchPages).
  if (how.mayPause || Math.ceil(remaining.length / how.batchSize) * batchMs <= room) return remaining;
  if (how.fitMs === null) throw tooLarge(execution, needed);
  return remaining.slice(0, Math.max(0, Math.floor(room / batchMs)) * how.batchSize);
}

/**
 * All pages of a paginated report. The first page comes alone; if it tells how many pages there
 * are (`last` or `recordCount`), the rest are requested in parallel batches, else `next` is
 * followed until it is null or absent. The traversal is guarded so that a misbehaving API gives
 * an error, never silently partial or duplicated rows.
 */
export function fetchPages(execution: Execution, requester: Requester, request: PagedRequest): PagedResult {
  const { platform } = execution;
  const fit = request.upToBudget !== undefined && request.limit === undefined;
  // upToBudget's share of the time left, from now.
  const fitUntil = fit ? platform.now() + Math.max(0, timeLeft(execution)) * Math.min(1, Math.max(0, request.upToBudget!)) : null;
  const fitMs = (): number | null => (fitUntil === null ? null : Math.min(timeLeft(execution), fitUntil - platform.now()));
  const limitAll = request.limit ?? (fit ? ROW_CAP : Infinity);
  const asked = Math.min(request.pageSize ?? MAX_PAGE_SIZE, request.limit ?? Infinity);
  const context = { siteId: request.siteId, path: request.path };
  const pageUrl = (page: number): string =>
    buildUrl(request.baseUrl, request.path, [...request.params, ['page[number]', page], ['page[size]', asked]]);
  // Parsed in turn, each handed over before the next: a batch's parsed pages alive at once cost GC.
  const getPages = (numbers: number[]): Array<() => Page> =>
    requester.getJsonEach(numbers.map(pageUrl), context).map((body) => () => readPage(body(), secretCheck(execution)));

  // A continued run starts at the page after the rows it has; `wanted` counts from there.
  const skipped = request.fromRow ? Math.floor(request.fromRow / asked) * asked : 0;
  const firstPage = 1 + skipped / asked;
  const started = platform.now();
  const first = request.sendFirst ? readPage(request.sendFirst(pageUrl(firstPage)), secretCheck(execution)) : getPages([firstPage])[0]();
  const pageMs = platform.now() - started;
  const recordCount = first.recordCount;
  if (request.limit === undefined && !fit && recordCount !== null && recordCount > ROW_CAP) throw tooManyRows(recordCount);

  const pageSize = firstPage === 1 ? servedPageSize(first, asked) : continuedPageSize(first, asked);
  const wanted = limitAll - skipped;
  // Rows the API sent, and those kept (up to the limit): all of them, or one batch when streamed.
  let received = 0;
  let rows: Record<string, unknown>[] = [];
  const take = (pageRows: Record<string, unknown>[]): void => {
    const room = wanted - received;
    received += pageRows.length;
    if (room <= 0) return;
    if (pageRows.length <= room) rows.push(...pageRows);
    else for (let i = 0; i < room; i++) rows.push(pageRows[i]);
  };
  const handOver = (): void => {
    if (!request.onRows) return;
    const batch = rows;
    rows = [];
    request.onRows(batch, recordCount);
  };
  const checkPage = (page: Page, number: number, total: number | null): void =>
    checkPageGuards(page, number, total, { recordCount, pageSize, received });

  const totalPages =
    first.last !== null ? Math.max(1, first.last) : recordCount !== null ? Math.max(1, Math.ceil(recordCount / pageSize)) : null;
  let pages = firstPage;
  let morePages: boolean;
  checkPage(first, firstPage, totalPages);
  take(first.rows);
  handOver();

  if (totalPages !== null) {
    const needed = Math.min(totalPages, Math.ceil(limitAll / pageSize));
    request.onProgress?.(firstPage, needed);
    const fanOut = typeof request.fanOut === 'number' ? fixedFanOut(request.fanOut) : request.fanOut;
    const mayPause = request.mayPause === true;
    const remaining = pagesAfterFirst(execution, needed, { first: firstPage, batchSize: fanOut.size, pageMs, fitMs: fitMs(), mayPause });
    const batchMs = Math.max(pageMs, 1) * BATCH_SLOWDOWN;
    for (let next = 0; next < remaining.length; ) {
      if (mayPause && batchMs > timeLeft(execution)) throw paused();
      const batch = remaining.slice(next, next + fanOut.size);
      next += batch.length;
      getPages(batch).forEach((page, k) => {
        const read = page();
        checkPage(read, batch[k], totalPages);
        take(read.rows);
        handOver();
      });
      pages += batch.length;
      request.onProgress?.(pages, firstPage + remaining.length);
    }
    morePages = firstPage + remaining.length < totalPages;
  } else {
    request.onProgress?.(1, null);
    let next = first.next;
    while (received < wanted && next !== null && next !== undefined) {
      // Without a page count there is no early estimate: stop once one more page would not fit.
      if (Math.max(pageMs, 1) > (fitMs() ?? timeLeft(execution))) {
        if (fit) break;
        throw request.mayPause ? paused() : tooLarge(execution, pages + 1);
      }
      const page = getPages([next])[0]();
      checkPage(page, next, null);
      take(page.rows);
      handOver();
      pages += 1;
      next = page.next;
      request.onProgress?.(pages, null);
    }
    morePages = next !== null && next !== undefined;
  }

  const limited = request.limit !== undefined || fit;
  const truncated = limited && (received > wanted || morePages || (recordCount !== null && recordCount > limitAll));
  if (fit && truncated) return { rows, recordCount, truncated, pages, cut: true };
  checkCount(recordCount, Math.min(received, wanted), { limited, limitAll, skipped });
  return { rows, recordCount, truncated, pages };
}

/** The rows received against the API's total (less a limit, less the rows a continued run had). */
function checkCount(recordCount: number | null, got: number, so: { limited: boolean; limitAll: number; skipped: number }): void {
  if (recordCount === null) return;
  const expected = Math.max(0, Math.min(recordCount, so.limitAll) - so.skipped);
  if (so.limited ? got < expected : got !== expected) throw guardError(`the API said ${n(recordCount)} rows but sent ${n(got)}`);
}
