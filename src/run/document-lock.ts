import { CreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { Lock } from '../platform/types';

/**
 * Two writers of one document (two editors, a click and the trigger) must not interleave their
 * blocks or status rows. Long enough to ride out another block's write; a wait never succeeds
 * against a whole refresh, which then reads as busy.
 */
const WAIT_MS = 30_000;

export const BUSY_MESSAGE = 'Another report is being written to this spreadsheet. Try again in a minute.';

/** Where the execution keeps the document lock it holds (Execution.memory is per execution). */
const HELD = 'run.documentLock';

/**
 * Runs `work` holding the document lock, taken once per execution: a section nested in a locked
 * one (a saved report's block write inside the refresh of all of them) re-enters through the
 * execution, as apps-script-oauth2 does with `hasLock()`, instead of asking for a second Lock,
 * which would be another holder and wait on itself. `{ ran: false }` when another execution has it.
 */
export function tryWithDocumentLock<T>(ex: Execution, work: () => T): { ran: true; value: T } | { ran: false } {
  const held = ex.memory.get(HELD) as Lock | undefined;
  if (held?.hasLock()) return { ran: true, value: work() };
  const lock = ex.platform.documentLock();
  // No document lock outside a container; there is then no other writer to fear.
  if (!lock) return { ran: true, value: work() };
  if (!lock.tryLock(WAIT_MS)) return { ran: false };
  ex.memory.set(HELD, lock);
  try {
    return { ran: true, value: work() };
  } finally {
    ex.memory.delete(HELD);
    lock.releaseLock();
  }
}

export function withDocumentLock<T>(ex: Execution, work: () => T): T {
  const result = tryWithDocumentLock(ex, work);
  if (!result.ran) throw new CreatorError('BUSY', BUSY_MESSAGE);
  return result.value;
}
