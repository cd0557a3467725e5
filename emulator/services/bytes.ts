/** Apps Script hands bytes around as arrays of signed Java bytes (-128..127). */
export type ByteArray = number[];

export function toSignedBytes(buf: Uint8Array): ByteArray {
  const out: number[] = new Array(buf.length);
  for (let i = 0; i < buf.length; i++) out[i] = buf[i] > 127 ? buf[i] - 256 : buf[i];
  return out;
}

export function fromBytes(bytes: ArrayLike<number>): Buffer {
  const buf = Buffer.alloc(bytes.length);
  for (let i = 0; i < bytes.length; i++) buf[i] = bytes[i] & 0xff;
  return buf;
}

/** Charset names as Apps Script accepts them: enum values (UTF_8) or Java names (UTF-8). */
export function nodeEncoding(charset: unknown): BufferEncoding {
  if (charset === undefined || charset === null) return 'utf8';
  const name = String(charset).toUpperCase().replace(/_/g, '-');
  if (name === 'UTF-8' || name === 'UTF8') return 'utf8';
  if (name === 'US-ASCII' || name === 'ASCII') return 'latin1';
  if (name === 'ISO-8859-1' || name === 'LATIN1') return 'latin1';
  throw new Error(`Charset ${String(charset)} is not emulated`);
}

export function encodeText(text: string, charset?: unknown): Buffer {
  const encoding = nodeEncoding(charset);
  if (
    String(charset ?? '')
      .toUpperCase()
      .replace(/_/g, '-') === 'US-ASCII'
  ) {
    // Java replaces unmappable characters with '?'.
    return Buffer.from(text.replace(/[^\x00-\x7f]/g, '?'), 'latin1');
  }
  return Buffer.from(text, encoding);
}

/** String data becomes UTF-8 (or the charset's) bytes; a byte array is taken as is. */
export function toBuffer(data: unknown, charset?: unknown): Buffer {
  if (typeof data === 'string') return encodeText(data, charset);
  if (Array.isArray(data) || data instanceof Uint8Array) return fromBytes(data as ArrayLike<number>);
  throw new Error(`Expected a string or a byte array, got ${data === null ? 'null' : typeof data}`);
}
