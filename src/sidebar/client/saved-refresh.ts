import type { RefreshOutcome } from '../../shared/types';
import { isApprovalMessage } from '../../shared/approval-words';
import { chainCalls } from './chained-calls';
import type { Rpc } from './rpc';

const STALLED =
  'A report stopped getting further between runs; its previous data is unchanged. Refresh it again, or give it a row limit or a shorter date range.';

/** Reports the next call takes up: those that stopped with rows staged, and those the time left out. */
function goingOn(outcomes: RefreshOutcome[]): string[] {
  return outcomes.filter((o) => o.continuing || (o.outcome === 'skipped' && !isApprovalMessage(o.message))).map((o) => o.id);
}

/**
 * Refresh and Refresh all: a report too big for one execution stops with its rows staged and
 * says "continuing"; the page calls again at once for it (and for the reports the time left out)
 * until none is continuing. Each report's last outcome is the one told. Closed midway, a
 * scheduled report goes on at the next hourly run.
 */
export function refreshUntilDone(run: Rpc, ids: string[] | undefined, say: (text: string) => void): Promise<RefreshOutcome[]> {
  const last = new Map<string, RefreshOutcome>();
  const merged = (): RefreshOutcome[] => Array.from(last.values());
  // How far the chain got: each report's rows staged, one more once committed (a last call may
  // only commit what was staged). It grows with every call that does anything.
  const got = new Map<string, number>();
  const progress = (): number => {
    for (const o of last.values()) {
      const now = o.continuing ? (o.rows ?? 0) : o.outcome === 'ok' ? (o.rows ?? 0) + 1 : 0;
      got.set(o.id, Math.max(got.get(o.id) ?? 0, now));
    }
    return Array.from(got.values()).reduce((a, b) => a + b, 0);
  };
  return chainCalls<RefreshOutcome[], RefreshOutcome[]>(
    (previous) =>
      run('refreshReports', previous ? goingOn(previous) : ids).then((outcomes) => {
        for (const o of outcomes) last.set(o.id, o);
        return outcomes;
      }),
    {
      done: (outcomes): outcomes is RefreshOutcome[] => !outcomes.some((o) => o.continuing),
      rows: progress,
      onContinuing: (outcomes) =>
        say(
          outcomes
            .filter((o) => o.continuing)
            .map((o) => `Refreshing ${o.name}: ${o.message ?? ''}`)
            .join('\n'),
        ),
      stalled: STALLED,
    },
  ).then(merged);
}
