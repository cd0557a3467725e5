import type { ExecutionKind } from '../platform/execution';

/**
 * The "what to do" half of time-related messages. A formula has 30 s and can escape to the
 * sidebar; a sidebar pull or a schedule has 6 min and can only be made smaller.
 */
export function whereLabel(kind: ExecutionKind): string {
  return kind === 'formula' ? 'one formula (30 s)' : 'one run (6 min)';
}

export function makeItSmaller(kind: ExecutionKind): string {
  return kind === 'formula'
    ? 'Add a limit, or pull it from the sidebar (Extensions > Creator Reporting > Open sidebar).'
    : 'Use a smaller date range or a limit.';
}

export function tryAgainLater(kind: ExecutionKind): string {
  return kind === 'formula' ? 'Try again in a minute, or pull the report from the sidebar, which has more time.' : 'Try again in a minute.';
}
