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
 * Only for a block the edit check read and found exactly as recorded (`same`): the record then
 * tells what the sheet holds, band by band. Not for a sorted block, one checked by shape only (too
 * big to read: a sort or a typed value would go unseen, and the copy would mix old rows with new),
 * one written somewhere else, or under other number formats. Rows compare by the record's band
 * hashes (32-bit, as the edit check's): the first band that differs, or that either block ends
 * in, starts the copy.
 */
export function unchangedTopRows(
  old: { record: BlockRecord | null; rect: Rect; state: BlockState | null },
  fresh: { written: WrittenBlock; record: BlockRecord | null; rect: Rect },
): number {
  const { record, rect, state } = old;
  if (state?.kind !== 'same' || !state.read || !record || record.band === null || !fresh.record) return 0;
  if (rect.row !== fresh.rect.row || rect.col !== fresh.rect.col || rect.cols !== fresh.rect.cols) return 0;
  if (record.formats === undefined || record.formats !== fresh.record.formats) return 0;
  const band = record.band;
  const bands = fresh.written.bandsAt(band);
  if (!bands) return 0;
  let top = 0;
  for (let i = 0; i < record.rowHashes.length; i++) {
    const rows = Math.min(band, record.rows - i * band);
    // A band the new block ends in holds other rows than the old one's, whatever its hash.
    if (rows !== Math.min(band, fresh.rect.rows - i * band) || bands[i] !== record.rowHashes[i]) break;
    top += rows;
  }
  return top;
}
