import type { Lock, Platform } from './types';

/**
 * Releases the document lock after applying this execution's pending sheet writes, as Google's
 * LockService guide advises: otherwise the next holder may read the sheet before our writes land.
 * A failed flush must not keep the lock held: it is released either way (the flush error is the
 * write's own, already reported by the code that wrote).
 */
export function flushAndRelease(platform: Pick<Platform, 'flush'>, lock: Lock): void {
  try {
    platform.flush();
  } catch (_) {
    // Released below regardless.
  } finally {
    lock.releaseLock();
  }
}
