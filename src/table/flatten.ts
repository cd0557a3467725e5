import { isPlainObject, isValueObject } from './cells';

/**
 * A nested API value as dotted paths, so nothing the API sent is lost and nothing lands as
 * "[object Object]": `{value, score}` gives `path` (the value) and `path.score`; other objects
 * give `path.key`; arrays stay whole (shown as JSON text).
 */
export function flattenInto(path: string, value: unknown, out: Map<string, unknown>): void {
  if (isValueObject(value)) {
    out.set(path, value.value);
    for (const key of Object.keys(value)) if (key !== 'value') flattenInto(`${path}.${key}`, value[key], out);
    return;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    // An empty object still gets its column, empty, so the field does not vanish.
    if (keys.length === 0) out.set(path, '');
    for (const key of keys) flattenInto(`${path}.${key}`, value[key], out);
    return;
  }
  out.set(path, value);
}
