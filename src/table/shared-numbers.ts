import { numberSlot } from '../shared/number-slot';

/**
 * One boxed number per distinct fraction, handed to every cell that holds it. A number that is
 * not a small integer lives in its own heap object, and a cell read from a page's JSON gets a
 * fresh one: the six fractions of a pages/performance row were about a third of what the rows a
 * write holds put through V8's young-generation collections (bench/README.md). A report's
 * fractions repeat across its rows (a 120,000-row pull has about 7,000 distinct ones in 720,000
 * cells), so each slot keeps the last fraction that landed on it, picked by its 64 bits, and the
 * cells share it. Only a number exactly equal (===) is shared: the same value, never a near one.
 */
const SLOTS = 32_768;
const seen = new Float64Array(SLOTS).fill(Number.NaN);
// Not numbers to start with, so V8 keeps the slots as references to the boxes, not as raw doubles.
const boxes: unknown[] = new Array<unknown>(SLOTS).fill(null);

/** `x`, or an earlier box of the same number: for a finite number bound for a cell. */
export function sharedNumber(x: number): number {
  // A small integer is not boxed (-0 passes as it is too: it never reaches a slot).
  if ((x | 0) === x) return x;
  const slot = numberSlot(x, SLOTS);
  // NaN never equals itself, so an empty slot never answers.
  if (seen[slot] === x) return boxes[slot] as number;
  seen[slot] = x;
  boxes[slot] = x;
  return x;
}

/** A number's cell: the number (sharedNumber), or nothing for NaN and the infinities. */
export function numberCell(x: number): number | '' {
  return Number.isFinite(x) ? sharedNumber(x) : '';
}
