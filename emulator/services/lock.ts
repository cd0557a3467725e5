import type { EmulatorState } from '../state';
import { checkTimeLimit, isDetachedTriggerRun, maybeDenyInCustomFunction, userScope } from '../state';
import { strict } from '../strict';

export type LockScope = 'document' | 'script' | 'user';

/**
 * Lock state per scope. Node runs one execution at a time, so a lock is only ever "busy" when a
 * holder outlives its execution: a test's `hold()` ("another execution"), a Lock that was not
 * released, or the execution an alongside one (`callAlongside`) interrupted, which cannot go on
 * until that one ends. A wait on a busy lock can never succeed here, so it advances the virtual
 * clock by the whole timeout and fails, as a real wait against a long holder would.
 */
export interface LockTable {
  hold(scope: LockScope, user?: string): () => void;
  /** Whether anyone (an execution, a `hold`) holds that lock now: a test's probe, not an Apps Script call. */
  held(scope: LockScope, user?: string): boolean;
  service: GoogleAppsScript.Lock.LockService;
  /** End of an execution: Apps Script releases the locks it still holds. */
  releaseExecutionLocks(): void;
  /**
   * Starts an execution alongside the running one (which keeps its locks); the returned end
   * releases what this one still holds, and only that.
   */
  alongside(): () => void;
}

/** `onDocumentRelease` runs when a document lock is released (the emulator checks for unflushed writes). */
export function createLocks(state: EmulatorState, onDocumentRelease: () => void = () => undefined): LockTable {
  const holders = new Map<string, object>();
  const fromExecution = new Set<object>();

  const keyOf = (scope: LockScope, user?: string) => (scope === 'user' ? `user:${user ?? userScope(state)}` : scope);

  function newLock(key: string): GoogleAppsScript.Lock.Lock {
    const token = {};
    const acquire = (timeoutMs: number): boolean => {
      const holder = holders.get(key);
      if (holder === token) return true;
      if (holder === undefined) {
        holders.set(key, token);
        fromExecution.add(token);
        state.counters.lockAcquired++;
        return true;
      }
      state.clock.advance(Math.max(0, Number(timeoutMs) || 0));
      state.counters.lockTimeouts++;
      checkTimeLimit(state);
      return false;
    };
    const lock = {
      tryLock: (timeoutInMillis: number) => acquire(timeoutInMillis),
      waitLock(timeoutInMillis: number): void {
        if (!acquire(timeoutInMillis)) throw new Error('Lock timeout: another process was holding the lock for too long.');
      },
      releaseLock(): void {
        if (holders.get(key) === token) {
          if (key === 'document') onDocumentRelease();
          holders.delete(key);
        }
        fromExecution.delete(token);
      },
      hasLock: () => holders.get(key) === token,
    };
    return strict('Lock', lock) as unknown as GoogleAppsScript.Lock.Lock;
  }

  const service = {
    getDocumentLock: () => {
      maybeDenyInCustomFunction(state, 'documentLock', 'LockService.getDocumentLock');
      // Apps Script returns null where there is no containing document.
      return isDetachedTriggerRun(state) ? null : newLock(keyOf('document'));
    },
    getScriptLock: () => newLock(keyOf('script')),
    getUserLock: () => {
      maybeDenyInCustomFunction(state, 'userLock', 'LockService.getUserLock');
      return newLock(keyOf('user'));
    },
  };

  return {
    service: strict('LockService', service) as unknown as GoogleAppsScript.Lock.LockService,
    hold(scope, user) {
      const key = keyOf(scope, user ?? (scope === 'user' ? state.user : undefined));
      if (holders.has(key)) throw new Error(`locks.hold: the ${key} lock is already held`);
      const token = {};
      holders.set(key, token);
      return () => {
        if (holders.get(key) === token) holders.delete(key);
      };
    },
    held: (scope, user) => holders.has(keyOf(scope, user ?? (scope === 'user' ? state.user : undefined))),
    releaseExecutionLocks() {
      for (const [key, holder] of holders) if (fromExecution.has(holder)) holders.delete(key);
      fromExecution.clear();
    },
    alongside() {
      const before = new Set(fromExecution);
      return () => {
        for (const [key, holder] of holders) if (fromExecution.has(holder) && !before.has(holder)) holders.delete(key);
        for (const token of fromExecution) if (!before.has(token)) fromExecution.delete(token);
      };
    },
  };
}
