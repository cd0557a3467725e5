import { cleanDetail } from '../../src/api/provider-detail';
import { findReport, REPORTS } from '../../src/catalog/reports';
import type { ReportSpec } from '../../src/catalog/types';

/**
 * The contract probe (`npm run probe-api`): one call per endpoint with a real credential, and a
 * report of what came back, as shapes only: field names and types, envelopes, paging, and every
 * difference from the catalog. It never prints a value that could be private (no earnings, no
 * URLs, no names, no site IDs) and never the secret or the token: only names, types, counts of
 * rows, statuses, and the provider's error codes and (scrubbed) details.
 */
export interface ProbeResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface ProbeOptions {
  clientId: string;
  clientSecret: string;
  apiBaseUrl: string;
  tokenUrl: string;
  /** A site to probe; default the first active site the credential sees. */
  siteId?: string;
  /** Days in the probed range, ending at the family's last day with data. Default 3. */
  days?: number;
  fetch(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<ProbeResponse>;
  print(line: string): void;
  /** The run's date, for the header line (a test passes a fixed one). */
  today?: string;
}

const KNOWN_PRESETS = ['range', 'mostRecentDay', 'lastThirtyDays', 'lastNinetyDays', 'monthToDate', 'lastMonth', 'yearToDate', 'lastYear'];
const PAGE_SIZE = 500;
const FALLBACK_PAGE_SIZE = 250;
const FALLBACK_SORT = '-pageviews';

type Json = unknown;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Only keys that look like field names are printed: an object keyed by data (URLs, titles,
 * dates) would otherwise print that data.
 */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function safeKeys(value: Record<string, unknown>): { names: string[]; hidden: number } {
  const keys = Object.keys(value);
  const names = keys.filter((k) => FIELD_NAME.test(k));
  return { names, hidden: keys.length - names.length };
}

/** A value's shape, never the value: "number", "string (date)", "{value: number, score: number}". */
export function describeType(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'array (empty)' : `array of ${describeType(value[0], depth + 1)}`;
  if (isObject(value)) {
    if (depth > 1) return 'object';
    const { names, hidden } = safeKeys(value);
    const parts = names.map((k) => `${k}: ${describeType(value[k], depth + 1)}`);
    if (hidden > 0) parts.push(`${hidden} keys that are not field names`);
    return `{${parts.join(', ')}}`;
  }
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return `string${stringKind(value)}`;
  return typeof value;
}

function stringKind(text: string): string {
  const t = text.trim();
  if (t === '') return ' (empty)';
  if (/^-?\d+(\.\d+)?$/.test(t)) return ' (numeric)';
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return ' (date)';
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(t)) return ' (timestamp)';
  if (/^https?:\/\//i.test(t)) return ' (absolute URL)';
  if (t.startsWith('/')) return ' (path)';
  if (/^(true|false)$/i.test(t)) return ' (boolean text)';
  if (/^[A-Z][a-z]+$/.test(t)) return ' (Capitalised word)';
  if (/^[a-z]+$/.test(t)) return ' (lowercase word)';
  return '';
}

/** Every field of the rows with the set of shapes it came in, in first-seen order. */
export function fieldShapes(rows: unknown[]): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!isObject(row)) {
      const key = '(row is not an object)';
      if (!fields.has(key)) fields.set(key, new Set());
      fields.get(key)!.add(describeType(row));
      continue;
    }
    const { names, hidden } = safeKeys(row);
    for (const key of names) {
      if (!fields.has(key)) fields.set(key, new Set());
      fields.get(key)!.add(describeType(row[key]));
    }
    if (hidden > 0) {
      const key = '(keys that are not field names)';
      if (!fields.has(key)) fields.set(key, new Set());
      fields.get(key)!.add(`${hidden} per row`);
    }
  }
  return fields;
}

/** What the body is wrapped in. */
export function envelopeOf(body: Json): { kind: string; rows: unknown[]; meta: unknown } {
  if (Array.isArray(body)) return { kind: `bare array (${body.length} rows, no meta)`, rows: body, meta: undefined };
  if (!isObject(body)) return { kind: describeType(body), rows: [], meta: undefined };
  const keys = describeType(body).startsWith('{') ? safeKeys(body).names.join(', ') : '';
  if (Array.isArray(body.data))
    return { kind: `object {${keys}} with data: array (${body.data.length} rows)`, rows: body.data, meta: body.meta };
  if (isObject(body.data)) return { kind: `object {${keys}} with data: one object`, rows: [body.data], meta: body.meta };
  return { kind: `object {${keys}}`, rows: [], meta: body.meta };
}

/** Differences between rows and a catalog entry's columns. */
export function catalogDifferences(spec: ReportSpec, rows: unknown[], shapes: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  const objects = rows.filter(isObject);
  if (objects.length === 0) return rows.length === 0 ? ['no rows came back: fields could not be compared'] : ['rows are not objects'];
  const known = new Set<string>();
  for (const column of spec.columns) {
    known.add(column.field);
    const names = [column.field, ...(column.aliases ?? [])];
    const sent = names.find((name) => shapes.has(name));
    names.forEach((n) => known.add(n));
    if (sent === undefined) {
      out.push(`missing: ${column.field} (column "${column.header}") is in no row`);
      continue;
    }
    if (sent !== column.field) out.push(`alias: ${column.field} arrives as ${sent}`);
    const types = [...shapes.get(sent)!];
    const numeric = !['text', 'url', 'date', 'boolean'].includes(column.type);
    if (numeric && types.some((t) => t.startsWith('string'))) out.push(`numbers as text: ${sent} (${types.join(' | ')})`);
    if (column.type === 'date' && types.some((t) => t.includes('timestamp'))) out.push(`timestamps for dates: ${sent}`);
    const objectTypes = types.filter((t) => t.startsWith('{'));
    if (column.scored && !objectTypes.some((t) => t.includes('score'))) {
      out.push(`no score: ${sent} is ${types.join(' | ')} (catalog expects {value, score})`);
    }
    if (!column.scored && objectTypes.length > 0) out.push(`object: ${sent} is ${objectTypes.join(' | ')} (catalog expects a plain value)`);
  }
  for (const [field, types] of shapes) {
    if (!known.has(field)) out.push(`extra: ${field} (${[...types].join(' | ')})`);
  }
  if (spec.series === 'daily' && !objects.some((row) => 'date' in row || 'day' in row)) {
    out.push(`no dates: ${objects.length} row(s) without a date (a summary, not a day-by-day series)`);
  }
  return out;
}

function pagingOf(meta: unknown, rows: number, asked: number | null): string[] {
  if (!isObject(meta)) return ['paging: no meta'];
  const out = [`meta: ${describeType(meta)}`];
  const page = isObject(meta.page) ? meta.page : null;
  const next = page && 'next' in page ? describeType(page.next) : 'absent';
  out.push(
    `paging: next is ${next}; recordCount is ${'recordCount' in meta ? describeType(meta.recordCount) : 'absent'}; rows on this page ${rows}${asked !== null ? ` (asked for ${asked})` : ''}`,
  );
  if (page && typeof page.size === 'number' && asked !== null && page.size !== asked)
    out.push(`paging: meta.page.size is ${page.size}, not the ${asked} asked for`);
  return out;
}

/** One error response, as safe words: status, code, scrubbed detail. */
function errorSummary(res: ProbeResponse, secrets: string[]): string {
  const type = res.headers['content-type'] ?? '';
  let body: Json;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `status ${res.status}, not JSON (${/html/i.test(type) || /^\s*</.test(res.text) ? 'an HTML page' : 'text'}, ${res.text.length} bytes)`;
  }
  const first = isObject(body) && Array.isArray(body.errors) && isObject(body.errors[0]) ? body.errors[0] : isObject(body) ? body : {};
  const codeOf = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(v) ? v : undefined);
  const code = codeOf(first.code) ?? codeOf(first.internalCode) ?? codeOf((body as Record<string, unknown>)?.error);
  const detail = cleanDetail(first.detail ?? first.message ?? first.title ?? (body as Record<string, unknown>)?.error_description, (text) =>
    secrets.every((secret) => !text.includes(secret)),
  );
  const shape =
    isObject(body) && Array.isArray(body.errors) ? 'errors[] (JSON:API)' : `object {${isObject(body) ? Object.keys(body).join(', ') : ''}}`;
  return `status ${res.status}, body ${shape}${code ? `, code ${code}` : ''}${detail ? `, detail "${detail}"` : ''}`;
}

function minusDays(ymd: string, days: number): string {
  const t = Date.parse(`${ymd}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

function dayOf(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

export async function runProbe(opts: ProbeOptions): Promise<{ ok: boolean }> {
  let token = '';
  const secrets = () => [opts.clientSecret, token].filter((s) => s.length > 0);
  const say = (line: string): void => {
    let safe = line;
    for (const secret of secrets()) safe = safe.split(secret).join('[hidden]');
    opts.print(safe);
  };
  const base = opts.apiBaseUrl.replace(/\/+$/, '');
  const host = (/^[a-z]+:\/\/([^/?#]+)/i.exec(base) ?? [])[1] ?? '(unreadable)';
  say('# Creator API contract probe');
  say(`Run ${opts.today ?? new Date().toISOString().slice(0, 10)} against host ${host}. Shapes only: no values, no secret, no token.`);
  say('');

  const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
  const tokenRes = await opts.fetch(opts.tokenUrl, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: 'grant_type=client_credentials',
  });
  say('## POST token');
  if (tokenRes.status !== 200) {
    say(`- ${errorSummary(tokenRes, secrets())}`);
    say('- stopped: without a token no endpoint can be probed. Check the client ID, secret and token URL.');
    return { ok: false };
  }
  let tokenBody: Json;
  try {
    tokenBody = JSON.parse(tokenRes.text);
  } catch {
    say(`- ${errorSummary(tokenRes, secrets())}`);
    return { ok: false };
  }
  token = isObject(tokenBody) && typeof tokenBody.access_token === 'string' ? tokenBody.access_token : '';
  say(`- status 200; fields: ${describeType(tokenBody)}`);
  if (isObject(tokenBody)) {
    say(`- token_type ${JSON.stringify(tokenBody.token_type)}, expires_in ${JSON.stringify(tokenBody.expires_in)}`);
  }
  if (!token) {
    say('- stopped: no access_token in the answer.');
    return { ok: false };
  }

  const get = async (path: string, params: Array<[string, string | number]>): Promise<ProbeResponse> => {
    const query = params.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
    return opts.fetch(`${base}${path}${query ? `?${query}` : ''}`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
  };
  const parse = (res: ProbeResponse): { ok: true; body: Json } | { ok: false } => {
    if (res.status < 200 || res.status >= 300) return { ok: false };
    try {
      return { ok: true, body: JSON.parse(res.text) };
    } catch {
      return { ok: false };
    }
  };
  const shapesLines = (shapes: Map<string, Set<string>>): string[] =>
    [...shapes].map(([field, types]) => `  - ${field}: ${[...types].join(' | ')}`);

  // Sites: which one to probe (never printed).
  say('');
  say('## GET /sites?page[size]=0');
  const sitesRes = await get('/sites', [['page[size]', 0]]);
  const sitesParsed = parse(sitesRes);
  let siteId = opts.siteId;
  if (!sitesParsed.ok) say(`- ${errorSummary(sitesRes, secrets())}`);
  else {
    const env = envelopeOf(sitesParsed.body);
    say(`- status ${sitesRes.status}; envelope: ${env.kind}`);
    for (const line of pagingOf(env.meta, env.rows.length, null)) say(`- ${line}`);
    const shapes = fieldShapes(env.rows);
    say('- fields:');
    shapesLines(shapes).forEach(say);
    const diffs = catalogDifferences(findReport('sites')!, env.rows, shapes);
    say(`- differences from the catalog: ${diffs.length ? '' : 'none'}`);
    diffs.forEach((d) => say(`  - ${d}`));
    if (!siteId) {
      const active =
        env.rows.filter(isObject).find((s) => typeof s.status === 'string' && s.status.toLowerCase() === 'active') ??
        env.rows.filter(isObject)[0];
      siteId = active && (typeof active.id === 'string' || typeof active.id === 'number') ? String(active.id) : undefined;
      const index = active ? env.rows.indexOf(active) + 1 : 0;
      if (siteId) say(`- probing site #${index} of ${env.rows.length} (its ID is not printed)`);
    }
  }
  if (!siteId) {
    say('- stopped: no site to probe. Set CREATOR_SITE_ID to one of your site IDs.');
    return { ok: false };
  }
  const sitePath = (spec: ReportSpec) => spec.path.replace('{siteId}', encodeURIComponent(siteId!));

  // Date bounds: the range every other call uses.
  say('');
  say('## GET /sites/{siteId}/date-bounds');
  const boundsRes = await get(sitePath(findReport('date-bounds')!), []);
  const boundsParsed = parse(boundsRes);
  const lastDay: Record<string, string | null> = { analytics: null, earnings: null };
  if (!boundsParsed.ok) say(`- ${errorSummary(boundsRes, secrets())}`);
  else {
    const env = envelopeOf(boundsParsed.body);
    say(`- status ${boundsRes.status}; envelope: ${env.kind}`);
    const data = isObject(env.rows[0]) ? env.rows[0] : {};
    for (const family of safeKeys(data).names) {
      const ranges = data[family];
      if (!isObject(ranges)) {
        say(`- ${family}: ${describeType(ranges)}`);
        continue;
      }
      const names = safeKeys(ranges).names;
      const shapes = new Set(names.map((n) => describeType(ranges[n])));
      say(`- ${family}: presets ${names.join(', ')}`);
      say(`  - shapes: ${[...shapes].join(' | ')}`);
      const extra = names.filter((n) => !KNOWN_PRESETS.includes(n));
      const missing = KNOWN_PRESETS.filter((n) => !names.includes(n));
      if (extra.length) say(`  - differences: presets not in the catalog's list: ${extra.join(', ')}`);
      if (missing.length) say(`  - differences: presets missing: ${missing.join(', ')}`);
      const range = isObject(ranges.range) ? ranges.range : {};
      const end = dayOf(range.endDate);
      if (/^analytics/i.test(family)) lastDay.analytics = end;
      if (/^earnings/i.test(family)) lastDay.earnings = end;
    }
    if (!('analyticsDateBounds' in data) || !('earningsDateBounds' in data)) {
      say('- differences: expected analyticsDateBounds and earningsDateBounds');
    }
  }
  const days = Math.max(1, Math.min(31, Math.floor(opts.days ?? 3)));

  for (const spec of REPORTS) {
    if (spec.dateFamily === null) continue;
    say('');
    say(`## GET /sites/{siteId}${spec.path.slice('/sites/{siteId}'.length)}`);
    const end = lastDay[spec.dateFamily];
    if (!end) {
      say(`- skipped: the site has no ${spec.dateFamily} data (no end date in its bounds)`);
      continue;
    }
    const start = minusDays(end, days - 1);
    const dates: Array<[string, string]> = [
      ['startDate', start],
      ['endDate', end],
    ];
    const extra = (spec.params ?? []).map(([k, v]): [string, string] => [k, v]);
    const paging = (size: number, sort: string | undefined): Array<[string, string | number]> =>
      spec.paginated ? [['page[number]', 1], ['page[size]', size], ...(sort ? [['sort', sort] as [string, string]] : [])] : [];
    const asked = [...dates, ...extra, ...paging(PAGE_SIZE, spec.defaultSort)];
    say(`- asked: ${asked.map(([k, v]) => `${k}=${v}`).join('&')}`);
    let res = await get(sitePath(spec), asked);
    let sizeAsked: number | null = spec.paginated ? PAGE_SIZE : null;
    if (res.status === 400) {
      say(`- refused: ${errorSummary(res, secrets())}`);
      const retry = [...dates, ...(spec.paginated ? paging(FALLBACK_PAGE_SIZE, FALLBACK_SORT) : [])];
      say(`- asked again: ${retry.map(([k, v]) => `${k}=${v}`).join('&')}`);
      res = await get(sitePath(spec), retry);
      if (spec.paginated) sizeAsked = FALLBACK_PAGE_SIZE;
    }
    const parsed = parse(res);
    if (!parsed.ok) {
      say(`- ${errorSummary(res, secrets())}`);
      continue;
    }
    const env = envelopeOf(parsed.body);
    say(`- status ${res.status}; envelope: ${env.kind}`);
    if (spec.paginated || env.meta !== undefined) {
      for (const line of pagingOf(env.meta, env.rows.length, sizeAsked)) say(`- ${line}`);
    }
    const shapes = fieldShapes(env.rows);
    say(`- fields (${env.rows.length} rows):`);
    shapesLines(shapes).forEach(say);
    const diffs = catalogDifferences(spec, env.rows, shapes);
    say(`- differences from the catalog: ${diffs.length ? '' : 'none'}`);
    diffs.forEach((d) => say(`  - ${d}`));
  }
  say('');
  say('End of probe. Check it holds nothing private before sending it (docs/api-contract.md).');
  return { ok: true };
}
