import { readyQueue, type ReadyRows } from '../../src/sheet/ready-rows';
import { sentDigest } from '../../src/sheet/written-record';

/** Row `i`'s cells as sent: texts kept literal, a number and a date, unlike any other row's. */
const sentRow = (i: number, width: number): unknown[] =>
  Array.from({ length: width }, (_, c) => (c === 0 ? `'r${i}c0` : c % 2 ? i * 100 + c + 0.25 : new Date(Date.UTC(2026, 0, 1 + i))));

/** `n` rows of `width` cells numbered from `from`; `sure`: false for a page with a cell whose read-back is unknown. */
function piece(from: number, n: number, width: number, sure = true): ReadyRows {
  const rows = Array.from({ length: n }, (_, i) => sentRow(from + i, width));
  const values = rows.map((r, i) => (sure || i > 0 ? r : ['1,234', ...r.slice(1)])) as ReadyRows['values'];
  return { rows, values, digest: sentDigest(values, width) };
}

/** Whether a taken write holds rows `from` to `to` in order, each with its own values, digested as those rows alone. */
function holds(taken: ReadyRows, from: number, to: number, width: number): void {
  const expected = Array.from({ length: to - from }, (_, i) => sentRow(from + i, width));
  expect(taken.rows).toEqual(expected);
  expect(taken.values).toEqual(expected);
  const digest = sentDigest(expected as ReadyRows['values'], width)!;
  expect(taken.digest && Array.from(taken.digest.rows)).toEqual(Array.from(digest.rows));
  expect(taken.digest && Array.from(taken.digest.colSums)).toEqual(Array.from(digest.colSums));
  expect(taken.digest && Array.from(taken.digest.colRows)).toEqual(Array.from(digest.colRows));
}

describe('readyQueue: rows that arrive in pages leave in writes of any size, in order, each with its digest', () => {
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
    const none = q.take(4);
    expect(none.rows).toEqual([]);
    expect(none.digest && Array.from(none.digest.colSums)).toEqual([0, 0, 0]);
  });

  it('a write that takes a page with an unsure cell has no digest, and the next writes have theirs', () => {
    const q = readyQueue(2);
    q.add(piece(0, 3, 2));
    q.add(piece(3, 3, 2, false));
    q.add(piece(6, 3, 2));
    expect(q.take(4).digest).toBeNull();
    expect(q.take(2).digest).toBeNull();
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
