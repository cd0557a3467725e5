import { createHash, createHmac, randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { checkTimeLimit, type EmulatorState } from '../state';
import { strict } from '../strict';
import { isBlob, newBlob, type EmulatedBlob } from './blob';
import { toBuffer, toSignedBytes, type ByteArray } from './bytes';
import { formatDate } from './format-date';
import { formatString } from './format-string';

const DIGESTS: Record<string, string> = { MD5: 'md5', SHA_1: 'sha1', SHA_256: 'sha256', SHA_384: 'sha384', SHA_512: 'sha512' };
const MACS: Record<string, string> = {
  HMAC_MD5: 'md5',
  HMAC_SHA_1: 'sha1',
  HMAC_SHA_256: 'sha256',
  HMAC_SHA_384: 'sha384',
  HMAC_SHA_512: 'sha512',
};

function enumOf(names: string[]): Record<string, string> {
  return Object.freeze(Object.fromEntries(names.map((n) => [n, n])));
}

function algorithm(table: Record<string, string>, value: unknown, what: string): string {
  const name = table[String(value)];
  if (!name) throw new Error(`Utilities.${what}: algorithm ${String(value)} is not emulated`);
  return name;
}

function blobArg(value: unknown, method: string): EmulatedBlob {
  if (!isBlob(value)) throw new Error(`The parameters (${typeof value}) don't match the method signature for Utilities.${method}.`);
  return value;
}

export function createUtilities(state: EmulatorState): GoogleAppsScript.Utilities.Utilities {
  const service = {
    Charset: enumOf(['US_ASCII', 'UTF_8']),
    DigestAlgorithm: enumOf(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']),
    MacAlgorithm: enumOf(Object.keys(MACS)),
    RsaAlgorithm: enumOf(['RSA_SHA_1', 'RSA_SHA_256']),

    sleep(ms: number): void {
      const n = Math.max(0, Number(ms) || 0);
      if (n > 300_000) throw new Error('Invalid argument: milliseconds (Utilities.sleep allows at most 300000)');
      state.clock.advance(n);
      state.counters.sleptMs += n;
      checkTimeLimit(state);
      state.onWait?.();
    },
    formatDate: (date: unknown, timeZone: unknown, pattern: unknown) => {
      state.counters.formatDateCalls++;
      return formatDate(date, timeZone, pattern);
    },
    formatString: (template: string, ...args: unknown[]) => formatString(String(template), args),
    getUuid: () => randomUUID(),

    base64Encode: (data: unknown, charset?: unknown) => toBuffer(data, charset).toString('base64'),
    base64EncodeWebSafe: (data: unknown, charset?: unknown) =>
      toBuffer(data, charset).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
    base64Decode: (encoded: string, _charset?: unknown): ByteArray => decode(encoded, false),
    base64DecodeWebSafe: (encoded: string, _charset?: unknown): ByteArray => decode(encoded, true),

    computeDigest: (alg: unknown, value: unknown, charset?: unknown): ByteArray =>
      toSignedBytes(
        createHash(algorithm(DIGESTS, alg, 'computeDigest'))
          .update(toBuffer(value, charset))
          .digest(),
      ),
    computeHmacSignature: (alg: unknown, value: unknown, key: unknown, charset?: unknown): ByteArray =>
      toSignedBytes(
        createHmac(algorithm(MACS, alg, 'computeHmacSignature'), toBuffer(key, charset))
          .update(toBuffer(value, charset))
          .digest(),
      ),
    computeHmacSha256Signature: (value: unknown, key: unknown, charset?: unknown): ByteArray =>
      toSignedBytes(createHmac('sha256', toBuffer(key, charset)).update(toBuffer(value, charset)).digest()),

    newBlob: (data: unknown, contentType?: string, name?: string) =>
      newBlob(data === undefined ? Buffer.alloc(0) : toBuffer(data), contentType ?? null, name ?? null),
    gzip(blob: unknown, name?: string) {
      const b = blobArg(blob, 'gzip');
      return newBlob(gzipped(b.buffer()), 'application/x-gzip', name ?? (b.getName() ? `${b.getName()}.gz` : null));
    },
    ungzip(blob: unknown) {
      const b = blobArg(blob, 'ungzip');
      let data: Buffer;
      try {
        data = gunzipSync(b.buffer());
      } catch (_) {
        throw new Error('Could not decompress gzip.');
      }
      const name = b.getName();
      return newBlob(data, null, name?.endsWith('.gz') ? name.slice(0, -3) : name);
    },
  };
  return strict('Utilities', service) as unknown as GoogleAppsScript.Utilities.Utilities;
}

/**
 * gzip is deterministic, and the add-on packs the same big result again whenever a test pulls the
 * same report in another world: big inputs are packed once per process, found by their digest.
 */
const PACK_ONCE_FROM = 64 * 1024;
const packs = new Map<string, Buffer>();

function gzipped(input: Buffer): Buffer {
  if (input.length < PACK_ONCE_FROM) return gzipSync(input);
  const key = createHash('sha256').update(input).digest('base64');
  let out = packs.get(key);
  if (out) packs.delete(key);
  else out = gzipSync(input);
  packs.set(key, out);
  if (packs.size > 32) packs.delete(packs.keys().next().value as string);
  // A copy: the blob's bytes are its own.
  return Buffer.from(out);
}

function decode(encoded: string, webSafe: boolean): ByteArray {
  const text = String(encoded);
  const body = text.replace(/=+$/, '');
  const alphabet = webSafe ? /^[A-Za-z0-9\-_+/]*$/ : /^[A-Za-z0-9+/\s]*$/;
  if (!alphabet.test(body) || body.replace(/\s/g, '').length % 4 === 1) {
    throw new Error('Could not decode string.');
  }
  return toSignedBytes(Buffer.from(webSafe ? body.replace(/-/g, '+').replace(/_/g, '/') : body, 'base64'));
}
