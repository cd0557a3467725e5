// Module-level copies: global lookups are ~20x slower inside jest's vm sandbox, and these run
// millions of times for the big site.
const imul = Math.imul;

/**
 * Stateless hashing: every generated number is a pure function of (seed, site, day, channel), so any
 * day or page can be computed on its own, in any order, and a range is always the sum of its days.
 */
export function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) h = step(h, part);
  return mix(h) >>> 0;
}

/** hash32 for exactly four parts, without the rest-array: the page catalog calls it 840,000 times. */
export function hash4(a: number, b: number, c: number, d: number): number {
  return mix(step(step(step(step(0x811c9dc5, a), b), c), d)) >>> 0;
}

/** Fixed-arity `between` for hot loops. */
export function between4(lo: number, hi: number, a: number, b: number, c: number, d: number): number {
  return lo + ((hi - lo) * hash4(a, b, c, d)) / 4294967296;
}

function step(h: number, part: number): number {
  // Split into two 32-bit halves so large integers still mix fully (parts are never negative).
  const lo = part >>> 0;
  const hi = (part / 4294967296) >>> 0;
  return mix(imul(h ^ lo, 0x01000193) ^ hi);
}

function mix(x: number): number {
  x ^= x >>> 16;
  x = imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x;
}

/** Uniform in [0, 1). */
export function unit(...parts: number[]): number {
  return hash32(...parts) / 4294967296;
}

/** Uniform in [lo, hi). */
export function between(lo: number, hi: number, ...parts: number[]): number {
  return lo + (hi - lo) * unit(...parts);
}

export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h) >>> 0;
}

/** A sequential generator for the few places that want a stream (token strings). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
