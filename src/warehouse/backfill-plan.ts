/**
 * How a backfill cuts a ledger into steps: whole days (a sandbox partition load must carry its
 * whole day, and a MERGE step replaces whole days of its sites), up to BACKFILL_STEP_ROWS rows a
 * step (a few loads of at most 9.5 MB), and in the sandbox at most SANDBOX_STEP_DAYS days (each
 * day is a load job of its own there).
 */
export const BACKFILL_STEP_ROWS = 50_000;
export const SANDBOX_STEP_DAYS = 30;

export interface StepWindow {
  from: string;
  to: string;
  /** Index in `days` of the step's last day. */
  last: number;
  rows: number;
}

/** The step that starts at days[first]. `perDay`: rows of each day. */
export function nextStep(days: readonly string[], perDay: ReadonlyMap<string, number>, first: number, sandbox: boolean): StepWindow {
  let last = first;
  let rows = perDay.get(days[first]) ?? 0;
  const maxDays = sandbox ? SANDBOX_STEP_DAYS : Number.POSITIVE_INFINITY;
  while (last + 1 < days.length && last + 1 - first < maxDays && rows + (perDay.get(days[last + 1]) ?? 0) <= BACKFILL_STEP_ROWS) {
    last++;
    rows += perDay.get(days[last]) ?? 0;
  }
  return { from: days[first], to: days[last], last, rows };
}
