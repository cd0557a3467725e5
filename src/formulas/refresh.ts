import { CreatorError } from '../shared/errors';
import { timeLeft, type Execution } from '../platform/execution';
import type { Spreadsheet } from '../platform/types';
import { bumpGeneration } from './generation';

type Range = GoogleAppsScript.Spreadsheet.Range;

/** A formula that calls one of ours anywhere in it (`=SUM(CREATOR_EARNINGS(...))` counts too). */
const OURS = /(^|[^A-Za-z0-9_.])CREATOR_[A-Z_]*\s*\(/i;

export function isCreatorFormula(formula: string): boolean {
  return formula.startsWith('=') && OURS.test(formula);
}

/**
 * What a cell shows between the placeholder and the restore. It carries the formula itself, so a
 * refresh cut short (the execution killed between the two writes) loses nothing: the text says
 * what to do, and the next refresh finds such cells and puts their formulas back.
 */
const PLACEHOLDER = 'Refreshing... (if this stays, use Extensions > Creator Reporting > Refresh formulas) ';

function formulaInPlaceholder(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(PLACEHOLDER)) return null;
  const formula = value.slice(PLACEHOLDER.length);
  return isCreatorFormula(formula) ? formula : null;
}

/**
 * At most this many formulas start recalculating at once: Sheets runs about 30 custom functions
 * at a time per user and fails the rest ("too many scripts running simultaneously"); the margin
 * leaves room for the user's other formulas.
 */
export const REFRESH_BATCH = 20;
/** Between two batches, so the previous one has begun before the next is let go. */
export const BATCH_PAUSE_MS = 2_000;
/** Left for restoring a batch that was under way when time ran short. */
const RESERVE_MS = 30_000;

interface FormulaCell {
  range: Range;
  formula: string;
}

function findFormulas(spreadsheet: Spreadsheet): FormulaCell[] {
  const cells: FormulaCell[] = [];
  for (const sheet of spreadsheet.getSheets()) {
    const range = sheet.getDataRange();
    const formulas = range.getFormulas();
    const values = range.getValues();
    formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        const found = formula ? (isCreatorFormula(formula) ? formula : null) : formulaInPlaceholder(values[r][c]);
        if (found) cells.push({ range: range.getCell(r + 1, c + 1), formula: found });
      }),
    );
  }
  return cells;
}

/**
 * One batch: every cell gets the placeholder, a flush makes Sheets see the formulas gone, then
 * each formula goes back exactly as it was and a second flush makes Sheets see it as new, so it
 * recalculates. (Re-entering the same text, or the text with a space toggled after `=`, may be
 * normalised away and never recalculate.) If anything fails midway the formulas go back first.
 */
function refreshBatch(execution: Execution, batch: FormulaCell[]): void {
  const { platform } = execution;
  let restored = false;
  try {
    for (const cell of batch) cell.range.setValue(PLACEHOLDER + cell.formula);
    platform.flush();
    for (const cell of batch) cell.range.setFormula(cell.formula);
    restored = true;
    platform.flush();
  } finally {
    if (!restored) {
      for (const cell of batch) {
        try {
          cell.range.setFormula(cell.formula);
        } catch (_) {
          // The placeholder still carries the formula; the next refresh restores it.
        }
      }
    }
  }
}

/**
 * Makes every formula in `cells` recalculate, in batches the platform can run at once; stops
 * (leaving the rest untouched) when time runs short. Returns how many were let go.
 */
function recalculateCells(execution: Execution, cells: FormulaCell[]): number {
  let done = 0;
  for (let i = 0; i < cells.length; i += REFRESH_BATCH) {
    if (i > 0) {
      // Out of time: the rest keep their formulas and values; say so rather than be killed midway.
      if (timeLeft(execution) < BATCH_PAUSE_MS + RESERVE_MS) break;
      execution.platform.sleep(BATCH_PAUSE_MS);
    }
    const batch = cells.slice(i, i + REFRESH_BATCH);
    refreshBatch(execution, batch);
    done += batch.length;
  }
  return done;
}

const plural = (n: number) => `${n} formula${n === 1 ? '' : 's'}`;

/**
 * Menu "Refresh formulas": bumps the cache generation so each formula fetches fresh data once,
 * then makes every CREATOR_ formula recalculate, in batches the platform can run at once.
 * Formulas are never changed: each goes back with its own text. Returns how many were refreshed.
 */
export function refreshFormulas(execution: Execution): number {
  const spreadsheet = execution.platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to refresh its formulas.');
  bumpGeneration(execution);
  const cells = findFormulas(spreadsheet);
  spreadsheet.toast(
    cells.length
      ? `Refreshing ${plural(cells.length)}, ${REFRESH_BATCH} at a time: each shows Loading... until its new data arrives.`
      : 'No Creator Reporting formulas in this spreadsheet.',
    'Creator Reporting',
  );
  const done = recalculateCells(execution, cells);
  if (done < cells.length) {
    spreadsheet.toast(
      `Refreshed ${plural(done)}; ${plural(cells.length - done)} did not fit in one run: use Refresh formulas again.`,
      'Creator Reporting',
    );
  }
  return done;
}

/**
 * After the owner allows formulas: every CREATOR_ formula runs again, so one that showed "formulas
 * are off" shows its data (Sheets would otherwise keep the error until an argument changes).
 * Cached responses stay valid, so nothing is fetched that a formula does not need.
 */
export function recalculateFormulas(execution: Execution): number {
  const spreadsheet = execution.platform.spreadsheet();
  if (!spreadsheet) return 0;
  return recalculateCells(execution, findFormulas(spreadsheet));
}
