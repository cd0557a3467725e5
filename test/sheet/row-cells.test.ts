import { rowCells } from '../../src/sheet/row-cells';
import { sentDigest } from '../../src/sheet/written-record';
import type { CellValue } from '../../src/sheet/cell-values';

const COLUMNS = [
  { header: 'Page', type: 'text' },
  { header: 'Views', type: 'integer' },
];
const LIMIT_NOTE = /^x+ … \[clipped: 60,000 characters, Sheets holds 50,000 in a cell\]$/;

describe("a writer's rows made ready (rowCells.ready)", () => {
  it('sheet-safe rows within the limit go out as they are, hashed as sent', () => {
    const batch = [
      ['/a', 1],
      ['/b', 2],
    ];
    const cells = rowCells(COLUMNS, true);
    const ready = cells.ready(batch, 2);
    expect(ready.values).toEqual(batch);
    expect(ready.values[0]).toBe(batch[0]);
    expect(ready.digest).toEqual(sentDigest(batch, 2));
    expect(cells.clipped).toBe(0);
  });

  it('a text of exactly the kept length is not clipped; one character more is', () => {
    const kept = 'x'.repeat(49_900);
    const cells = rowCells(COLUMNS, true);
    expect(cells.ready([[kept, 1]], 2).values[0][0]).toBe(kept);
    expect(cells.clipped).toBe(0);
    const over = cells.ready([[`${kept}x`, 1]], 2).values[0][0] as string;
    expect(over.length).toBeLessThanOrEqual(50_000);
    expect(over).toMatch(/\[clipped: 49,901 characters/);
    expect(cells.clipped).toBe(1);
  });

  it('an over-long text in a sheet-safe row is clipped, counted per cell, and hashed as clipped', () => {
    const long = 'x'.repeat(60_000);
    // The same text twice down its column: the hashing pass skips a repeat, the clip must not.
    const batch = [
      ['/a', 1],
      [long, 2],
      [long, 3],
    ];
    const cells = rowCells(COLUMNS, true);
    const ready = cells.ready(batch, 2);
    expect(ready.values[1][0]).toMatch(LIMIT_NOTE);
    expect(ready.values[2][0]).toMatch(LIMIT_NOTE);
    expect(ready.values[0]).toEqual(['/a', 1]);
    expect(cells.clipped).toBe(2);
    expect(ready.digest).toEqual(sentDigest(ready.values, 2));
    expect(ready.digest).not.toEqual(sentDigest(batch, 2));
  });

  it('an over-long text after a cell whose read-back is unsure is still clipped', () => {
    // A value-like text sent as it is stops the hashing at its row: the long one after it must not slip through.
    const batch: CellValue[][] = [
      ['1,5', 1],
      ['x'.repeat(60_000), 2],
    ];
    const cells = rowCells(COLUMNS, true);
    const ready = cells.ready(batch, 2);
    expect(ready.values[1][0]).toMatch(LIMIT_NOTE);
    expect(cells.clipped).toBe(1);
    expect(ready.digest).toBeNull();
  });

  it('a sheet-safe batch with an unsure cell and no over-long text goes out as it is, with no record', () => {
    const batch: CellValue[][] = [
      ['/a', 1],
      ['1,5', 2],
    ];
    const cells = rowCells(COLUMNS, true);
    const ready = cells.ready(batch, 2);
    expect(ready.values).toEqual(batch);
    expect(ready.digest).toBeNull();
    expect(cells.clipped).toBe(0);
  });

  it('rows not yet made into cells are converted and clipped too', () => {
    const cells = rowCells(COLUMNS, false);
    const ready = cells.ready([['x'.repeat(60_000), '7']], 2);
    expect(ready.values[0][0]).toMatch(LIMIT_NOTE);
    expect(cells.clipped).toBe(1);
    expect(ready.digest).toEqual(sentDigest(ready.values, 2));
  });
});
