import { CreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import { bumpGeneration } from './generation';

/** A formula that calls one of ours anywhere in it (`=SUM(CREATOR_EARNINGS(...))` counts too). */
const OURS = /(^|[^A-Za-z0-9_.])CREATOR_[A-Z_]*\s*\(/i;

export function isCreatorFormula(formula: string): boolean {
  return formula.startsWith('=') && OURS.test(formula);
}

/**
 * The formula with the space after `=` toggled: the same formula, but a different text. Whether
 * Sheets re-runs a custom function when exactly the same text is entered again is not confirmed;
 * a changed text always makes it recalculate.
 */
function reenteredText(formula: string): string {
  return formula.startsWith('= ') ? '=' + formula.slice(2) : '= ' + formula.slice(1);
}

/**
 * Menu "Refresh formulas": bumps the cache generation so each formula fetches fresh data once,
 * then re-enters every CREATOR_ formula (see reenteredText) so Sheets runs it again. Cells are never
 * cleared first: Sheets keeps showing the old value until the new one arrives, and a failed fetch
 * leaves the old value's error in place of nothing. Returns how many formulas were re-entered.
 */
export function refreshFormulas(execution: Execution): number {
  const spreadsheet = execution.platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to refresh its formulas.');
  bumpGeneration(execution);
  const cells = creatorFormulaCells(spreadsheet);
  spreadsheet.toast(
    cells.length
      ? `Refreshing ${cells.length} formula${cells.length === 1 ? '' : 's'}: each shows its old value until the new one arrives.`
      : 'No Creator Reporting formulas in this spreadsheet.',
    'Creator Reporting',
  );
  for (const cell of cells) cell.range.setFormula(reenteredText(cell.formula));
  return cells.length;
}

/**
 * After the owner allows formulas: every CREATOR_ formula runs again, so one that showed "formulas
 * are off" shows its data (Sheets would otherwise keep the error until an argument changes).
 * Cached responses stay valid, so nothing is fetched that a formula does not need.
 */
export function recalculateFormulas(execution: Execution): number {
  const spreadsheet = execution.platform.spreadsheet();
  if (!spreadsheet) return 0;
  const cells = creatorFormulaCells(spreadsheet);
  for (const cell of cells) cell.range.setFormula(reenteredText(cell.formula));
  return cells.length;
}

function creatorFormulaCells(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Array<{ range: GoogleAppsScript.Spreadsheet.Range; formula: string }> {
  const cells: Array<{ range: GoogleAppsScript.Spreadsheet.Range; formula: string }> = [];
  for (const sheet of spreadsheet.getSheets()) {
    const range = sheet.getDataRange();
    const formulas = range.getFormulas();
    formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (formula && isCreatorFormula(formula)) cells.push({ range: range.getCell(r + 1, c + 1), formula });
      }),
    );
  }
  return cells;
}
