import { parseDateBounds } from './bounds';
import type { ClientCore } from './client-core';
import { readPage } from './envelope';
import { TTL_METADATA_S } from './freshness';
import type { Settled } from './requester';
import { readCached, responseCacheKey, writeCached } from './response-cache';
import { secretCheck } from './secret-forms';
import type { DateBounds, SiteRow } from './types';
import { buildUrl, resolvePath } from './url';

/** A client's sites and date bounds: what a report's rows are read against. */
export interface ClientMetadata {
  listSites(): SiteRow[];
  knownSites(): SiteRow[] | undefined;
  /** The raw bounds if this execution or the cache already has them; never a request. */
  peekRawBounds(siteId: string): Record<string, unknown> | undefined;
  rawBounds(siteId: string): Record<string, unknown>;
  typedBounds(siteId: string): DateBounds;
  /**
   * The first request for rows, with the date bounds of `siteIds` in the same round trip.
   * Failures are reported in the order a separate bounds request would have given them: a bounds
   * error, then the caller's check (an out-of-range day explains a page's 400 better), then the page.
   */
  sendFirst(url: string, context: { siteId?: string; path: string }, siteIds: string[]): Settled;
}

function isRowArray(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null);
}

function toSiteRow(row: Record<string, unknown>): SiteRow {
  const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  return { ...row, id: text(row.id), name: text(row.name), url: text(row.url), status: text(row.status) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function siteReader(core: ClientCore): Pick<ClientMetadata, 'listSites' | 'knownSites'> {
  const { execution, platform, fingerprint, opts } = core;
  const listSites = (): SiteRow[] =>
    core.memo('sites', () =>
      // page[size]=0 asks for every site in one page.
      core
        .cached(
          { what: 'sites' },
          TTL_METADATA_S,
          isRowArray,
          () => readPage(core.getOne('/sites', [['page[size]', 0]]), secretCheck(execution)).rows,
        )
        .value.map(toSiteRow),
    );
  const knownSites = (): SiteRow[] | undefined => {
    const full = core.memoKey('sites');
    if (execution.memory.has(full)) return execution.memory.get(full) as SiteRow[];
    if (opts.bypassCache) return undefined;
    return readCached(platform, responseCacheKey(platform, fingerprint, { what: 'sites' }), isRowArray)?.map(toSiteRow);
  };
  return { listSites, knownSites };
}

export function createClientMetadata(core: ClientCore): ClientMetadata {
  const { execution, platform, fingerprint, opts, credential } = core;
  // Raw bounds live in the execution's memo under one key, however they arrived (alone, read from
  // the cache, or alongside a page).
  const boundsPath = (siteId: string): string => resolvePath('/sites/{siteId}/date-bounds', siteId);
  const boundsMemoKey = (siteId: string): string => core.memoKey(`bounds.${siteId}`);
  const boundsCacheKey = (siteId: string): string =>
    responseCacheKey(platform, fingerprint, { what: 'date-bounds', path: boundsPath(siteId) });
  const keepBounds = (siteId: string, body: unknown): Record<string, unknown> => {
    const value = readPage(body, secretCheck(execution)).rows[0] ?? {};
    writeCached(platform, boundsCacheKey(siteId), value, TTL_METADATA_S);
    execution.memory.set(boundsMemoKey(siteId), value);
    return value;
  };
  const peekRawBounds = (siteId: string): Record<string, unknown> | undefined => {
    const key = boundsMemoKey(siteId);
    if (execution.memory.has(key)) return execution.memory.get(key) as Record<string, unknown>;
    if (opts.bypassCache) return undefined;
    const hit = readCached(platform, boundsCacheKey(siteId), isObject);
    if (hit !== undefined) execution.memory.set(key, hit);
    return hit;
  };
  const rawBounds = (siteId: string): Record<string, unknown> =>
    peekRawBounds(siteId) ?? keepBounds(siteId, core.getOne(boundsPath(siteId), [], siteId));
  const typedBounds = (siteId: string): DateBounds => core.memo(`bounds.typed.${siteId}`, () => parseDateBounds(rawBounds(siteId)));
  const sendFirst = (url: string, context: { siteId?: string; path: string }, siteIds: string[]): Settled => {
    const answers = core.requester.getSettled([
      { url, context },
      ...siteIds.map((siteId) => ({
        url: buildUrl(credential.apiBaseUrl, boundsPath(siteId), []),
        context: { siteId, path: boundsPath(siteId) },
      })),
    ]);
    siteIds.forEach((siteId, k) => {
      const answer = answers[k + 1];
      if (!answer.ok) throw answer.error;
      keepBounds(siteId, answer.body);
    });
    return answers[0];
  };
  return { ...siteReader(core), peekRawBounds, rawBounds, typedBounds, sendFirst };
}
