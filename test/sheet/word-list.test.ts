/**
 * A hasher keeps one word per row of a block in a word list (block-hasher.ts): every row's hash
 * must come back as it went in, however the words arrived and however far the list grew.
 */
import { wordList } from '../../src/sheet/word-list';

describe('word list', () => {
  it('gives back every word, pushed one by one or in runs, across many times its first size', () => {
    const list = wordList();
    const expected: number[] = [];
    let s = 11;
    const next = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
    for (let round = 0; round < 60; round++) {
      const run = Uint32Array.from({ length: 1 + (round % 7) * 150 }, next);
      list.pushAll(run);
      expected.push(...run);
      const one = next();
      list.push(one);
      expected.push(one);
    }
    expect(list.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(20_000);
    expect(Array.from(list.view())).toEqual(expected);
    expect([0, 1023, 1024, expected.length - 1].map((i) => list.at(i))).toEqual(
      [0, 1023, 1024, expected.length - 1].map((i) => expected[i]),
    );
  });

  it('keeps words of 2^31 and more unsigned, and has none past its end', () => {
    const list = wordList();
    list.push(2 ** 32 - 1);
    list.push(2 ** 31);
    list.pushAll(new Uint32Array(0));
    expect(Array.from(list.view())).toEqual([2 ** 32 - 1, 2 ** 31]);
    expect([list.at(2), list.at(-1)]).toEqual([undefined, undefined]);
  });

  it('replaces a word it holds, and refuses one it does not', () => {
    const list = wordList();
    list.pushAll(Uint32Array.of(5, 6, 7));
    list.set(0, 9);
    expect(Array.from(list.view())).toEqual([9, 6, 7]);
    expect(() => list.set(3, 1)).toThrow(RangeError);
    expect(list.length).toBe(3);
  });
});
