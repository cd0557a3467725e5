import { strict } from '../strict';
import { encodeText, fromBytes, nodeEncoding, toSignedBytes, type ByteArray } from './bytes';

/** GoogleAppsScript.Base.Blob, the parts the add-on and its tests use. */
export class EmulatedBlob {
  constructor(
    private data: Buffer,
    private contentType: string | null = null,
    private name: string | null = null,
  ) {}

  /** Node-side access for other emulated services (gzip, UrlFetch payloads). */
  buffer(): Buffer {
    return this.data;
  }
  getBytes(): ByteArray {
    return toSignedBytes(this.data);
  }
  setBytes(bytes: ByteArray): EmulatedBlob {
    this.data = fromBytes(bytes);
    return this;
  }
  getDataAsString(charset?: unknown): string {
    return this.data.toString(nodeEncoding(charset));
  }
  setDataFromString(text: string, charset?: unknown): EmulatedBlob {
    this.data = encodeText(String(text), charset);
    return this;
  }
  getContentType(): string | null {
    return this.contentType;
  }
  setContentType(contentType: string): EmulatedBlob {
    this.contentType = contentType;
    return this;
  }
  getName(): string | null {
    return this.name;
  }
  setName(name: string): EmulatedBlob {
    this.name = name;
    return this;
  }
  copyBlob(): EmulatedBlob {
    return newBlob(Buffer.from(this.data), this.contentType, this.name);
  }
  getBlob(): EmulatedBlob {
    return this;
  }
  isGoogleType(): boolean {
    return false;
  }
}

export function newBlob(data: Buffer, contentType?: string | null, name?: string | null): EmulatedBlob {
  return strict('Blob', new EmulatedBlob(data, contentType ?? null, name ?? null));
}

export function isBlob(value: unknown): value is EmulatedBlob {
  return value instanceof EmulatedBlob;
}
