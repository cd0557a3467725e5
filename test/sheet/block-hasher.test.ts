/**
 * A write too big for one execution hashes its rows over several, carrying a small state between
 * them (block-hasher.ts): the record it ends with must be the one a single execution would have
 * made, or a refresh would copy rows that did not change, or leave rows that did.
 */
import { blockHasher, parseCarried, sampleRows, type CarriedHashes } from '../../src/sheet/block-hasher';
import { MAX_FINGERPRINT_CELLS } from '../../src/sheet/block-record';

const COLS = 5;

function rowsOf(n: number, seed = 0): unknown[][] {
  return Array.from({ length: n }, (_, i) =>
    i === 0
      ? ['date', 'page', 'views', 'ok', 'note']
      : [new Date(Date.UTC(2026, 0, 1 + ((i + seed) % 300))), `/p/${i + seed}`, i * 3.25, i % 2 === 0, i % 7 === 0 ? '' : `n${i}`],
  );
}

/** Hashes `rows` in executions that stop after each of `stops` rows, the state through JSON as stored. */
function inExecutions(rows: unknown[][], stops: number[], band: number) {
  let carried: CarriedHashes | null = null;
  let from = 0;
  for (const stop of stops) {
    const hasher = blockHasher(COLS, carried);
    hasher.add(rows.slice(from, stop));
    from = stop;
    carried = parseCarried(JSON.parse(JSON.stringify(hasher.carry(band))));
    expect(carried).not.toBeNull();
  }
  const last = blockHasher(COLS, carried);
  last.add(rows.slice(from));
  return last;
}

describe('a hasher carried across executions', () => {
  it.each([
    ['stops inside bands', 1_000, [137, 512, 513]],
    ['stops on band edges', 1_000, [25, 50, 975]],
    ['stops before any sample of the last band', 1_003, [1_001]],
    ['one stop after the last row', 1_000, [1_000]],
  ])('makes the record one execution makes (%s)', (_, n, stops) => {
    const rows = rowsOf(n);
    const whole = blockHasher(COLS);
    whole.add(rows);
    const band = Math.ceil(n / 40);
    const split = inExecutions(rows, stops, band);
    expect(split.finish({ head: 1, tail: 1 })).toEqual(whole.finish({ head: 1, tail: 1 }));
    expect(split.bands(band)).toEqual(whole.bands(band));
  });

  it('keeps the band it was first carried at, and knows the bands at no other size', () => {
    const rows = rowsOf(3_000);
    const split = inExecutions(rows, [1_000], 60);
    const record = split.finish({ head: 1, tail: 0 });
    expect(record?.band).toBe(60);
    expect(record?.rowHashes).toHaveLength(50);
    expect(split.bands(75)).toBeNull();
    const whole = blockHasher(COLS);
    whole.add(rows);
    expect(record?.rowHashes).toEqual(whole.bands(60));
  });

  it("knows the rows at each band's end and each band's sample, as one execution does", () => {
    const rows = rowsOf(2_000);
    const whole = blockHasher(COLS);
    whole.add(rows);
    const split = inExecutions(rows, [333, 1_450], 50);
    for (let end = 50; end <= 2_000; end += 50) expect(split.rows(end - 2, end)).toEqual(whole.rows(end - 2, end));
    for (const at of sampleRows(2_000, 50)) expect(split.rows(at, at + 1)).toEqual(whole.rows(at, at + 1));
    // A row in the middle of an earlier execution's band is not kept: it is not claimed either.
    expect(split.rows(100, 110)).toBeNull();
  });

  it('samples a block past MAX_FINGERPRINT_CELLS whichever execution hashed each sample', () => {
    const n = Math.ceil(MAX_FINGERPRINT_CELLS / COLS) + 7;
    const rows = rowsOf(n, 11);
    const whole = blockHasher(COLS);
    whole.add(rows);
    const expected = whole.finish({ head: 1, tail: 0 });
    const split = inExecutions(rows, [77_777, 150_001], expected?.band ?? 0);
    const record = split.finish({ head: 1, tail: 0 });
    expect(record?.samples).toHaveLength(40);
    expect(record).toEqual(expected);
  });

  it('tells the rows apart from other rows (a changed row in an earlier execution changes its band)', () => {
    const rows = rowsOf(1_000);
    const changed = rows.map((r) => r.slice());
    changed[410][2] = 1;
    const a = inExecutions(rows, [500], 25).finish({ head: 1, tail: 0 });
    const b = inExecutions(changed, [500], 25).finish({ head: 1, tail: 0 });
    const differ = a?.rowHashes.flatMap((h, i) => (h === b?.rowHashes[i] ? [] : [i]));
    expect(differ).toEqual([16]);
    expect(a?.colHashes[2]).not.toBe(b?.colHashes[2]);
  });

  it('gives no record rather than a wrong one when a column is dropped after another execution', () => {
    const rows = rowsOf(200).map((r, i) => (i === 0 ? r : [...r.slice(0, 4), '']));
    const split = inExecutions(rows, [100], 5);
    split.dropColumns([4]);
    expect(split.finish({ head: 1, tail: 0 })).toBeNull();
    expect(split.bands(5)).toBeNull();
  });

  it('carries nothing for a block grown far past its band (the state would not stay small)', () => {
    const hasher = blockHasher(COLS);
    hasher.add(rowsOf(1_000));
    expect(hasher.carry(10)).toBeNull();
    expect(JSON.stringify(hasher.carry(25)).length).toBeLessThan(4_000);
  });

  it('refuses a stored state that is not whole', () => {
    const hasher = blockHasher(COLS);
    hasher.add(rowsOf(100));
    const good = JSON.parse(JSON.stringify(hasher.carry(10)));
    expect(parseCarried(good)).not.toBeNull();
    expect(parseCarried({ ...good, bands: good.bands.slice(1) })).toBeNull();
    expect(parseCarried({ ...good, colSums: [1] })).toBeNull();
    expect(parseCarried({ ...good, v: 2 })).toBeNull();
    expect(parseCarried(null)).toBeNull();
  });
});
