/**
 * Unsigned 32-bit words added at the end, one or many at a time: a block's row hashes, one per
 * row of a pull. Kept in a typed array that doubles when full: pushing 120,000 hashes into a number
 * array took 12–20 ms (its backing store grown and copied, in the young generation), into this
 * 0.2–3 ms (bench/README.md, tenth session).
 */
export interface WordList {
  readonly length: number;
  /** Word `i` (0-based); undefined past the end, as an array's would be. */
  at(i: number): number | undefined;
  /** Replaces word `i`, which must exist. */
  set(i: number, word: number): void;
  push(word: number): void;
  pushAll(words: Uint32Array): void;
  /** The words so far, as a view that later pushes may leave behind (read it, do not keep it). */
  view(): Uint32Array;
}

const FIRST_SIZE = 1024;

export function wordList(): WordList {
  let words = new Uint32Array(FIRST_SIZE);
  let length = 0;
  const room = (more: number): void => {
    if (length + more <= words.length) return;
    const grown = new Uint32Array(Math.max(2 * words.length, length + more));
    grown.set(words.subarray(0, length));
    words = grown;
  };
  return {
    get length() {
      return length;
    },
    at: (i) => (i >= 0 && i < length ? words[i] : undefined),
    set(i, word) {
      if (i < 0 || i >= length) throw new RangeError(`No word ${i} in a list of ${length}.`);
      words[i] = word;
    },
    push(word) {
      room(1);
      words[length++] = word;
    },
    pushAll(more) {
      room(more.length);
      words.set(more, length);
      length += more.length;
    },
    view: () => words.subarray(0, length),
  };
}
