/**
 * Whether a long text holds any of many short needles of one length, in one pass that skips
 * ahead (Wu-Manber, with blocks of two characters). A page of a pull is checked for every aligned
 * run of every secret form (secret-forms.ts): one `includes` per run searched each page once per
 * run, which cost more than parsing the page.
 */

/** Two characters to a slot of the shift table; any deterministic mix works (a collision only shortens a shift). */
const BITS = 14;
const blockKey = (a: number, b: number): number => ((a << 7) ^ b) & ((1 << BITS) - 1);

export interface NeedleSearch {
  /** True when `text` holds one of the needles. */
  foundIn(text: string): boolean;
}

/** The needles, every one `length` characters long (at least two). */
export function needleSearch(needles: string[], length: number): NeedleSearch {
  const most = length - 1;
  const shift = new Uint8Array(1 << BITS).fill(Math.min(most, 255));
  // The needles that end in each block, checked in full only where the shift is 0.
  const ending = new Map<number, string[]>();
  for (const needle of new Set(needles)) {
    for (let q = 1; q < length; q++) {
      const key = blockKey(needle.charCodeAt(q - 1), needle.charCodeAt(q));
      shift[key] = Math.min(shift[key], length - 1 - q);
    }
    const last = blockKey(needle.charCodeAt(length - 2), needle.charCodeAt(length - 1));
    const list = ending.get(last);
    if (list) list.push(needle);
    else ending.set(last, [needle]);
  }
  return {
    foundIn(text) {
      let end = length - 1;
      while (end < text.length) {
        const key = blockKey(text.charCodeAt(end - 1), text.charCodeAt(end));
        const skip = shift[key];
        if (skip > 0) {
          end += skip;
          continue;
        }
        const start = end - length + 1;
        for (const needle of ending.get(key) ?? []) if (text.startsWith(needle, start)) return true;
        end++;
      }
      return false;
    },
  };
}
