/**
 * Field names come from the API (and from users): `constructor`, `toString` or `__proto__` are
 * names like any other. A plain `in` or `obj[name]` would find Object.prototype's members instead,
 * so every lookup by such a name reads own properties only. (The target is ES2020: no Object.hasOwn.)
 */
export function hasOwn(object: object, name: string): boolean {
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is ES2022; Apps Script's target here is ES2020.
  return Object.prototype.hasOwnProperty.call(object, name);
}

/** The object's own value for `name`; undefined when it has none of its own. */
export function ownValue<T>(object: Readonly<Record<string, T>>, name: string): T | undefined {
  return hasOwn(object, name) ? object[name] : undefined;
}
