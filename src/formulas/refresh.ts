import { CreatorError } from '../api/errors';
import type { Execution } from '../platform/execution';

// STUB: replaced by the formulas work (issue 4).
export function refreshFormulas(_ex: Execution): void {
  throw new CreatorError('INTERNAL', 'Not built yet.');
}
