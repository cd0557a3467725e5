import type { Query } from './query';
import type { TransportResponse } from '../emulator/transport-types';
import { familyRange } from './bounds';
import { isoDay, parseDay } from './dates';
import type { FakeEndpoint } from './endpoints';
import type { FaultBook, RequestInfo } from './faults';
import { pageRow, sortPages, type PagedKey } from './page-rows';
import { pageTable, type PageTable } from './pages';
import { changesRows, driftPageUrls, driftRow, earningsAsSummary, earningsSummary, pagedRefusal, reportRefusal, type Drift } from './drift';
import type { Quirks } from './quirks';
import { rowQuirks } from './quirks';
import { listRows, trafficSummary, type Row } from './report-rows';
import { error, json, JSON_TYPE } from './responses';
import { Lru } from './lru';
import type { SiteDef } from './sites';

/** The dated report endpoints: date checks, list and one-object reports, and paging. */
export interface ReportContext {
  seed: number;
  /** Today's day number (UTC) on the API's clock. */
  today: number;
  quirks: Quirks;
  drift: Drift;
  faults: FaultBook;
  req: RequestInfo;
  tables: Lru<PageTable>;
  orders: Lru<Uint32Array>;
  /** Rows a page holds at most, whatever page[size] asks. */
  maxPageSize: number;
  /** Where bodies of pages served as generated are kept for reuse (see sharedPageBodies); none: always built. */
  bodies: Lru<string> | null;
}

/**
 * Bodies of page-report pages served without drift, quirks or faults, kept for every fake API of
 * this process that asks for them: a page is a pure function of its key, and worlds that pull the
 * same big report again (every test of a suite) need not rebuild and stringify its rows each time.
 */
const shared = new Lru<string>(200);

export function sharedPageBodies(): Lru<string> {
  return shared;
}

/** The internal API's traffic-by-source and by-device answers are bare arrays. */
const BARE_ARRAY_KEYS: ReadonlySet<string> = new Set(['traffic/by-source', 'traffic/by-device']);

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

export function serveReport(endpoint: FakeEndpoint, site: SiteDef, query: Query, ctx: ReportContext): TransportResponse {
  const family = endpoint.family;
  const bounds = familyRange(site, family, ctx.today);
  const from = parseDay(query.get('startDate'));
  const to = parseDay(query.get('endDate'));
  if (bounds.start === null || bounds.end === null) {
    return error(400, 'invalid_date_range', `Site ${site.id} has no ${family} data yet, so no date range is allowed.`, ctx.quirks);
  }
  const allowed = `${isoDay(bounds.start)} to ${isoDay(bounds.end)}`;
  if (from === null || to === null) {
    return error(
      400,
      'invalid_date_range',
      `startDate and endDate are required as YYYY-MM-DD, within ${allowed} (${family} data).`,
      ctx.quirks,
    );
  }
  if (from > to)
    return error(400, 'invalid_date_range', `startDate is after endDate; the allowed range is ${allowed} (${family} data).`, ctx.quirks);
  if (from < bounds.start || to > bounds.end) {
    return error(400, 'invalid_date_range', `Dates must be within ${allowed} (${family} data) for site ${site.id}.`, ctx.quirks);
  }
  const refused = reportRefusal(ctx.drift, query) ?? (endpoint.paged ? pagedRefusal(ctx.drift, query) : null);
  if (refused) return error(400, refused.code, refused.detail, ctx.quirks);
  const range = { seed: ctx.seed, site, from, to };
  const drifts = changesRows(ctx.drift);
  const shaped = (row: Row, index: number): Row => rowQuirks(drifts ? driftRow(ctx.drift, endpoint.key, row, index) : row, ctx.quirks);
  if (endpoint.key === 'traffic/summary') return json(200, { data: shaped(trafficSummary(range), 0) }, ctx.quirks);
  if (endpoint.key === 'earnings' && earningsAsSummary(ctx.drift, query)) {
    return json(200, { data: shaped(earningsSummary(listRows(endpoint.key, range)), 0) }, ctx.quirks);
  }
  if (!endpoint.paged) {
    const rows = listRows(endpoint.key, range).map(shaped);
    if (ctx.drift.bareArrays && BARE_ARRAY_KEYS.has(endpoint.key)) return json(200, rows, ctx.quirks);
    return json(200, { data: rows, meta: { recordCount: rows.length } }, ctx.quirks);
  }
  return servePaged(endpoint.paged, endpoint.key as PagedKey, range, query, ctx);
}

function servePaged(
  paged: NonNullable<FakeEndpoint['paged']>,
  key: PagedKey,
  range: { seed: number; site: SiteDef; from: number; to: number },
  query: Query,
  ctx: ReportContext,
): TransportResponse {
  const number = intParam(query.get('page[number]'), 1);
  const asked = intParam(query.get('page[size]'), DEFAULT_PAGE_SIZE);
  if (number === null || number < 1) return error(400, 'invalid_page_number', 'page[number] must be a whole number from 1.', ctx.quirks);
  if (asked === null || asked < 1 || asked > MAX_PAGE_SIZE) {
    return error(400, 'invalid_page_size', `page[size] must be between 1 and ${MAX_PAGE_SIZE}.`, ctx.quirks);
  }
  const size = Math.min(asked, ctx.maxPageSize);
  const sort = (query.get('sort') || paged.defaultSort).split(',')[0].trim();
  const field = sort.replace(/^[-+]/, '');
  if (!paged.sortable.includes(field)) {
    const allowed = paged.sortable.join(', ');
    return error(400, 'invalid_sort', `Cannot sort by "${field}". Sortable fields: ${allowed}.`, ctx.quirks);
  }
  const tableKey = `${range.site.id}|${range.from}|${range.to}`;
  const table = ctx.tables.getOr(tableKey, () => pageTable(range.seed, range.site, range.from, range.to));
  const order = ctx.orders.getOr(`${key}|${tableKey}|${sort}`, () => sortPages(key, table, field, sort.startsWith('-')));

  let recordCount = table.catalog.count;
  const last = Math.max(1, Math.ceil(recordCount / size));
  const page: Record<string, number | null> = {
    number,
    size,
    prev: number > 1 ? Math.min(number - 1, last) : null,
    next: number < last ? number + 1 : null,
    first: 1,
    last,
  };
  let end = Math.min(number * size, recordCount);

  // Pagination faults: each applies only where it can be seen on this page.
  const fault = ctx.faults.take(ctx.req, ['cycle', 'nextNotIncreasing', 'countChange', 'shortPage'], (f) => {
    if (f.kind === 'cycle' || f.kind === 'nextNotIncreasing') return page.next !== null;
    if (f.kind === 'countChange') return number >= 2;
    return number < last && end - (number - 1) * size > 1;
  });
  if (fault?.kind === 'cycle') page.next = 1;
  if (fault?.kind === 'nextNotIncreasing') page.next = number;
  if (fault?.kind === 'countChange') recordCount += 7;
  if (fault?.kind === 'shortPage') end -= Math.min(3, end - (number - 1) * size - 1);

  const plain = !fault && isPlain(ctx.drift) && isPlain(ctx.quirks);
  const bodyKey =
    plain && ctx.bodies
      ? `${range.seed}|${range.site.id}|${range.site.url}|${recordCount}|${range.from}|${range.to}|${key}|${sort}|${number}|${size}`
      : null;
  const kept = bodyKey === null ? undefined : ctx.bodies!.get(bodyKey);
  if (kept !== undefined) return { status: 200, headers: { ...JSON_TYPE }, body: kept };

  let data: Row[] = [];
  const drifts = changesRows(ctx.drift);
  for (let k = (number - 1) * size; k < end; k++) {
    const row = pageRow(key, table, order[k]);
    data.push(rowQuirks(drifts ? driftRow(ctx.drift, key, row, order[k]) : row, ctx.quirks));
  }
  if (key === 'pages/performance') data = driftPageUrls(ctx.drift, data, range.site.url);
  if (page.next === null && ctx.quirks.missingNextOnLastPage) delete page.next;
  const response = json(200, { data, meta: { recordCount, page } }, ctx.quirks);
  if (bodyKey !== null) ctx.bodies!.set(bodyKey, response.body);
  return response;
}

function isPlain(switches: object): boolean {
  return Object.values(switches).every((on) => on === false);
}

function intParam(text: string | null, fallback: number): number | null {
  if (text === null || text === '') return fallback;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}
