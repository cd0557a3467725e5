import { CreatorError } from '../api/errors';
import type { Execution } from '../platform/execution';
import { bumpGeneration } from './generation';

/** A formula that calls one of ours anywhere in it (`=SUM(CREATOR_EARNINGS(...))` counts too). */
const OURS = /(^|[^A-Za-z0-9_.])CREATOR_[A-Z_]*\s*\(/i;

export function isCreatorFormula(formula: string): boolean {
  return formula.startsWith('=') && OURS.test(formula);
}

/**
 * Menu "Refresh formulas": bumps the cache generation so each formula fetches fresh data once,
 * then re-enters every CREATOR_ formula with its own text so Sheets runs it again. Cells are never
 * cleared first: Sheets keeps showing the old value until the new one arrives, and a failed fetch
 * leaves the old value's error in place of nothing. Returns how many formulas were re-entered.
 */
export function refreshFormulas(execution: Execution): number {
  const spreadsheet = execution.platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('INTERNAL', 'Open a spreadsheet to refresh its formulas.');
  bumpGeneration(execution);

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

  spreadsheet.toast(
    cells.length
      ? `Refreshing ${cells.length} formula${cells.length === 1 ? '' : 's'}: each shows its old value until the new one arrives.`
      : 'No Creator Reporting formulas in this spreadsheet.',
    'Creator Reporting',
  );
  for (const cell of cells) cell.range.setFormula(cell.formula);
  return cells.length;
}
