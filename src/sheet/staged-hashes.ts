import type { Sheet } from '../platform/types';
import { MAX_CARRIED_BANDS, parseCarried, type CarriedHashes } from './block-hasher';
import { bandOf, type StoredBlockRecord } from './block-record';
import { jsonOf, putMetadata, readMetadata, removeMetadata } from './sheet-metadata';

/**
 * A write paused by Google's time limit keeps its rows' hashes beside them, on its staging sheet
 * (developer metadata: it goes with the sheet, a few KB), so the execution that commits knows the
 * new block's record without reading it back, and can leave the rows that did not change in place
 * (commit-span.ts) instead of copying millions of cells it has no hashes for.
 */
const KEY = 'creator.staged.hashes';

/**
 * `copyAll`: the commit found fewer rows can stay than the bands say (a sort) and stopped for the
 * time: the next execution prices the copy of every row, so it can go without the reads that found it.
 */
export function keepHashes(staging: Sheet, carried: CarriedHashes | null, copyAll = false): void {
  if (carried) putMetadata(staging, KEY, copyAll ? { ...carried, copyAll } : carried);
  else removeMetadata(staging, KEY);
}

/**
 * The hashes kept with a staging sheet that holds `rows` rows (header included) of `cols` columns,
 * taken off it (a later stop keeps its own); null when there are none, or they tell of other rows.
 */
export function takeHashes(staging: Sheet, rows: number, cols: number): { carried: CarriedHashes; copyAll: boolean } | null {
  const found = readMetadata(staging, KEY, (text) => {
    const value = jsonOf(text) as { copyAll?: unknown } | null | undefined;
    const carried = parseCarried(value);
    return carried && { carried, copyAll: value?.copyAll === true };
  });
  removeMetadata(staging, KEY);
  return found && found.carried.rows === rows && found.carried.cols === cols ? found : null;
}

/**
 * The band a paused write hashes in: the old block's, so its commit can compare the two band by
 * band, unless the new block will have far more bands of that size than a record holds.
 */
export function carryBand(old: StoredBlockRecord | null, rows: number): number {
  const band = old?.v === 2 ? old.band : null;
  return band !== null && band > 0 && Math.ceil(rows / band) <= MAX_CARRIED_BANDS ? band : bandOf(rows);
}
