import { numberCell, sharedNumber } from '../../src/table/shared-numbers';

/**
 * A cell's number may be a box shared with other cells of the same number (src/table/shared-numbers.ts):
 * whatever the slots hold, a cell must get exactly the number it was given, never a near one,
 * never 0 for -0.
 */
describe('sharedNumber', () => {
  it('gives back exactly the number it was given, however many numbers compete for its slots', () => {
    let s = 11;
    const next = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    // More distinct fractions than slots, met in changing orders, with their nearest neighbours.
    const distinct = Array.from({ length: 50_000 }, (_, i) => Math.round(next() * 10 ** (2 + (i % 6))) / 100);
    const near = distinct.slice(0, 2000).flatMap((x) => [x * (1 + Number.EPSILON), x * (1 - Number.EPSILON), -x, x / 3]);
    const met = [...distinct, ...near, ...distinct.slice().reverse(), ...near, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 5e-324, -0, 0];
    const differing = met.filter((x) => !Object.is(sharedNumber(x), x));
    expect(differing).toEqual([]);
  });

  it('never hands one number the box of a number a few units of precision away', () => {
    // Clusters of neighbouring doubles: some land on a slot a neighbour holds, and must not take its box.
    const bits = new Float64Array(1);
    const words = new BigInt64Array(bits.buffer);
    const met: number[] = [];
    for (let base = 0; base < 10_000; base++) {
      bits[0] = 1.5 + base / 7;
      for (let k = 0; k < 20; k++) {
        met.push(bits[0]);
        words[0] += 1n;
      }
    }
    const differing = met.filter((x) => !Object.is(sharedNumber(x), x));
    expect(differing).toEqual([]);
  });

  it('leaves a cell empty for NaN and the infinities, and keeps every finite number', () => {
    expect([Number.NaN, Infinity, -Infinity].map(numberCell)).toEqual(['', '', '']);
    expect([1.25, -7, 0.1 + 0.2].map(numberCell)).toEqual([1.25, -7, 0.1 + 0.2]);
  });

  it('keeps -0 apart from 0 whichever comes first', () => {
    expect(Object.is(sharedNumber(0), 0)).toBe(true);
    expect(Object.is(sharedNumber(-0), -0)).toBe(true);
    expect(Object.is(sharedNumber(0), 0)).toBe(true);
  });
});
