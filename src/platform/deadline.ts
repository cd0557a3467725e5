import type { Execution, ExecutionKind } from './execution';

/**
 * Every execution knows when Google will end it, and a long job (a pull's writes, a BigQuery
 * load) checks before each step whether the step still fits, so it stops cleanly at a checkpoint
 * of its own instead of being killed midway by "Exceeded maximum execution time" (no finally runs
 * then, and nothing can say what happened).
 *
 *   const clock = stepClock(stopBy(execution));
 *   for (const chunk of chunks) {
 *     clock.before(chunk.rows, 2);   // throws TIME_BUDGET when this step (and its share of the
 *     clock.run(chunk.rows, () => write(chunk));  //   finish) would pass the stop time
 *   }
 *
 * The pace is learned from the steps already done (no constant about Google's speed lives here):
 * the first step always runs.
 */

/** Google's limits: a custom function 30 s, anything else 6 minutes. */
export const EXECUTION_LIMIT_MS: Record<ExecutionKind, number> = { formula: 30_000, sidebar: 360_000, trigger: 360_000, menu: 360_000 };

/** Kept free before the limit for what a stopped job still does (clean up, record, answer). */
export const STOP_RESERVE_MS: Record<ExecutionKind, number> = { formula: 5_000, sidebar: 20_000, trigger: 20_000, menu: 20_000 };

/** Epoch ms by which a job must have stopped in this execution. */
export function stopBy(execution: Pick<Execution, 'kind' | 'startedAt'>): number {
  return execution.startedAt + EXECUTION_LIMIT_MS[execution.kind] - STOP_RESERVE_MS[execution.kind];
}

/** Thrown at a checkpoint: the job stopped before the limit; `done` of its units were completed. */
export class OutOfTime extends Error {
  constructor(
    readonly done: number,
    readonly neededMs: number,
  ) {
    super(`Stopped after ${done} units: the next step (about ${Math.round(neededMs / 1000)} s) would pass the execution's time limit.`);
  }
}

export interface StepClock {
  /**
   * A checkpoint: throws OutOfTime when `units` more (times `factor`: work the step will cause
   * later, such as a commit copying what it writes) would pass the stop time at the pace so far.
   */
  before(units: number, factor?: number): void;
  /** Runs one step of `units` and learns the pace from it. */
  run<T>(units: number, step: () => T): T;
  /** Units done so far. */
  readonly done: number;
  /** Virtual or real ms per unit so far (0 before the first step). */
  readonly msPerUnit: number;
}

export function stepClock(stopAt: number, now: () => number): StepClock {
  let done = 0;
  let spent = 0;
  return {
    before(units, factor = 1) {
      if (done === 0) return;
      const needed = (spent / done) * units * factor;
      if (now() + needed > stopAt) throw new OutOfTime(done, needed);
    },
    run(units, step) {
      const started = now();
      const result = step();
      spent += Math.max(0, now() - started);
      done += units;
      return result;
    },
    get done() {
      return done;
    },
    get msPerUnit() {
      return done ? spent / done : 0;
    },
  };
}
