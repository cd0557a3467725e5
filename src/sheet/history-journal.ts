import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, markOwned, readOwned } from './block-ownership';
import type { Rect } from './rect';
import { putMetadata, removeMetadata } from './sheet-metadata';

/**
 * A history refresh changes the sheet in several calls (insert rows, write them, move the named
 * range, set the note), and Google may stop it between any two: its time limit, or a Sheets
 * service failure. Before the first change the upsert writes this journal (developer metadata on
 * the block's sheet: it moves and dies with the sheet, costs no document property, and the user
 * never sees it); the last step removes it. A journal still there means a write was interrupted:
 * the same run's error path, or else the next run, settles it before reading the block.
 *
 * Rows are kept relative to the block's header row, which the named range keeps up to date when
 * the user inserts rows above the block in the meantime.
 */
export interface HistoryJournal {
  /** Offsets from the header row of the whole sheet rows the write inserts, in the order made. */
  inserted: number[];
  /** The block's rows (header included) once the write is done, and its width. */
  rows: number;
  cols: number;
}

function journalKey(blockId: string): string {
  return `creator.history.journal.${blockRangeName(blockId)}`;
}

export function writeJournal(sheet: Sheet, blockId: string, journal: HistoryJournal): void {
  putMetadata(sheet, journalKey(blockId), journal);
}

export function dropJournal(sheet: Sheet, blockId: string): void {
  removeMetadata(sheet, journalKey(blockId));
}

function readJournal(sheet: Sheet, blockId: string): HistoryJournal | null {
  for (const meta of sheet.getDeveloperMetadata()) {
    if (meta.getKey() !== journalKey(blockId)) continue;
    try {
      const parsed = JSON.parse(meta.getValue() ?? '') as HistoryJournal;
      if (Array.isArray(parsed.inserted) && typeof parsed.rows === 'number' && typeof parsed.cols === 'number') return parsed;
    } catch (_) {
      // A damaged journal says nothing usable: the block is read as it stands.
    }
    return { inserted: [], rows: 0, cols: 0 };
  }
  return null;
}

/** Whether a row's cells from `col` on (`cols` of them; default to the last used column) are empty. */
function rowIsBlank(sheet: Sheet, row: number, col = 1, cols = Math.max(1, sheet.getLastColumn())): boolean {
  if (row < 1 || row > sheet.getMaxRows()) return false;
  const range = sheet.getRange(row, col, 1, cols);
  const formulas = range.getFormulas()[0];
  return range.getValues()[0].every((v, i) => (v === '' || v === null) && formulas[i] === '');
}

/**
 * Whether every row the write appended below the block holds something: the one setValues went
 * through. Its last row alone is not proof: a note typed below the ledger, where that row would
 * have gone, must not pull the blank rows above it into the ledger.
 */
function appendedRowsFilled(sheet: Sheet, top: number, from: number, journal: HistoryJournal, col: number): boolean {
  for (let offset = from; offset < journal.rows; offset++) if (rowIsBlank(sheet, top + offset, col, journal.cols)) return false;
  return true;
}

/**
 * Settles what an interrupted write left. Rows were written (the one setValues went through) when
 * every inserted row holds something and so does every row appended below the block: the write
 * is finished by moving the named range over its rows. Otherwise it is undone: each inserted row still blank
 * across the whole sheet is deleted (one the write never reached is a stored row, which is not
 * blank, and a row the user has typed into since is kept). The journal goes either way.
 */
export function settleInterruptedWrite(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string): void {
  const journal = readJournal(sheet, blockId);
  if (!journal) return;
  const owned = readOwned(spreadsheet, blockRangeName(blockId));
  if (owned && owned.sheet.getSheetId() === sheet.getSheetId() && journal.rows > 0) {
    const top = owned.rect.row;
    const blank = journal.inserted.filter((offset) => rowIsBlank(sheet, top + offset));
    if (blank.length) {
      for (const offset of [...blank].sort((a, b) => b - a)) sheet.deleteRow(top + offset);
    } else if (owned.rect.rows < journal.rows && appendedRowsFilled(sheet, top, owned.rect.rows, journal, owned.rect.col)) {
      const rect: Rect = { row: top, col: owned.rect.col, rows: journal.rows, cols: journal.cols };
      markOwned(spreadsheet, blockRangeName(blockId), sheet, rect);
    }
  }
  dropJournal(sheet, blockId);
}
