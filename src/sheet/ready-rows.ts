import type { CellValue } from './cell-values';

/**
 * Rows made into the cells a writer sends and hashed as they arrive (BlockWrite.ready), while their
 * texts are still fresh in memory: hashed later, a whole call's worth at once, the same texts
 * lay scattered through the heap and cost about twice as much to reach (bench/README.md).
 */
export interface ReadyRows {
  /** As they came: a continued run recognises its last rows by them (stream-report-block.ts). */
  readonly rows: unknown[][];
  readonly values: CellValue[][];
  /** Each cell's hash (written-record.ts), row after row; null when a cell's read-back cannot be known. */
  readonly hashes: Uint32Array | null;
}

/** Whole pieces joined, in order: the rows of one write. */
function joined(pieces: ReadyRows[], width: number): ReadyRows {
  if (pieces.length === 1) return pieces[0];
  const count = pieces.reduce((n, p) => n + p.rows.length, 0);
  const rows: unknown[][] = new Array(count);
  const values: CellValue[][] = new Array(count);
  let hashes: Uint32Array | null = new Uint32Array(count * width);
  let at = 0;
  for (const piece of pieces) {
    for (let i = 0; i < piece.rows.length; i++) {
      rows[at + i] = piece.rows[i];
      values[at + i] = piece.values[i];
    }
    if (!piece.hashes) hashes = null;
    else hashes?.set(piece.hashes, at * width);
    at += piece.rows.length;
  }
  return { rows, values, hashes };
}

/** Rows `from` to `to` of a piece (`to` excluded). */
function part(piece: ReadyRows, from: number, to: number, width: number): ReadyRows {
  return {
    rows: piece.rows.slice(from, to),
    values: piece.values.slice(from, to),
    hashes: piece.hashes?.subarray(from * width, to * width) ?? null,
  };
}

/** Rows that arrive in pieces and leave in writes of a chosen size, in the order they came. */
export interface ReadyQueue {
  add(piece: ReadyRows): void;
  /** The first `count` rows queued (all of them when fewer), taken off the queue. */
  take(count: number): ReadyRows;
  readonly rows: number;
}

export function readyQueue(width: number): ReadyQueue {
  const pieces: ReadyRows[] = [];
  let rows = 0;
  return {
    add(piece) {
      if (piece.rows.length === 0) return;
      pieces.push(piece);
      rows += piece.rows.length;
    },
    take(count) {
      const taken: ReadyRows[] = [];
      let left = Math.min(count, rows);
      while (left > 0) {
        const piece = pieces[0];
        const n = piece.rows.length;
        if (n <= left) {
          taken.push(piece);
          pieces.shift();
          left -= n;
          rows -= n;
        } else {
          taken.push(part(piece, 0, left, width));
          pieces[0] = part(piece, left, n, width);
          rows -= left;
          left = 0;
        }
      }
      return taken.length ? joined(taken, width) : { rows: [], values: [], hashes: new Uint32Array(0) };
    },
    get rows() {
      return rows;
    },
  };
}
