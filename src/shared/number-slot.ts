const BITS = new Float64Array(1);
const WORDS = new Int32Array(BITS.buffer);

/**
 * A slot below `slots` (a power of two) picked by all 64 bits of `x`, for the tables that keep
 * the last number met in each slot (src/sheet/cell-hash.ts, src/table/shared-numbers.ts): numbers
 * a few units of precision apart land far apart.
 */
export function numberSlot(x: number, slots: number): number {
  BITS[0] = x;
  let h = WORDS[0] ^ Math.imul(WORDS[1], 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) & (slots - 1);
}
