import type { EmulatorState } from '../state';
import { denyInCustomFunction, userScope } from '../state';
import { strict } from '../strict';

export const PROPERTY_VALUE_LIMIT = 9 * 1024;
export const PROPERTY_STORE_LIMIT = 500 * 1024;

/** Stored state, JSON-serialisable: what snapshot() saves. */
export interface PropertiesData {
  user: Record<string, Record<string, string>>;
  document: Record<string, string>;
  script: Record<string, string>;
}

export function emptyProperties(): PropertiesData {
  return { user: {}, document: {}, script: {} };
}

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function storeSize(store: Record<string, string>): number {
  let n = 0;
  for (const k of Object.keys(store)) n += bytes(k) + bytes(store[k]);
  return n;
}

function checkValue(key: string, value: string): void {
  if (bytes(key) + bytes(value) > PROPERTY_VALUE_LIMIT) throw new Error('Argument too large: value');
}

function checkStore(store: Record<string, string>): void {
  if (storeSize(store) > PROPERTY_STORE_LIMIT) {
    throw new Error('You have exceeded the property storage quota. Please remove some properties and try again.');
  }
}

/** One Properties object bound to a store that is looked up at call time (restore replaces it). */
function properties(state: EmulatorState, store: () => Record<string, string>): GoogleAppsScript.Properties.Properties {
  // Custom functions read properties but may not change them (Google: "read only").
  const write = (method: string) => {
    denyInCustomFunction(state, `Properties.${method}`);
    state.counters.propertyWrites++;
  };
  const read = () => {
    state.counters.propertyReads++;
  };
  const self: Record<string, unknown> = {
    getProperty(key: string): string | null {
      read();
      const s = store();
      return Object.hasOwn(s, key) ? s[key] : null;
    },
    getProperties(): Record<string, string> {
      read();
      return { ...store() };
    },
    getKeys(): string[] {
      read();
      return Object.keys(store());
    },
    setProperty(key: string, value: string) {
      write('setProperty');
      if (key === undefined || key === null) throw new Error('Invalid argument: key');
      const k = String(key);
      const v = String(value);
      checkValue(k, v);
      const next = { ...store(), [k]: v };
      checkStore(next);
      Object.assign(store(), { [k]: v });
      return proxy;
    },
    setProperties(values: Record<string, unknown>, deleteAllOthers?: boolean) {
      write('setProperties');
      const incoming: Record<string, string> = {};
      for (const k of Object.keys(values ?? {})) {
        incoming[k] = String(values[k]);
        checkValue(k, incoming[k]);
      }
      const s = store();
      const next = deleteAllOthers ? incoming : { ...s, ...incoming };
      checkStore(next);
      if (deleteAllOthers) for (const k of Object.keys(s)) delete s[k];
      Object.assign(s, incoming);
      return proxy;
    },
    deleteProperty(key: string) {
      write('deleteProperty');
      delete store()[String(key)];
      return proxy;
    },
    deleteAllProperties() {
      write('deleteAllProperties');
      const s = store();
      for (const k of Object.keys(s)) delete s[k];
      return proxy;
    },
  };
  const proxy = strict('Properties', self) as unknown as GoogleAppsScript.Properties.Properties;
  return proxy;
}

export function createPropertiesService(state: EmulatorState, data: () => PropertiesData): GoogleAppsScript.Properties.PropertiesService {
  const service = {
    getUserProperties() {
      const email = userScope(state);
      return properties(state, () => (data().user[email] ??= {}));
    },
    getDocumentProperties() {
      if (!state.documentPropertiesInCustomFunctions) denyInCustomFunction(state, 'PropertiesService.getDocumentProperties');
      return properties(state, () => data().document);
    },
    getScriptProperties() {
      return properties(state, () => data().script);
    },
  };
  return strict('PropertiesService', service) as unknown as GoogleAppsScript.Properties.PropertiesService;
}
