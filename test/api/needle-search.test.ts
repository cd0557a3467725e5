/**
 * The one-pass search that tells whether a page may echo part of a credential must find every
 * run `includes` would find, wherever it sits: a miss would let a token into a cell.
 */
import { needleSearch } from '../../src/api/needle-search';
import { mayHoldSecret } from '../../src/api/secret-forms';

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ALPHABET = 'abcAB01-_=":{},/ é漢';

function text(next: () => number, length: number, alphabet = ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

describe('needleSearch', () => {
  it('agrees with includes on random texts, needles planted anywhere (start, middle, end) or not at all', () => {
    const next = random(29);
    for (let round = 0; round < 3000; round++) {
      const alphabet = round % 2 ? ALPHABET : 'ab';
      const needles = Array.from({ length: 1 + Math.floor(next() * 6) }, () => text(next, 8, alphabet));
      let hay = text(next, Math.floor(next() * 120), alphabet);
      if (round % 3 === 0) {
        const at = Math.floor(next() * (hay.length + 1));
        const needle = needles[Math.floor(next() * needles.length)];
        hay = hay.slice(0, at) + needle + hay.slice(at);
      }
      const expected = needles.some((n) => hay.includes(n));
      expect([hay, needleSearch(needles, 8).foundIn(hay)]).toEqual([hay, expected]);
    }
  });

  it('finds a needle that is the whole text, at its very end, and nothing in a text shorter than a needle', () => {
    const search = needleSearch(['tok3n-ab', 'zzzzzzzz'], 8);
    expect(search.foundIn('tok3n-ab')).toBe(true);
    expect(search.foundIn('{"name":"x tok3n-ab')).toBe(true);
    expect(search.foundIn('tok3n-a')).toBe(false);
    expect(search.foundIn('')).toBe(false);
  });
});

describe('mayHoldSecret', () => {
  const token = 'ya29.a0AfH6SMBx7-Q9kLmN0pQrStUvWxYz';
  const forms = [token, 'short', 'client-secret-value-123'];

  it('flags a page echoing any 15 characters of a credential, and passes a clean page', () => {
    const page = (inside: string): string => `{"data":[{"name":"Soup ${inside}","pageviews":12}]}`;
    for (let at = 0; at + 15 <= token.length; at++) expect(mayHoldSecret(page(token.slice(at, at + 15)), forms)).toBe(true);
    expect(mayHoldSecret(page('client-secret-v'), forms)).toBe(true);
    expect(mayHoldSecret(page('a short one'), forms)).toBe(true);
    expect(mayHoldSecret(page('nothing here'), forms)).toBe(false);
  });
});
