import { MAX_FINGERPRINT_CELLS, type BlockRecord } from './block-record';
import type { WrittenBlock } from './block-place';
import type { BlockState } from './block-edits';
import type { Rect } from './rect';

/**
 * How many rows at the top of a refreshed block (header included) are the same as the old block's,
 * so the commit's copy can leave them where they are: a refresh of a past month, or of a range
 * whose new days come last, then copies only what changed (a write of every cell twice otherwise;
 * docs/architecture.md, "Why the staged copy stays the commit").
 *
 * For a block the edit check read and found exactly as recorded (`same`): the record then tells
 * what the sheet holds, band by band. For one checked by shape only (too big to read), only where
 * `vouch` finds the record's sample rows of the bands to be kept where they were, and the rows at
 * their edge the new block's: a sort, or rows moved across bands, would otherwise leave old rows
 * mixed with new; a value typed over a row of theirs goes unseen, and stays (a whole copy would
 * overwrite it). Not for a sorted block, one
 * written somewhere else, or under other number formats. Rows compare by the record's band hashes
 * (32-bit, as the edit check's): the first band that differs, or that either block ends in, starts
 * the copy.
 */
export function unchangedTopRows(
  old: { record: BlockRecord | null; rect: Rect; state: BlockState | null },
  fresh: { written: WrittenBlock; record: BlockRecord | null; rect: Rect },
  vouch?: (bands: number) => boolean,
): number {
  const { record, rect, state } = old;
  if (state?.kind !== 'same' || !record || record.band === null || !fresh.record) return 0;
  if (!state.read && (!vouch || !sampled(record))) return 0;
  if (rect.row !== fresh.rect.row || rect.col !== fresh.rect.col || rect.cols !== fresh.rect.cols) return 0;
  if (record.formats === undefined || record.formats !== fresh.record.formats) return 0;
  const { kept, top } = sameBands(record, fresh.written.bandsAt(record.band), fresh.rect.rows);
  return state.read || top === 0 || vouch?.(kept) ? top : 0;
}

/** Whether a record has a sample row for each band: only those vouch for rows of a block too big to read. */
const sampled = (record: BlockRecord): boolean => record.samples?.length === record.rowHashes.length;

/** The leading bands of `record` the new block's `bands` (of `rows` rows) has unchanged, and their rows. */
function sameBands(record: BlockRecord, bands: string[] | null, rows: number): { kept: number; top: number } {
  const band = record.band;
  let top = 0;
  let kept = 0;
  if (!bands || band === null) return { kept, top };
  for (; kept < record.rowHashes.length; kept++) {
    const inBand = Math.min(band, record.rows - kept * band);
    // A band the new block ends in holds other rows than the old one's, whatever its hash.
    if (inBand !== Math.min(band, rows - kept * band) || bands[kept] !== record.rowHashes[kept]) break;
    top += inBand;
  }
  return { kept, top };
}

/**
 * The rows at the top a refresh's commit may leave in place, by the bands alone (the reads that
 * vouch for them come later, and a copy they make bigger is judged again, block-write.ts): what
 * the commit's copy is priced without. `more`: rows are still to come (a write under way), so
 * where every complete band so far is unchanged, so may the rest be, up to the old block's last band.
 * 0 where nothing can stay: no record, or a record too big to read that has no sample rows.
 */
export function topByBands(record: BlockRecord | null, fresh: { bands: string[] | null; rows: number }, more: boolean): number {
  if (!record || record.band === null) return 0;
  if (record.rows * record.cols > MAX_FINGERPRINT_CELLS && !sampled(record)) return 0;
  const { kept, top } = sameBands(record, fresh.bands, fresh.rows);
  if (!more || kept < Math.floor(fresh.rows / record.band)) return top;
  return Math.max(top, (record.rowHashes.length - 1) * record.band);
}
