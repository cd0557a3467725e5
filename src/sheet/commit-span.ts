import type { BlockRecord } from './block-record';
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
  if (!state.read && (!vouch || record.samples?.length !== record.rowHashes.length)) return 0;
  if (rect.row !== fresh.rect.row || rect.col !== fresh.rect.col || rect.cols !== fresh.rect.cols) return 0;
  if (record.formats === undefined || record.formats !== fresh.record.formats) return 0;
  const band = record.band;
  const bands = fresh.written.bandsAt(band);
  if (!bands) return 0;
  let top = 0;
  let kept = 0;
  for (; kept < record.rowHashes.length; kept++) {
    const rows = Math.min(band, record.rows - kept * band);
    // A band the new block ends in holds other rows than the old one's, whatever its hash.
    if (rows !== Math.min(band, fresh.rect.rows - kept * band) || bands[kept] !== record.rowHashes[kept]) break;
    top += rows;
  }
  return state.read || top === 0 || vouch?.(kept) ? top : 0;
}
