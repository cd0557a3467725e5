import { CreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { Lock, Platform } from '../platform/types';

const BUSY_MESSAGE = 'Another refresh of this spreadsheet is running; try again in a minute.';

/** Long enough to ride out a status write, short enough that a click gets a quick answer. */
const WAIT_MS = 5_000;

/** What code nested in a locked section gets: the lock is already ours for the whole section. */
const ALREADY_HELD: Lock = {
  tryLock: () => true,
  waitLock: () => undefined,
  releaseLock: () => undefined,
  hasLock: () => true,
};

/**
 * The same execution, but its document lock is the one this section already holds. The writer
 * (runReportToSheet) takes the document lock around each block; without this it would wait on our
 * own lock (a new Lock object is a different holder) or, on release, free it between two reports
 * and let another refresh slip in. Prototype delegation keeps the platform's lazy getters lazy.
 */
function underHeldLock(ex: Execution): Execution {
  const platform = Object.create(ex.platform, { documentLock: { value: () => ALREADY_HELD } }) as Platform;
  return { ...ex, platform };
}

/**
 * Runs `work` holding the document lock, so two refreshes of one spreadsheet (two editors, a
 * click and the trigger) never interleave their writes. `{ ran: false }` when the lock is busy.
 */
export function tryWithDocumentLock<T>(ex: Execution, work: (locked: Execution) => T): { ran: true; value: T } | { ran: false } {
  const lock = ex.platform.documentLock();
  // No document lock outside a container; there is then no other writer to fear.
  if (!lock) return { ran: true, value: work(ex) };
  if (!lock.tryLock(WAIT_MS)) return { ran: false };
  try {
    return { ran: true, value: work(underHeldLock(ex)) };
  } finally {
    lock.releaseLock();
  }
}

export function withDocumentLock<T>(ex: Execution, work: (locked: Execution) => T): T {
  const result = tryWithDocumentLock(ex, work);
  if (!result.ran) throw new CreatorError('BUSY', BUSY_MESSAGE);
  return result.value;
}
