/**
 * Whether a long text holds any of many short needles of one length, in one pass that reads two
 * characters in every seven. A page of a pull is checked for every aligned run of every secret
 * form (secret-forms.ts): one `includes` per run searched each page once per run, which cost more
 * than parsing the page.
 *
 * An occurrence of a needle spans WINDOW (8) characters, so it holds the two-character block
 * (i - 1, i) of one probe i in every 7 (i = 1, 8, 15, ...). Each probe looks its block up in one
 * small table; only a block some needle holds (a few in a hundred on a page of a pull) costs more.
 * The probes are fixed, not a shift read from the table as in Wu-Manber (what this replaced, whose
 * shift was the whole 7 at 96% of its steps anyway): no step waits on the last one's lookup, and a
 * block that hits costs one more byte of the table before any needle is compared. Over a
 * 120,000-row pull's pages (40.9 MB) that took the scan from 26 to 19 ms of CPU.
 */

/** Two characters to a slot of the table; any deterministic mix works (a collision only costs a check). */
const BITS = 14;
const MASK = (1 << BITS) - 1;
const blockKey = (a: number, b: number): number => ((a << 7) ^ b) & MASK;
/**
 * The characters of a needle the probes look at: its first WINDOW. One bit per offset of a block
 * in them fits a byte of the table; a longer needle is found through its window, then in full.
 */
const WINDOW = 8;

export interface NeedleSearch {
  /** True when `text` holds one of the needles. */
  foundIn(text: string): boolean;
}

/** The needles, every one `length` characters long (at least two). */
export function needleSearch(needles: string[], length: number): NeedleSearch {
  if (length < 2) throw new Error('needleSearch needs needles of two characters or more.');
  const window = Math.min(length, WINDOW);
  const stride = window - 1;
  const endBit = 1 << stride;
  // Bit q of a block's slot: some needle's window holds the block at characters q - 1 and q (so
  // bit `stride`: a window ends in it). The needles whose window ends in each block, checked in full.
  const offsets = new Uint8Array(1 << BITS);
  const ending: Array<string[] | undefined> = [];
  for (const needle of new Set(needles)) {
    for (let q = 1; q < window; q++) offsets[blockKey(needle.charCodeAt(q - 1), needle.charCodeAt(q))] |= 1 << q;
    const last = blockKey(needle.charCodeAt(stride - 1), needle.charCodeAt(stride));
    const list = ending[last];
    if (list) list.push(needle);
    else ending[last] = [needle];
  }

  /** Whether a needle sits where the block of probe `i` is its block at an offset in `bits`. */
  const foundAround = (text: string, i: number, bits: number): boolean => {
    const n = text.length;
    for (let rest = bits; rest !== 0; rest &= rest - 1) {
      const q = 31 - Math.clz32(rest & -rest);
      // The window's last character; one before `stride` would put its start before the text.
      const end = i + stride - q;
      if (end >= n || end < stride) continue;
      const key = blockKey(text.charCodeAt(end - 1), text.charCodeAt(end));
      // The table's bit first: an array's hole costs more to find than a byte.
      if ((offsets[key] & endBit) === 0) continue;
      for (const needle of ending[key] ?? []) if (text.startsWith(needle, end - stride)) return true;
    }
    return false;
  };

  return {
    foundIn(text) {
      // Locals, not the closure's: this loop is the whole cost, and V8 reloads a closure's slots.
      const table = offsets;
      const step = stride;
      const n = text.length;
      for (let i = 1; i < n; i += step) {
        const bits = table[blockKey(text.charCodeAt(i - 1), text.charCodeAt(i))];
        if (bits !== 0 && foundAround(text, i, bits)) return true;
      }
      return false;
    },
  };
}
