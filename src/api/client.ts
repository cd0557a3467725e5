import { demoExecution, isDemoCredential } from './demo';
import type { ReportSpec } from '../catalog/types';
import type { Execution } from '../platform/execution';
import { createClientCore } from './client-core';
import { createClientMetadata } from './client-metadata';
import type { Credential } from './credential';
import { createFetchRows } from './fetch-rows';
import type { ClientOptions, DateBounds, FetchRowsOptions, FetchRowsResult, RowQuery, SiteRow } from './types';

export interface CreatorClient {
  /** Every site the credential sees (cached 30 min). */
  listSites(): SiteRow[];
  /** The sites if this execution or the cache already has them; never a request. */
  knownSites(): SiteRow[] | undefined;
  /** The site's analytics and earnings bounds (once per execution; cached 30 min). */
  dateBounds(siteId: string): DateBounds;
  /** The bounds if this execution or the cache already has them; never a request. */
  knownBounds(siteId: string): DateBounds | undefined;
  /** A report's rows: all pages, or the first `limit` rows. Cached per request. */
  fetchRows(spec: ReportSpec, query: RowQuery, opts?: FetchRowsOptions): FetchRowsResult;
  /** The credential's fingerprint (cache keys, progress keys); never the secret. */
  readonly fingerprint: string;
}

/**
 * One credential's client. Its parts live in files of their own: what they share (client-core), the
 * sites and date bounds (client-metadata), and a report's rows (fetch-rows, row-shaping).
 */
export function createClient(execution: Execution, credential: Credential, opts: ClientOptions = {}): CreatorClient {
  // Demo mode: the same client over the bundled API (src/api/demo.ts), never the network.
  const core = createClientCore(isDemoCredential(credential) ? demoExecution(execution) : execution, credential, opts);
  const meta = createClientMetadata(core);
  return {
    fingerprint: core.fingerprint,
    listSites: meta.listSites,
    knownSites: meta.knownSites,
    dateBounds: meta.typedBounds,
    knownBounds: (siteId) => (meta.peekRawBounds(siteId) === undefined ? undefined : meta.typedBounds(siteId)),
    fetchRows: createFetchRows(core, meta),
  };
}
