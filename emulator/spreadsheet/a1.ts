/** A1 notation: parsing and formatting, with optional sheet prefixes ('My Sheet'!A1:B2). */

export interface A1Range {
  /** Sheet name when the text carried one. */
  sheet?: string;
  /** 1-based; open-ended ranges (A:C, 3:5) leave rows/columns undefined. */
  row?: number;
  col?: number;
  endRow?: number;
  endCol?: number;
}

export function columnToLetters(col: number): string {
  let out = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

export function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function cellA1(row: number, col: number): string {
  return columnToLetters(col) + row;
}

export function rangeA1(row: number, col: number, numRows: number, numCols: number): string {
  const start = cellA1(row, col);
  return numRows === 1 && numCols === 1 ? start : `${start}:${cellA1(row + numRows - 1, col + numCols - 1)}`;
}

/** Quotes a sheet name the way Sheets does when it is not a plain identifier. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !/^[A-Za-z]{1,3}[0-9]+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Splits "Sheet!A1" / "'It''s'!A1" into sheet name and the rest. */
export function splitSheetPrefix(text: string): { sheet?: string; ref: string } {
  const t = text.trim();
  if (t.startsWith("'")) {
    let i = 1;
    let name = '';
    while (i < t.length) {
      if (t[i] === "'") {
        if (t[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += t[i++];
    }
    if (t[i + 1] !== '!') throw new Error(`Range not found`);
    return { sheet: name, ref: t.slice(i + 2) };
  }
  const bang = t.lastIndexOf('!');
  return bang < 0 ? { ref: t } : { sheet: t.slice(0, bang), ref: t.slice(bang + 1) };
}

const PART = /^\$?([A-Za-z]{0,3})\$?([0-9]*)$/;

function parsePart(part: string): { row?: number; col?: number } | null {
  const m = PART.exec(part);
  if (!m || (!m[1] && !m[2])) return null;
  const col = m[1] ? lettersToColumn(m[1]) : undefined;
  const row = m[2] ? Number(m[2]) : undefined;
  if (row === 0) return null;
  return { row, col };
}

/** Parses A1 notation; returns null when the text is not a reference. */
export function parseA1(text: string): A1Range | null {
  let split: { sheet?: string; ref: string };
  try {
    split = splitSheetPrefix(text);
  } catch (_) {
    return null;
  }
  const [a, b, extra] = split.ref.split(':');
  if (extra !== undefined || !a) return null;
  const start = parsePart(a);
  if (!start) return null;
  const end = b === undefined ? start : parsePart(b);
  if (!end) return null;
  // A single part must be a full cell (A1); A:B and 3:5 need both parts of the same kind.
  if (b === undefined && (start.row === undefined || start.col === undefined)) return null;
  const range: A1Range = {
    row: start.row,
    col: start.col,
    endRow: end.row,
    endCol: end.col,
  };
  if (split.sheet !== undefined) range.sheet = split.sheet;
  if (range.row !== undefined && range.endRow !== undefined && range.endRow < range.row)
    [range.row, range.endRow] = [range.endRow, range.row];
  if (range.col !== undefined && range.endCol !== undefined && range.endCol < range.col)
    [range.col, range.endCol] = [range.endCol, range.col];
  return range;
}
