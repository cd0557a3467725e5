import { parseQuery, type Query } from './query';
import type { NetworkFailure, TransportRequest, TransportResponse } from '../emulator/transport-types';
import { dateBounds } from './bounds';
import { dayOfMs } from './dates';
import { base64ToText } from './base64';
import { FaultBook, type Fault, type RequestInfo } from './faults';
import { Lru } from './lru';
import type { PageTable } from './pages';
import { challengePage, checkDriftNames, driftBounds, NO_DRIFT, type Drift } from './drift';
import { NO_QUIRKS, QUIRK_NAMES, rowQuirks, type Quirks } from './quirks';
import { MAX_PAGE_SIZE, serveReport, sharedPageBodies } from './report-endpoint';
import { error, htmlError, json, STATUS_CODES, truncated } from './responses';
import { parseUrl, type ParsedUrl } from './routes';
import { canSee, CREDENTIALS, findCredential, findSite, siteRow, sitesFor, type SiteRow } from './sites';
import { TOKEN_LIFETIME_S, TokenStore } from './tokens';

export type { Fault, FaultKind } from './faults';
export type { Quirks } from './quirks';
export type { Drift } from './drift';
export { ALL_DRIFT, DRIFT_NAMES, NO_DRIFT } from './drift';
export type { SiteRow } from './sites';
export { CREDENTIALS } from './sites';

export interface FakeApiOptions {
  /** Epoch ms; the emulator passes its virtual clock. Default Date.now. */
  now?: () => number;
  /** Varies every generated number; default 1. */
  seed?: number;
  /** Which alternative shapes to serve (see drift.ts); default none. */
  drift?: Partial<Drift>;
  /**
   * Rows a page holds at most, whatever page[size] asks (a server that serves smaller pages than
   * asked, as the client must accept); default MAX_PAGE_SIZE. Tests use it to have a few pages
   * of a small site instead of thousands of rows.
   */
  maxPageSize?: number;
  /** Rows a site's page reports have instead of its own count (e.g. a smaller site-big). */
  pageCounts?: Readonly<Record<string, number>>;
  /**
   * Reuse the bodies of page-report pages any fake API of this process already served (only pages
   * served without drift, quirks or faults: the same bytes). For tests that pull the same big
   * report in many worlds; the stats still count every request and every table built.
   */
  sharePageBodies?: boolean;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  /** 0 for an injected network failure. */
  status: number;
}

export interface FakeApiStats {
  requests: number;
  byPath: Record<string, number>;
  tokenMints: number;
  /** Page tables generated and sort orders computed (a cached one is reused, not counted). */
  pageTablesBuilt: number;
  pageOrdersBuilt: number;
  /** The most recent requests (up to 10,000). */
  log: RequestLogEntry[];
}

export interface FakeApi {
  handle(req: TransportRequest): TransportResponse | NetworkFailure;
  readonly credentials: typeof CREDENTIALS;
  sites(clientId?: string): SiteRow[];
  setQuirks(q: Partial<Quirks>): void;
  readonly quirks: Quirks;
  /** Switches drift variations on or off (the others keep their state). */
  setDrift(d: Partial<Drift>): void;
  readonly drift: Drift;
  inject(fault: Fault): void;
  clearFaults(): void;
  readonly faults: Fault[];
  revoke(clientId: string): void;
  restore(clientId: string): void;
  /** Every token issued so far expires now. */
  expireTokens(): void;
  readonly stats: FakeApiStats;
  /** The API's clock (the `now` option plus any offset). */
  now(): number;
  /** Shifts the API's clock relative to the `now` option (absolute offset, not cumulative). */
  setClockOffset(offsetMs: number): void;
  readonly clockOffsetMs: number;
  /** Forgets tokens, faults, quirks, revocations, stats and the clock offset. */
  reset(): void;
}

const LOG_LIMIT = 10_000;

export function createFakeApi(opts: FakeApiOptions = {}): FakeApi {
  const baseNow = opts.now ?? (() => Date.now());
  const seed = opts.seed ?? 1;
  const maxPageSize = opts.maxPageSize ?? MAX_PAGE_SIZE;
  let offset = 0;
  const now = () => baseNow() + offset;
  let quirks: Quirks = { ...NO_QUIRKS };
  checkDriftNames(opts.drift ?? {});
  const initialDrift: Drift = { ...NO_DRIFT, ...opts.drift };
  let drift: Drift = { ...initialDrift };
  const faults = new FaultBook();
  const tokens = new TokenStore(seed);
  const revoked = new Set<string>();
  const tables = new Lru<PageTable>(6, () => stats.pageTablesBuilt++);
  const orders = new Lru<Uint32Array>(12, () => stats.pageOrdersBuilt++);
  let stats = emptyStats();
  const bodies = opts.sharePageBodies ? sharedPageBodies() : null;

  function handle(req: TransportRequest): TransportResponse | NetworkFailure {
    let url: ParsedUrl;
    try {
      url = parseUrl(req.url);
    } catch {
      return record(req, { path: req.url, query: '' }, error(400, 'bad_request', 'The URL could not be parsed.', quirks));
    }
    const info: RequestInfo = { target: url.target, isToken: url.route.kind === 'token' };
    const where = { path: url.path, query: url.target.includes('?') ? url.target.slice(url.target.indexOf('?') + 1) : '' };
    let response: TransportResponse | NetworkFailure;
    try {
      response = respond(req, url, info);
    } catch (e) {
      response = error(500, 'internal_error', `Fake API bug: ${(e as Error).message}`, quirks);
    }
    return record(req, where, response);
  }

  function respond(req: TransportRequest, url: ParsedUrl, info: RequestInfo): TransportResponse | NetworkFailure {
    const early = faults.take(info, ['network', 'status', 'html', 'challenge', 'tokenDown', 'latency']);
    if (early?.kind === 'network') return { networkError: 'Connection reset by peer (injected)' };
    if (early?.kind === 'status') {
      const headers: Record<string, string> = early.retryAfter !== undefined ? { 'retry-after': String(early.retryAfter) } : {};
      return error(early.status, STATUS_CODES[early.status] ?? `http_${early.status}`, `Injected ${early.status}.`, quirks, headers);
    }
    if (early?.kind === 'html') return htmlError(502);
    if (early?.kind === 'challenge' || (drift.firewall && !info.isToken)) return challenge();
    if (early?.kind === 'tokenDown') return error(503, 'service_unavailable', 'The token service is unavailable.', quirks);

    let response = route(req, url, info);
    if (drift.jsonApiErrors && !info.isToken) response = asJsonApiError(response);
    if (faults.take(info, ['malformed'])) response = truncated(response);
    if (early?.kind === 'latency') response = { ...response, delayMs: (response.delayMs ?? 0) + early.delayMs };
    return response;
  }

  function route(req: TransportRequest, url: ParsedUrl, info: RequestInfo): TransportResponse {
    const r = url.route;
    if (r.kind === 'unknown') return error(404, 'not_found', `No endpoint at ${url.path}.`, quirks);
    if (r.kind === 'token') return tokenEndpoint(req, info);
    if (req.method.toUpperCase() !== 'GET') return error(405, 'method_not_allowed', 'Use GET.', quirks, { allow: 'GET' });
    const auth = authenticate(req, info);
    if ('status' in auth) return auth;
    if (r.kind === 'sites') return sitesEndpoint(auth.clientId, url.query);
    const found = findSite(r.siteId);
    const site = found && opts.pageCounts?.[found.id] !== undefined ? { ...found, pageCount: opts.pageCounts[found.id] } : found;
    if (!site || !canSee(auth.clientId, site.id)) {
      return error(404, 'site_not_found', `Site ${r.siteId} was not found for this credential.`, quirks);
    }
    const today = dayOfMs(now());
    if (r.kind === 'dateBounds') return json(200, { data: driftBounds(drift, dateBounds(site, today)) }, quirks);
    return serveReport(r.endpoint, site, url.query, { seed, today, quirks, drift, faults, req: info, tables, orders, maxPageSize, bodies });
  }

  function tokenEndpoint(req: TransportRequest, info: RequestInfo): TransportResponse {
    if (req.method.toUpperCase() !== 'POST') return error(405, 'method_not_allowed', 'Use POST.', quirks, { allow: 'POST' });
    const basic = /^Basic\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
    const decoded = basic ? safeDecode(basic[1]) : '';
    const colon = decoded.indexOf(':');
    const clientId = colon > 0 ? decoded.slice(0, colon) : '';
    const known = findCredential(clientId);
    const oauth = (code: string) => ({ error: code });
    if (!known || known.clientSecret !== decoded.slice(colon + 1) || revoked.has(clientId)) {
      return error(
        401,
        'invalid_client',
        'Client authentication failed: check the client ID and secret.',
        quirks,
        {},
        oauth('invalid_client'),
      );
    }
    if (faults.take(info, ['revoke'])) {
      revoked.add(clientId);
      return error(401, 'invalid_client', 'This credential has been revoked.', quirks, {}, oauth('invalid_client'));
    }
    const type = (header(req, 'content-type') ?? '').toLowerCase();
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return error(400, 'invalid_request', 'Send the body as application/x-www-form-urlencoded.', quirks, {}, oauth('invalid_request'));
    }
    const grant = parseQuery(req.body ?? '').get('grant_type');
    if (grant !== 'client_credentials') {
      return error(400, 'unsupported_grant_type', 'grant_type must be client_credentials.', quirks, {}, oauth('unsupported_grant_type'));
    }
    stats.tokenMints++;
    const token = tokens.mint(clientId, now());
    return json(200, { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S }, NO_QUIRKS);
  }

  function authenticate(req: TransportRequest, info: RequestInfo): { clientId: string } | TransportResponse {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
    const issued = bearer ? tokens.lookup(bearer[1]) : undefined;
    if (!bearer || !issued || revoked.has(issued.clientId)) {
      return error(401, 'invalid_token', 'The access token is missing, unknown or revoked.', quirks);
    }
    const fault = faults.take(info, ['revoke', 'expireToken']);
    if (fault?.kind === 'revoke') {
      revoked.add(issued.clientId);
      return error(401, 'invalid_token', 'The access token is missing, unknown or revoked.', quirks);
    }
    if (fault?.kind === 'expireToken') tokens.expire(bearer[1], now());
    if (now() >= issued.expiresAt) return error(401, 'token_expired', 'The access token has expired; request a new one.', quirks);
    return { clientId: issued.clientId };
  }

  function sitesEndpoint(clientId: string, query: Query): TransportResponse {
    const all = sitesFor(clientId).map(siteRow);
    const sizeText = query.get('page[size]');
    const numberText = query.get('page[number]');
    const size = sizeText === null || sizeText === '' ? 100 : Number(sizeText);
    const number = numberText === null || numberText === '' ? 1 : Number(numberText);
    if (!Number.isInteger(size) || size < 0 || size > 500)
      return error(400, 'invalid_page_size', 'page[size] must be between 0 and 500.', quirks);
    if (!Number.isInteger(number) || number < 1)
      return error(400, 'invalid_page_number', 'page[number] must be a whole number from 1.', quirks);
    // Size 0 means everything in one page.
    const last = size === 0 ? 1 : Math.max(1, Math.ceil(all.length / size));
    const data = size === 0 ? all : all.slice((number - 1) * size, number * size);
    const page: Record<string, number | null> = {
      number,
      size,
      prev: number > 1 ? number - 1 : null,
      next: number < last ? number + 1 : null,
      first: 1,
      last,
    };
    if (page.next === null && quirks.missingNextOnLastPage) delete page.next;
    return json(
      200,
      {
        data: data.map((s) => rowQuirks(s as unknown as Record<string, unknown>, { ...NO_QUIRKS, extraField: quirks.extraField })),
        meta: { totalItemCount: all.length, page },
      },
      quirks,
    );
  }

  function record(req: TransportRequest, where: { path: string; query: string }, response: TransportResponse | NetworkFailure) {
    stats.requests++;
    stats.byPath[where.path] = (stats.byPath[where.path] ?? 0) + 1;
    stats.log.push({
      method: req.method.toUpperCase(),
      path: where.path,
      query: where.query,
      status: 'status' in response ? response.status : 0,
    });
    if (stats.log.length > LOG_LIMIT) stats.log.splice(0, stats.log.length - LOG_LIMIT);
    return response;
  }

  return {
    handle,
    credentials: CREDENTIALS,
    sites: (clientId?: string) => sitesFor(clientId).map(siteRow),
    setQuirks(q: Partial<Quirks>) {
      for (const name of Object.keys(q)) {
        if (!QUIRK_NAMES.includes(name as keyof Quirks)) throw new Error(`unknown quirk: ${name}`);
      }
      quirks = { ...quirks, ...q };
    },
    get quirks() {
      return { ...quirks };
    },
    setDrift(d: Partial<Drift>) {
      checkDriftNames(d);
      drift = { ...drift, ...d };
    },
    get drift() {
      return { ...drift };
    },
    inject: (fault: Fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    get faults() {
      return faults.pending;
    },
    revoke: (clientId: string) => void revoked.add(clientId),
    restore: (clientId: string) => void revoked.delete(clientId),
    expireTokens: () => tokens.expireAll(now()),
    get stats() {
      return stats;
    },
    now,
    setClockOffset(offsetMs: number) {
      offset = offsetMs;
    },
    get clockOffsetMs() {
      return offset;
    },
    reset() {
      quirks = { ...NO_QUIRKS };
      drift = { ...initialDrift };
      faults.clear();
      tokens.clear();
      revoked.clear();
      offset = 0;
      stats = emptyStats();
    },
  };
}

/** A 202 whose body is a firewall's HTML challenge, not the JSON asked for. */
function challenge(): TransportResponse {
  return { status: 202, headers: { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-store' }, body: challengePage() };
}

/** The JSON:API error form: `{errors: [{status, code, detail}]}`. */
function asJsonApiError(response: TransportResponse): TransportResponse {
  if (response.status < 400) return response;
  let body: { internalCode?: unknown; message?: unknown; errors?: unknown };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    return response;
  }
  if (body.errors !== undefined) return response;
  const error = { status: String(response.status), code: body.internalCode, detail: body.message };
  return { ...response, body: JSON.stringify({ errors: [error] }) };
}

function header(req: TransportRequest, name: string): string | undefined {
  for (const [key, value] of Object.entries(req.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

function emptyStats(): FakeApiStats {
  return { requests: 0, byPath: {}, tokenMints: 0, pageTablesBuilt: 0, pageOrdersBuilt: 0, log: [] };
}

/** A Basic header's credentials; malformed ones (bad UTF-8) are no credentials. */
function safeDecode(base64: string): string {
  try {
    return base64ToText(base64);
  } catch (_) {
    return '';
  }
}
