import type { Platform } from '../platform/types';
import { MAX_CACHE_TTL_S } from './freshness';
import { utf8Bytes } from '../shared/text-size';

/**
 * Results in the user cache. CacheService values hold 100 KB at most, so a big result is gzipped
 * and split into chunks under a manifest that names their count and digest. Anything missing or
 * damaged reads as a miss (the report is fetched again), never as an error or as wrong rows.
 * Every cache failure is swallowed: the cache only ever saves time.
 */
const CHUNK_CHARS = 90_000;
/** Plain entries stay under this many UTF-8 bytes, well inside the 100 KB value limit. */
const PLAIN_BYTES = 90_000;
/** Bigger results are not cached: they would evict everything else (about 1,000 items per cache). */
const MAX_CHUNKS = 30;

const PLAIN = 'p:';
const MANIFEST = 'm:';

interface Manifest {
  chunks: number;
  digest: string;
}

/** Cache key: prefix, credential, request. Built from hashes only, so never a secret. */
export function responseCacheKey(platform: Pick<Platform, 'sha256Hex'>, fingerprint: string, request: unknown): string {
  return `creator.r.${fingerprint.slice(0, 16)}.${platform.sha256Hex(JSON.stringify(request))}`;
}

function chunkKey(key: string, index: number): string {
  return `${key}.${index}`;
}

function readManifest(text: string): Manifest | null {
  try {
    const m = JSON.parse(text) as Partial<Manifest>;
    if (typeof m.chunks !== 'number' || !Number.isInteger(m.chunks) || m.chunks < 1 || m.chunks > MAX_CHUNKS) return null;
    if (typeof m.digest !== 'string') return null;
    return m as Manifest;
  } catch (_) {
    return null;
  }
}

/** The cached value, or undefined on a miss (absent, expired, incomplete or corrupt). */
export function readCached<T>(platform: Platform, key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const head = platform.userCache.get(key);
    if (!head) return undefined;
    let json: string;
    if (head.startsWith(PLAIN)) json = head.slice(PLAIN.length);
    else if (head.startsWith(MANIFEST)) {
      const manifest = readManifest(head.slice(MANIFEST.length));
      if (!manifest) return undefined;
      const keys = Array.from({ length: manifest.chunks }, (_, i) => chunkKey(key, i));
      const found = platform.userCache.getAll(keys);
      const parts = keys.map((k) => found[k]);
      if (parts.some((p) => typeof p !== 'string')) return undefined;
      const packed = parts.join('');
      if (platform.sha256Hex(packed) !== manifest.digest) return undefined;
      json = platform.gunzipFromBase64(packed);
    } else return undefined;
    const value: unknown = JSON.parse(json);
    return isValid(value) ? value : undefined;
  } catch (_) {
    return undefined;
  }
}

/** Rows below this many are simply tried: stringifying and gzipping them costs little. */
const ESTIMATE_FROM_ROWS = 5_000;
/** Rows per sample block, and blocks (start, middle, end). */
const SAMPLE_ROWS = 200;
const SAMPLE_BLOCKS = 3;
/**
 * gzip only looks back 32 KB, so a run of neighbouring rows packs about as tightly as the whole
 * result: the estimate is close, and a small margin keeps a result that would just fit.
 */
const TOO_BIG_MARGIN = 1.1;

/** The rows of a rows result (or a bare array of rows), to size it by. */
function rowsOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const rows = typeof value === 'object' && value !== null ? (value as { rows?: unknown }).rows : undefined;
  return Array.isArray(rows) ? rows : null;
}

/** Packed characters per row, from runs of neighbouring rows. */
export function packedPerRow(platform: Pick<Platform, 'gzipToBase64'>, rows: unknown[]): number {
  if (rows.length <= SAMPLE_ROWS * SAMPLE_BLOCKS) return platform.gzipToBase64(JSON.stringify(rows)).length / Math.max(1, rows.length);
  let chars = 0;
  for (let b = 0; b < SAMPLE_BLOCKS; b++) {
    const from = Math.floor(((rows.length - SAMPLE_ROWS) * b) / (SAMPLE_BLOCKS - 1));
    chars += platform.gzipToBase64(JSON.stringify(rows.slice(from, from + SAMPLE_ROWS))).length;
  }
  return chars / (SAMPLE_ROWS * SAMPLE_BLOCKS);
}

/**
 * Whether `totalRows` rows packing like `sample` could fit the cache at all. Decided before
 * anything is stringified whole, so a result that cannot be stored costs only the sample (and a
 * streamed pull can decide from its first page, before the other pages arrive).
 */
export function mayFitCache(platform: Pick<Platform, 'gzipToBase64'>, sample: unknown[], totalRows: number): boolean {
  if (totalRows < ESTIMATE_FROM_ROWS || sample.length === 0) return true;
  return packedPerRow(platform, sample) * totalRows <= MAX_CHUNKS * CHUNK_CHARS * TOO_BIG_MARGIN;
}

function clearlyTooBig(platform: Platform, value: unknown): boolean {
  const rows = rowsOf(value);
  return rows !== null && !mayFitCache(platform, rows, rows.length);
}

/** Stores a value; too big or failing writes are skipped silently. Returns whether it was stored. */
export function writeCached(platform: Platform, key: string, value: unknown, ttlSeconds: number): boolean {
  const ttl = Math.min(MAX_CACHE_TTL_S, Math.floor(ttlSeconds));
  if (!(ttl >= 1)) return false;
  try {
    if (clearlyTooBig(platform, value)) return false;
    const json = JSON.stringify(value);
    // UTF-8 never takes fewer bytes than UTF-16 code units, so a long text need not be counted.
    if (json.length <= PLAIN_BYTES && utf8Bytes(json) <= PLAIN_BYTES) {
      platform.userCache.put(key, PLAIN + json, ttl);
      return true;
    }
    const packed = platform.gzipToBase64(json);
    const chunks = Math.ceil(packed.length / CHUNK_CHARS);
    if (chunks > MAX_CHUNKS) return false;
    const entries: Record<string, string> = {};
    for (let i = 0; i < chunks; i++) entries[chunkKey(key, i)] = packed.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS);
    const manifest: Manifest = { chunks, digest: platform.sha256Hex(packed) };
    // Chunks first: a reader that sees the manifest finds them (a partial write reads as a miss).
    platform.userCache.putAll(entries, ttl);
    platform.userCache.put(key, MANIFEST + JSON.stringify(manifest), ttl);
    return true;
  } catch (_) {
    return false;
  }
}
