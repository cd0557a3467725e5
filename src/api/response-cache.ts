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
/** Rows gzipped to estimate a big result's packed size. */
const SAMPLE_ROWS = 500;
/**
 * A sample packs less tightly than the whole (its rows are further apart), so only an estimate
 * well past the limit counts as clearly too big; anything nearer is tried for real.
 */
const CLEARLY_TOO_BIG = 1.5;

/** The rows of a rows result (or a bare array of rows), to size it by. */
function rowsOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const rows = typeof value === 'object' && value !== null ? (value as { rows?: unknown }).rows : undefined;
  return Array.isArray(rows) ? rows : null;
}

/**
 * Whether a big result certainly cannot fit in MAX_CHUNKS, judged from an evenly spread sample of
 * its rows, so that a 100,000-row pull does not stringify and gzip megabytes only to be refused.
 */
function clearlyTooBig(platform: Platform, value: unknown): boolean {
  const rows = rowsOf(value);
  if (!rows || rows.length < ESTIMATE_FROM_ROWS) return false;
  const step = rows.length / SAMPLE_ROWS;
  const sample: unknown[] = [];
  for (let i = 0; i < SAMPLE_ROWS; i++) sample.push(rows[Math.floor(i * step)]);
  const packedPerRow = platform.gzipToBase64(JSON.stringify(sample)).length / SAMPLE_ROWS;
  return packedPerRow * rows.length > MAX_CHUNKS * CHUNK_CHARS * CLEARLY_TOO_BIG;
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
