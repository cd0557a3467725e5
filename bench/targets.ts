/**
 * The targets, checked against the measured numbers. A scenario that was not measured makes its
 * targets "not measurable", never met.
 */
import type { BigPullMetrics } from './scenarios/big-pull';
import type { FormulaMetrics } from './scenarios/formulas';
import { EXECUTION_BUDGET_SECONDS, type ScheduledMetrics } from './scenarios/scheduled';
import type { ScenarioResult } from './scenarios/types';
import type { ScenarioName, Scenarios, TargetResult, TargetStatus } from './results';

/** Apps Script's limits, in seconds. */
const CUSTOM_FUNCTION_LIMIT_S = 30;
const EXECUTION_LIMIT_S = 360;
/** "Room to spare": the pull may use at most half of one execution. */
const SPARE_FRACTION = 0.5;
/** "A handful" of writes: the block, its header, formats; not one per page. */
const HANDFUL = 10;
const CPU_PER_100K_ROWS_S = 3;
const MIN_ROUND_TRIP_RATIO = 8;

interface Check<M> {
  target: string;
  /** Reads only measured numbers; a missing one makes the target missed, "not recorded". */
  judge(m: M): { actual: string; ok: boolean };
}

function judge<M extends object>(scenario: ScenarioName, result: ScenarioResult<M>, checks: Array<Check<M>>): TargetResult[] {
  return checks.map(({ target, judge: check }) => {
    if (result.status !== 'measured') return { scenario, target, actual: result.reason ?? result.status, status: 'not measurable' as TargetStatus };
    let r: { actual: string; ok: boolean };
    try {
      r = check(result.metrics as M);
    } catch {
      r = { actual: 'not recorded', ok: false };
    }
    if (/undefined|NaN/.test(r.actual)) r = { actual: 'not recorded', ok: false };
    return { scenario, target, actual: r.actual, status: r.ok ? 'met' : 'missed' };
  });
}

const formulasCold: Array<Check<FormulaMetrics>> = [
  { target: 'tokenMints = 1', judge: (m) => ({ actual: `${m.tokenMints}`, ok: m.tokenMints === 1 }) },
  {
    target: 'fetches ≤ distinct requests + one date-bounds call per site',
    judge: (m) => ({ actual: `${m.fetches} ≤ ${m.distinctRequests} + ${m.sites}`, ok: m.fetches <= m.distinctRequests + m.sites }),
  },
  {
    target: `every formula within ${CUSTOM_FUNCTION_LIMIT_S} s, none erroring`,
    judge: (m) => ({
      actual: `longest ${m.longestFormulaSeconds} s, ${m.errors} errors`,
      ok: m.longestFormulaSeconds < CUSTOM_FUNCTION_LIMIT_S && m.errors === 0,
    }),
  },
];

const formulasWarm: Array<Check<FormulaMetrics>> = [{ target: 'fetches = 0', judge: (m) => ({ actual: `${m.fetches}`, ok: m.fetches === 0 }) }];

const bigPull: Array<Check<BigPullMetrics>> = [
  {
    target: `roundTrips at least ${MIN_ROUND_TRIP_RATIO}x fewer than the naive way`,
    judge: (m) => ({
      actual: `${m.sequentialRoundTrips} / ${m.roundTrips} = ${(m.sequentialRoundTrips / m.roundTrips).toFixed(1)}x`,
      ok: m.roundTrips * MIN_ROUND_TRIP_RATIO <= m.sequentialRoundTrips,
    }),
  },
  {
    target: `fits one 6-minute execution with room to spare (≤ ${EXECUTION_LIMIT_S * SPARE_FRACTION} s simulated)`,
    judge: (m) => ({ actual: `${m.simulatedSeconds} s`, ok: m.simulatedSeconds <= EXECUTION_LIMIT_S * SPARE_FRACTION }),
  },
  {
    target: `cpuSeconds < ${CPU_PER_100K_ROWS_S} for 100,000 rows (pro rata above)`,
    judge: (m) => {
      // 3 s is the budget for 100,000 rows: a smaller pull gets no less, a bigger one proportionally more.
      const limit = CPU_PER_100K_ROWS_S * Math.max(1, m.rows / 100_000);
      return {
        actual: `${m.cpuSeconds} s for ${m.rows.toLocaleString('en-US')} rows (limit ${limit.toFixed(1)} s; ${m.cpuSecondsPer100kRows} s per 100,000)`,
        ok: m.cpuSeconds < limit,
      };
    },
  },
  {
    target: `setValuesCalls a handful (≤ ${HANDFUL}), not one per page`,
    judge: (m) => ({ actual: `${m.setValuesCalls} for ${m.pages} pages`, ok: m.setValuesCalls <= HANDFUL }),
  },
];

const scheduledRefresh: Array<Check<ScheduledMetrics>> = [
  { target: 'every report refreshed', judge: (m) => ({ actual: `${m.reportsRefreshed} of ${m.reports}`, ok: m.reportsRefreshed === m.reports }) },
  { target: 'none ran twice', judge: (m) => ({ actual: `${m.ranTwice} twice`, ok: m.ranTwice === 0 }) },
  {
    target: `as few executions as the budget allows (total / ${EXECUTION_BUDGET_SECONDS} s)`,
    judge: (m) => ({ actual: `${m.executions} (fewest: ${m.minExecutions})`, ok: m.executions <= m.minExecutions }),
  },
];

export function evaluateTargets(s: Scenarios): TargetResult[] {
  return [
    ...judge('formulasCold', s.formulasCold, formulasCold),
    ...judge('formulasWarm', s.formulasWarm, formulasWarm),
    ...judge('bigPull', s.bigPull, bigPull),
    ...judge('scheduledRefresh', s.scheduledRefresh, scheduledRefresh),
  ];
}

export function summarize(targets: TargetResult[]): Record<TargetStatus, number> {
  const count = (status: TargetStatus) => targets.filter((t) => t.status === status).length;
  return { met: count('met'), missed: count('missed'), 'not measurable': count('not measurable') };
}
