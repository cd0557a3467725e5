/**
 * Fast index sorts for 120,000-row page tables. Every numeric sort key the fake serves is an integer
 * once scaled (counts, cents, ratios at their rounding precision), so key and index pack into one
 * float64 and the engine's native comparator-free sort does the work: ~10x faster than a comparator.
 * Ties keep index order; NaN (null) sorts last in both directions.
 */
const INDEX_BITS = 2 ** 17;
/** Above any real key (and still exact once multiplied by INDEX_BITS). */
const NULL_KEY = 6e10;

export function sortByIntegerKeys(keys: Float64Array, descending: boolean): Uint32Array {
  const n = keys.length;
  if (n > INDEX_BITS) throw new Error('too many rows for packed sorting');
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    const key = Number.isNaN(k) ? NULL_KEY : descending ? -k : k;
    packed[i] = key * INDEX_BITS + i;
  }
  packed.sort();
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = ((packed[i] % INDEX_BITS) + INDEX_BITS) % INDEX_BITS;
  return out;
}

/** Text keys: the native string sort (UTF-16 order); null ('\uffff') last; ties by index. */
export function sortByText(text: readonly string[], descending: boolean): Uint32Array {
  const n = text.length;
  const present: string[] = [];
  const nulls: number[] = [];
  for (let i = 0; i < n; i++) {
    if (text[i] === '\uffff') nulls.push(i);
    else present.push(`${text[i]}\u0000${String(i).padStart(6, '0')}`);
  }
  present.sort();
  if (descending) present.reverse();
  const out = new Uint32Array(n);
  let k = 0;
  for (const entry of present) out[k++] = Number(entry.slice(entry.lastIndexOf('\u0000') + 1));
  for (const i of nulls) out[k++] = i;
  return out;
}
