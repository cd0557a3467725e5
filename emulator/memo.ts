/**
 * A pure function's results kept by key: what the emulator parses or formats again and again (a
 * sheet's few number formats, the same days' dates). At `limit` entries the map starts afresh, so
 * a long test process keeps what its current work asks for.
 */
export function memo<T>(map: Map<string, T>, key: string, make: (key: string) => T, limit = 10_000): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make(key);
    if (map.size >= limit) map.clear();
    map.set(key, value);
  }
  return value;
}
