import { CreatorError } from '../api/errors';
import type { Execution } from '../platform/execution';

// STUB: replaced by the formulas work (issue 4). Signatures are fixed by src/Code.ts.
export interface FormulaArgs {
  siteId?: unknown;
  start?: unknown;
  end?: unknown;
  limit?: unknown;
  sort?: unknown;
  header?: unknown;
}

export function runFormula(_ex: Execution, _report: string, _args: FormulaArgs): unknown[][] {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}

export function runReportFormula(
  _ex: Execution,
  _report: unknown,
  _siteId: unknown,
  _start: unknown,
  _end: unknown,
  _options: unknown,
): unknown[][] {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}
