import type { PropertyStore } from '../../src/platform/types';

/** A property store in memory, for the unit tests' stub platforms (the emulator has its own). */
export class MemoryProperties implements PropertyStore {
  readonly data = new Map<string, string>();
  getProperty(key: string) {
    return this.data.has(key) ? (this.data.get(key) as string) : null;
  }
  setProperty(key: string, value: string) {
    this.data.set(key, String(value));
    return this;
  }
  deleteProperty(key: string) {
    this.data.delete(key);
    return this;
  }
  getProperties() {
    return Object.fromEntries(this.data);
  }
  getKeys() {
    return [...this.data.keys()];
  }
}
