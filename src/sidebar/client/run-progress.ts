import type { RunProgress } from '../../shared/types';
import type { Rpc } from './rpc';

const POLL_MS = 1000;

/**
 * Polls getRunProgress once a second while a run goes on. Never more than one poll in flight, so
 * the page stays well under Apps Script's 10 concurrent calls even on a slow connection.
 */
export function pollProgress(rpc: Rpc, runId: string, onProgress: (progress: RunProgress) => void): () => void {
  let stopped = false;
  let inFlight = false;
  const timer = window.setInterval(() => {
    if (stopped || inFlight) return;
    inFlight = true;
    rpc('getRunProgress', runId)
      .then((progress) => {
        if (!stopped && progress && !progress.done) onProgress(progress);
      })
      .catch(() => {
        // A missed poll only delays the next message; the run's own result still arrives.
      })
      .finally(() => {
        inFlight = false;
      });
  }, POLL_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}

export function newRunId(): string {
  const bytes = new Uint8Array(9);
  (window.crypto ?? { getRandomValues: (a: Uint8Array) => a.map(() => Math.floor(Math.random() * 256)) }).getRandomValues(bytes);
  return `run-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
