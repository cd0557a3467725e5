/**
 * How a backfill cuts a ledger into steps: whole days (a MERGE step replaces whole days of its
 * sites, and a sandbox step appends them), up to BACKFILL_STEP_ROWS rows a step (a few loads of at
 * most 9.5 MB), so each step ends well inside an execution.
 */
export const BACKFILL_STEP_ROWS = 50_000;

export interface StepWindow {
  from: string;
  to: string;
  /** Index in `days` of the step's last day. */
  last: number;
  rows: number;
}

/** The step that starts at days[first]. `perDay`: rows of each day. */
export function nextStep(days: readonly string[], perDay: ReadonlyMap<string, number>, first: number): StepWindow {
  let last = first;
  let rows = perDay.get(days[first]) ?? 0;
  while (last + 1 < days.length && rows + (perDay.get(days[last + 1]) ?? 0) <= BACKFILL_STEP_ROWS) {
    last++;
    rows += perDay.get(days[last]) ?? 0;
  }
  return { from: days[first], to: days[last], last, rows };
}
