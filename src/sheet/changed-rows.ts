import { toA1, type Rect } from './rect';

/** What a record kept of a block's rows in order: its height and one hash per band of rows. */
export interface RowBands {
  rows: number;
  band: number;
  rowHashes: readonly string[];
}

/**
 * Which rows an insert or delete touched, as words for a refusal: the bands still equal from the
 * top and, aligned on the block's end, from the bottom, leave the changed rows between them.
 * `hashBand` hashes rows of the block as it is now, the way the record hashed its bands.
 */
export function changedRowsWords(now: Rect, record: RowBands, hashBand: (startRow: number, rows: number) => string): string {
  const band = record.band;
  const bands = record.rowHashes.length;
  const bandRows = (i: number) => Math.min(band, record.rows - i * band);
  let top = 0;
  while (
    top < bands &&
    now.row + top * band + bandRows(top) <= now.row + now.rows &&
    hashBand(now.row + top * band, bandRows(top)) === record.rowHashes[top]
  )
    top++;
  const shift = now.rows - record.rows;
  let bottom = bands - 1;
  while (
    bottom > top &&
    bottom * band + shift >= top * band &&
    hashBand(now.row + bottom * band + shift, bandRows(bottom)) === record.rowHashes[bottom]
  )
    bottom--;
  const first = now.row + top * band;
  const last = Math.max(first, Math.min(now.row + now.rows - 1, now.row + (bottom + 1) * band - 1 + shift));
  return ` (the change is in rows ${first}${last > first ? `-${last}` : ''})`;
}

/**
 * Where values were typed over, as words for a refusal: the area from the first to the last
 * changed band of rows (`rows`, band indexes) and changed column (`cols`, offsets), all of the
 * block where one of the two is unknown.
 */
export function editedAreaWords(now: Rect, rows: readonly number[], cols: readonly number[], band: number): string {
  const firstRow = now.row + (rows.length ? rows[0] : 0) * band;
  const lastRow = rows.length ? Math.min(now.row + now.rows - 1, now.row + (rows[rows.length - 1] + 1) * band - 1) : now.row + now.rows - 1;
  const area: Rect = {
    row: firstRow,
    col: now.col + (cols.length ? cols[0] : 0),
    rows: lastRow - firstRow + 1,
    cols: cols.length ? cols[cols.length - 1] - cols[0] + 1 : now.cols,
  };
  // A record keeps a hash per band of rows and per column, not per cell: the user, sent to a range,
  // looks for an edit in every cell of it unless told the edit is in one of them.
  const where = toA1(area);
  const somewhere = area.rows * area.cols > 1 ? ` (somewhere in ${where}: edits are found to a group of rows, not to one cell)` : '';
  return `cells edited in ${where}, inside the report's block ${toA1(now)}${somewhere}`;
}
