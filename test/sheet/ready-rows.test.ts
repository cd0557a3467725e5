import { readyQueue, type ReadyRows } from '../../src/sheet/ready-rows';

/** `n` rows of `width` cells numbered from `from`, each cell's hash its row and column. */
function piece(from: number, n: number, width: number, hashed = true): ReadyRows {
  const rows = Array.from({ length: n }, (_, i) => Array.from({ length: width }, (_, c) => `r${from + i}c${c}`));
  const hashes = hashed ? Uint32Array.from(rows.flatMap((_, i) => Array.from({ length: width }, (_, c) => (from + i) * 100 + c))) : null;
  return { rows, values: rows.map((r) => r.map((cell) => `'${cell}`)), hashes };
}

/** Whether a taken write holds rows `from` to `to` in order, each with its own values and hashes. */
function holds(taken: ReadyRows, from: number, to: number, width: number): void {
  expect(taken.rows.map((r) => r[0])).toEqual(Array.from({ length: to - from }, (_, i) => `r${from + i}c0`));
  expect(taken.values.map((r) => r[width - 1])).toEqual(Array.from({ length: to - from }, (_, i) => `'r${from + i}c${width - 1}`));
  expect(Array.from(taken.hashes ?? [])).toEqual(
    Array.from({ length: to - from }, (_, i) => Array.from({ length: width }, (_, c) => (from + i) * 100 + c)).flat(),
  );
}

describe('readyQueue: rows that arrive in pages leave in writes of any size, in order, each with its hashes', () => {
  it('takes writes that cut across pages and inside one', () => {
    const q = readyQueue(3);
    q.add(piece(0, 5, 3));
    q.add(piece(5, 5, 3));
    q.add(piece(10, 2, 3));
    expect(q.rows).toBe(12);
    holds(q.take(7), 0, 7, 3);
    holds(q.take(2), 7, 9, 3);
    expect(q.rows).toBe(3);
    holds(q.take(10), 9, 12, 3);
    expect(q.rows).toBe(0);
    expect(q.take(4).rows).toEqual([]);
  });

  it('a write that takes a page with an unsure cell has no hashes, and the next writes have theirs', () => {
    const q = readyQueue(2);
    q.add(piece(0, 3, 2));
    q.add(piece(3, 3, 2, false));
    q.add(piece(6, 3, 2));
    expect(q.take(4).hashes).toBeNull();
    expect(q.take(2).hashes).toBeNull();
    holds(q.take(3), 6, 9, 2);
  });

  it('empty pages change nothing', () => {
    const q = readyQueue(2);
    q.add(piece(0, 0, 2));
    q.add(piece(0, 2, 2));
    q.add(piece(2, 0, 2));
    expect(q.rows).toBe(2);
    holds(q.take(2), 0, 2, 2);
  });
});
