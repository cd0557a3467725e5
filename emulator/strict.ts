/**
 * Emulated services are Proxies: a method we do not emulate throws when called, so code that
 * relies on it fails here instead of silently doing nothing and then failing on Google.
 */

// Names that libraries (jest's matchers, util.inspect, Promise resolution) probe on any object.
const PROBES = new Set([
  'then',
  'toJSON',
  'asymmetricMatch',
  '$$typeof',
  'nodeType',
  'constructor',
  'inspect',
  'tagName',
  'prototype',
  'length',
  'name',
]);

export function notEmulated(service: string, method: string): never {
  throw new Error(`${service}.${method} is not emulated`);
}

export function strict<T extends object>(service: string, target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol' || prop in t) return Reflect.get(t, prop, receiver);
      if (PROBES.has(prop) || prop.startsWith('@@') || prop.startsWith('_')) return undefined;
      return () => notEmulated(service, prop);
    },
  });
}
