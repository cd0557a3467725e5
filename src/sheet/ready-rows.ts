import { addDigestSums, type RowsDigest } from './block-hasher';
import type { CellValue } from './cell-values';
import { emptyDigest, partDigest } from './written-record';

/**
 * Rows made into the cells a writer sends and hashed as they arrive (BlockWrite.ready), while their
 * texts are still fresh in memory: hashed later, a whole call's worth at once, the same texts
 * lay scattered through the heap and cost about twice as much to reach (bench/README.md).
 */
export interface ReadyRows {
  /** As they came: a continued run recognises its last rows by them (stream-report-block.ts). */
  readonly rows: unknown[][];
  readonly values: CellValue[][];
  /** What the record takes from them (written-record.ts, sentDigest); null when a cell's read-back cannot be known. */
  readonly digest: RowsDigest | null;
}

/** Whole pieces joined, in order: the rows of one write. */
function joined(pieces: ReadyRows[], width: number): ReadyRows {
  if (pieces.length === 1) return pieces[0];
  const count = pieces.reduce((n, p) => n + p.rows.length, 0);
  const rows: unknown[][] = new Array(count);
  const values: CellValue[][] = new Array(count);
  const sure = pieces.every((p) => p.digest !== null);
  const digest = sure ? emptyDigest(count, width) : null;
  let at = 0;
  for (const piece of pieces) {
    for (let i = 0; i < piece.rows.length; i++) {
      rows[at + i] = piece.rows[i];
      values[at + i] = piece.values[i];
    }
    if (digest && piece.digest) {
      digest.rows.set(piece.digest.rows, at);
      addDigestSums(digest.colSums, digest.colRows, piece.digest);
    }
    at += piece.rows.length;
  }
  return { rows, values, digest };
}

/** Rows `from` to `to` of a piece (`to` excluded). */
function part(piece: ReadyRows, from: number, to: number, width: number): ReadyRows {
  return {
    rows: piece.rows.slice(from, to),
    values: piece.values.slice(from, to),
    digest: piece.digest && partDigest(piece.digest, piece.values, from, to, width),
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
      return taken.length ? joined(taken, width) : { rows: [], values: [], digest: emptyDigest(0, width) };
    },
    get rows() {
      return rows;
    },
  };
}
