import type { Sheet } from '../platform/types';
import { bandNow, MAX_FINGERPRINT_CELLS, rowNow, rowsNow, type BlockRecord, type StoredBlockRecord } from './block-record';
import { EDGE_ROWS, earlierLastSample, fingerprint, SAMPLES_AT, sampleRows } from './block-hasher';
import { describeLegacyEdits } from './block-record-v1';
import { changedRowsWords, editedAreaWords } from './changed-rows';
import { toA1, type Rect } from './rect';

/**
 * What became of a block since the writer last wrote it: untouched, its data rows sorted (every
 * row still there, header and Total rows in place: no value of the report changed, so the refresh
 * may replace it), or edited (the sentence names where, for the user).
 */
export type BlockState =
  /**
   * `read`: the block was read and matched its record row by row, so the record tells what each
   * row holds (false: by its shape alone, or against a version-1 record).
   */
  { kind: 'same'; read: boolean } | { kind: 'sorted' } | { kind: 'edited'; what: string };

/**
 * `now`: the block's current rect (its named range, stretched or shrunk by the user's inserts and
 * deletes). `reads`: false when there is no time to read it (commit-fit.ts): its shape is checked.
 */
export function blockState(sheet: Sheet, now: Rect, record: StoredBlockRecord, reads = true): BlockState {
  if (record.v === 1) {
    // Without its hashes, an older version's record checks the shape only, as past the cell count.
    const what = describeLegacyEdits(sheet, now, reads ? record : { ...record, band: null });
    return what ? { kind: 'edited', what } : { kind: 'same', read: false };
  }
  if (now.rows !== record.rows || now.cols !== record.cols) return { kind: 'edited', what: shapeChange(sheet, now, record, reads) };
  // The writer hashes blocks of any size as it writes them; reading one back is bounded (shape only past it).
  if (!reads || record.band === null || now.rows * now.cols > MAX_FINGERPRINT_CELLS) return { kind: 'same', read: false };
  // Values only (half the cells of values and formulas): a formula typed over a report cell shows
  // as its value, which is caught unless it is exactly the report's own value.
  const current = fingerprint(sheet, now, { head: record.head.length, tail: record.tail.length }, true);
  const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((h, i) => h === b[i]);
  // A record stored before colRows existed has none: its columns are compared as they were then.
  const colsSame = same(record.colHashes, current.colHashes) && (record.colRows.length === 0 || same(record.colRows, current.colRows));
  if (colsSame && same(record.rowHashes, current.rowHashes)) return { kind: 'same', read: true };
  if (colsSame && record.rowSet === current.rowSet && same(record.head, current.head) && same(record.tail, current.tail))
    return { kind: 'sorted' };
  return { kind: 'edited', what: editedCells(now, record, current) };
}

function editedCells(now: Rect, record: BlockRecord, current: BlockRecord): string {
  const band = record.band ?? 1;
  const rows = record.rowHashes.map((h, i) => (h === current.rowHashes[i] ? -1 : i)).filter((i) => i >= 0);
  // A typed cell changes its row's hash, so every column's colRows: its own column's hash names it.
  // Only values that traded cells leave the column hashes as they were; then colRows names them.
  const changed = (stored: string[], now: string[]): number[] => stored.map((h, i) => (h === now[i] ? -1 : i)).filter((i) => i >= 0);
  const byValue = changed(record.colHashes, current.colHashes);
  const cols = byValue.length > 0 || record.colRows.length === 0 ? byValue : changed(record.colRows, current.colRows);
  return editedAreaWords(now, rows, cols, band);
}

function shapeChange(sheet: Sheet, now: Rect, record: BlockRecord, reads: boolean): string {
  const what: string[] = [];
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (now.rows > record.rows) what.push(`${plural(now.rows - record.rows, 'row')} inserted`);
  if (now.rows < record.rows) what.push(`${plural(record.rows - now.rows, 'row')} deleted`);
  if (now.cols > record.cols) what.push(`${plural(now.cols - record.cols, 'column')} inserted`);
  if (now.cols < record.cols) what.push(`${plural(record.cols - now.cols, 'column')} deleted`);
  return `${what.join(' and ')} inside the report's block ${toA1(now)}${reads ? locateShapeChange(sheet, now, record) : ''}`;
}

/** Which rows an insert or delete touched (changedRowsWords), where the record can tell. */
function locateShapeChange(sheet: Sheet, now: Rect, record: BlockRecord): string {
  if (now.cols !== record.cols || now.rows * now.cols > MAX_FINGERPRINT_CELLS || record.band === null) return '';
  return changedRowsWords(now, { rows: record.rows, band: record.band, rowHashes: record.rowHashes }, (startRow, rows) =>
    bandNow(sheet, { row: startRow, col: now.col, rows, cols: now.cols }),
  );
}

/**
 * Whether the record's sample rows of its first `bands` bands are still there, each read alone
 * (a block checked by its shape: commit-span.ts leaves those bands in place only then), and the
 * last rows of those bands are the new block's (`fresh`: its rows' hashes, edgeHolds).
 */
export function samplesHold(
  sheet: Sheet,
  now: Rect,
  record: BlockRecord,
  bands: number,
  fresh: (from: number, to: number) => string[] | null,
): boolean {
  const samples = record.samples;
  if (!samples || record.band === null || now.rows !== record.rows) return false;
  const rows = sampleRows(record.rows, record.band);
  // A record stored before the last band's sample row moved sampled the middle of its own rows.
  const earlier = record.samplesAt === SAMPLES_AT ? null : earlierLastSample(record.rows, record.band);
  if (earlier !== null) rows[rows.length - 1] = earlier;
  for (let i = 0; i < bands; i++) if (rowNow(sheet, now, now.row + rows[i]) !== samples[i]) return false;
  return edgeHolds(sheet, now, Math.min(record.rows, bands * record.band), fresh);
}

/**
 * Whether the last rows left in place (the `top` rows) hold the new block's rows there (`fresh`,
 * as hashed when sent), in one read. Rows that crossed the edge between the rows left and the
 * rows copied, moving no sample, would show twice beside the copy, or not at all: a sort of a few
 * rows across it, or a row deleted below the last kept sample and one inserted among the copied
 * rows (or the reverse), which shifts the rows at the edge.
 */
function edgeHolds(sheet: Sheet, now: Rect, top: number, fresh: (from: number, to: number) => string[] | null): boolean {
  if (top >= now.rows) return true;
  const from = Math.max(0, top - EDGE_ROWS);
  const want = fresh(from, top);
  if (!want) return false;
  const got = rowsNow(sheet, now, now.row + from, top - from);
  return got.every((h, i) => h === want[i]);
}
