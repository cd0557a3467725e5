import type { Sheet } from '../platform/types';
import { MAX_CARRIED_BANDS, parseCarried, type CarriedHashes } from './block-hasher';
import { bandOf, type StoredBlockRecord } from './block-record';
import { putMetadata, removeMetadata } from './sheet-metadata';

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
  let found: CarriedHashes | null = null;
  let copyAll = false;
  for (const meta of staging.getDeveloperMetadata()) {
    if (meta.getKey() !== KEY) continue;
    try {
      const value = JSON.parse(meta.getValue() ?? '') as { copyAll?: unknown } | null;
      found = parseCarried(value);
      copyAll = value?.copyAll === true;
    } catch (_) {
      found = null;
    }
    meta.remove();
  }
  return found && found.rows === rows && found.cols === cols ? { carried: found, copyAll } : null;
}

/**
 * The band a paused write hashes in: the old block's, so its commit can compare the two band by
 * band, unless the new block will have far more bands of that size than a record holds.
 */
export function carryBand(old: StoredBlockRecord | null, rows: number): number {
  const band = old?.v === 2 ? old.band : null;
  return band !== null && band > 0 && Math.ceil(rows / band) <= MAX_CARRIED_BANDS ? band : bandOf(rows);
}
