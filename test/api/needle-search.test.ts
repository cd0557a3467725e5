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

  it('finds every needle at every offset of a text whose other characters share its blocks', () => {
    const next = random(7);
    // Needles over three letters, some a shift of another, so blocks repeat within and across them.
    const base = text(next, 12, 'abc');
    const needles = [base.slice(0, 8), base.slice(1, 9), base.slice(4, 12), text(next, 8, 'abc')];
    const search = needleSearch(needles, 8);
    for (const needle of needles) {
      for (let at = 0; at <= 30; at++) {
        const hay = text(next, at, 'abc') + needle + text(next, 30 - at, 'abc');
        expect([hay, search.foundIn(hay)]).toEqual([hay, true]);
        // One character changed: found only where includes finds another needle.
        const miss = hay.slice(0, at + 3) + 'x' + hay.slice(at + 4);
        expect([miss, search.foundIn(miss)]).toEqual([miss, needles.some((n) => miss.includes(n))]);
      }
    }
    // Needles overlapping one another in the text, and the text that is one needle.
    expect(search.foundIn(base)).toBe(true);
    const cut = `${base.slice(0, 7)}x${base.slice(8)}`;
    expect(search.foundIn(cut)).toBe(needles.some((n) => cut.includes(n)));
  });

  it('agrees with includes for needles of every length from 2 to 20 (a long one must match past its first 8 characters)', () => {
    const next = random(11);
    for (let length = 2; length <= 20; length++) {
      for (let round = 0; round < 300; round++) {
        const needles = Array.from({ length: 1 + Math.floor(next() * 4) }, () => text(next, length, 'ab'));
        let hay = text(next, Math.floor(next() * 60), 'ab');
        const needle = needles[Math.floor(next() * needles.length)];
        const at = Math.floor(next() * (hay.length + 1));
        // A needle whole, or (longer ones) its first 8 characters with the rest changed.
        const planted = round % 2 || length <= 8 ? needle : needle.slice(0, 8) + 'c'.repeat(length - 8);
        if (round % 3 !== 0) hay = hay.slice(0, at) + planted + hay.slice(at);
        const expected = needles.some((n) => hay.includes(n));
        expect([length, needles, hay, needleSearch(needles, length).foundIn(hay)]).toEqual([length, needles, hay, expected]);
      }
    }
  });

  it('tells apart characters that share a slot of its table (any character, one or two bytes)', () => {
    // 'a', 'á' and '潡' (97, 97 + 128, 97 + 222 × 128) fall in the same slots beside the same neighbour.
    const search = needleSearch(['abababab', '漢b漢b漢b漢b'], 8);
    for (const twin of ['\u00e1', '\u6f61']) {
      expect(search.foundIn(`xx${`${twin}b`.repeat(4)}xx`)).toBe(false);
      expect(search.foundIn(`xx${twin}bababab`)).toBe(false);
      expect(search.foundIn(`xxabababa${twin}`)).toBe(false);
    }
    expect(search.foundIn('xx\u6f61babababab')).toBe(true);
    expect(search.foundIn('xx漢b漢b漢b漢bxx')).toBe(true);
    expect(search.foundIn('xx漢b漢b漢b漢\u00e1xx')).toBe(false);
  });

  it('one search over texts of any length in turn: a long page full of near misses, then short ones', () => {
    const search = needleSearch(['tok3n-ab', 'zzzzzzzz'], 8);
    // Every probe of the long text falls on a block the needles hold, and none is a needle.
    const misses = 'tok3n-a_zzzzzzz_'.repeat(20_000);
    expect(search.foundIn(misses)).toBe(false);
    expect(search.foundIn(`${misses}tok3n-ab`)).toBe(true);
    expect(search.foundIn('x tok3n-ab')).toBe(true);
    expect(search.foundIn('x tok3n-a')).toBe(false);
    expect(search.foundIn(`${'zzzzzzz_'.repeat(50_000)}zzzzzzzz`)).toBe(true);
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

describe('mayHoldSecret, the echo written by an encoder that escapes characters', () => {
  // A Basic credential ends in `=`; secrets may hold `/`, a quote, a backslash or any letter.
  const forms = [
    'ZGVtby1jbGllbnQ6ZGVtby1zZWNy/XQ+Ab==',
    'cl/ent"se\\cret-välue/123',
    'fk.2e7zbw1g77nlulqazw3q',
    'a/b/c/d/e/f/g/h/i/j/k/l/',
  ];
  const hex = (c: string, upper: boolean): string => {
    const code = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? code.toUpperCase() : code}`;
  };
  /** Which `/` an encoder writes as `\/`, by its place in the string. */
  type Slashes = (i: number) => boolean;
  /** A JSON string as an encoder writes it: `pick` says which characters it writes as `\u` escapes. */
  const encode = (s: string, pick: (c: string, i: number) => boolean, slashes: Slashes, upper = false): string =>
    `"${[...s]
      .map((c, i) => {
        if (pick(c, i)) return hex(c, upper);
        const plain = JSON.stringify(c).slice(1, -1);
        return slashes(i) && c === '/' ? '\\/' : plain;
      })
      .join('')}"`;
  const page = (name: string, pick: (c: string, i: number) => boolean, slashes: Slashes, upper = false): string =>
    `{"data":[{"name":${encode(name, pick, slashes, upper)},"pageUrl":${encode('/soup?a=1&b=<2>', pick, slashes, upper)},"pageviews":12}]}`;
  const never = (): boolean => false;
  const always = (): boolean => true;
  const encoders: Array<[string, (c: string, i: number) => boolean, Slashes]> = [
    ['JSON.stringify', never, never],
    ['PHP (every / escaped)', never, always],
    ['a hostile one (some / escaped, others not)', never, (i) => i % 4 === 1],
    ['Gson (= < > & and quotes as \\u)', (c) => "=<>&'".includes(c), never],
    ['every character as \\u', always, never],
    ['one character in three as \\u, and / escaped', (_, i) => i % 3 === 1, always],
  ];

  it('flags any 15 characters of a form however the page writes them, and the parsed page holds them', () => {
    for (const [name, pick, slashes] of encoders) {
      for (const form of forms) {
        for (let at = 0; at + 15 <= form.length; at++) {
          const echo = form.slice(at, at + 15);
          for (const upper of [false, true]) {
            const text = page(`Soup ${echo} pot`, pick, slashes, upper);
            expect((JSON.parse(text) as { data: Array<{ name: string }> }).data[0].name).toBe(`Soup ${echo} pot`);
            expect([name, echo, upper, mayHoldSecret(text, forms)]).toEqual([name, echo, upper, true]);
          }
        }
      }
    }
  });

  it('flags an escaped echo after any length of escaped characters of the forms that hold none', () => {
    const form = forms[0];
    const echo = form.slice(3, 18);
    for (let noise = 0; noise <= 120; noise += 1) {
      // "=" and letters of the form, every one escaped, then the echo escaped the same way.
      const before = 'a=Z'.repeat(noise).slice(0, noise);
      const text = page(`${before}${echo}!`, always, never);
      expect([noise, mayHoldSecret(text, forms)]).toEqual([noise, true]);
      expect([noise, mayHoldSecret(page(`${before}!`, always, never), forms)]).toEqual([noise, false]);
    }
  });

  it('passes a clean page whatever its encoder escapes, the characters of the forms among them', () => {
    for (const [name, pick, slashes] of encoders) {
      const text = page('Soup = 12/10 & "more" \\ välue', pick, slashes);
      expect([name, mayHoldSecret(text, forms)]).toEqual([name, false]);
    }
  });
});
