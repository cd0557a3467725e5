/**
 * scheduledRefresh: saved reports with the same daily schedule, all due at once. The clock moves
 * to the slot and the hourly trigger fires (each firing one execution) until every report has run,
 * then once more an hour later to show that nothing runs twice.
 */
import { simulatedSeconds } from '../model';
import { isStub, messageOf, type BenchWorld } from '../world';
import { agencySites } from './formulas';
import { failed, notMeasurable, type ScenarioResult } from './types';

const HOUR_MS = 3_600_000;
/** The schedule's hour in the spreadsheet's zone, and the instant the trigger first fires after it. */
export const SCHEDULE_HOUR = 6;
const FIRST_FIRE = Date.parse('2026-11-22T11:05:00Z'); // 06:05 in New York, the day after the worlds start
/** The platform's 6 minutes less the 30 s the add-on keeps for writing and recording. */
export const EXECUTION_BUDGET_SECONDS = 330;
const MAX_FIRES = 24;

const REPORTS: Array<{ report: string; start: string }> = [
  { report: 'earnings', start: 'lastThirtyDays' },
  { report: 'pages/performance', start: 'lastMonth' },
  { report: 'traffic/by-source', start: 'lastMonth' },
  { report: 'devices/performance', start: 'monthToDate' },
  { report: 'countries/performance', start: 'lastNinetyDays' },
];

export interface ScheduledMetrics {
  reports: number;
  reportsRefreshed: number;
  /** Trigger executions until every report had run (the check an hour later excluded). */
  executions: number;
  /** The fewest the budget allows: total simulated time over one execution's budget. */
  minExecutions: number;
  ranTwice: number;
  failedReports: number;
  fetches: number;
  roundTrips: number;
  setValuesCalls: number;
  readCalls: number;
  readCells: number;
  simulatedSeconds: number;
  longestExecutionSeconds: number;
}

interface Saved {
  id: string;
  status?: { lastRunAt?: string | null; outcome?: string; lastError?: string | null };
}

export function runScheduled(world: BenchWorld, opts: { reports: number }): ScenarioResult<ScheduledMetrics> {
  const { emu, model } = world;
  const sites = agencySites(10);
  try {
    world.connect('agency', false);
    for (let i = 0; i < opts.reports; i++) {
      const { report, start } = REPORTS[i % REPORTS.length];
      world.call('saveReport', [
        {
          name: `Report ${i + 1}`,
          report,
          siteId: sites[i % sites.length],
          start,
          sheetName: `Scheduled ${i + 1}`,
          schedule: { every: 'day', hour: SCHEDULE_HOUR },
        },
      ]);
    }
  } catch (error) {
    const m = messageOf(error);
    return isStub(m) ? notMeasurable(`saveReport: ${m}`) : failed(`saving the reports failed: ${m}`);
  }
  const trigger = emu.triggers.find((t) => t.handler === 'onScheduleTrigger');
  if (!trigger) return failed('saveReport with a schedule installed no onScheduleTrigger trigger');

  // The status as the sidebar shows it; a run is a change of lastRunAt.
  const statuses = (): Saved[] =>
    (world.call<{ reports: Saved[] }>('listReports', []).reports ?? []).map((r) => JSON.parse(JSON.stringify(r)) as Saved);
  const lastRun = new Map(statuses().map((r) => [r.id, r.status?.lastRunAt ?? null]));
  const runs = new Map<string, number>();
  let executions = 0;
  let totalMs = 0;
  let longestMs = 0;
  const totals = { fetches: 0, roundTrips: 0, setValuesCalls: 0, readCalls: 0, readCells: 0 };

  const fire = (): string | null => {
    world.resetCounts();
    const started = emu.clock.now();
    try {
      emu.fireTrigger(trigger.id);
    } catch (error) {
      return messageOf(error);
    }
    const c = emu.counters;
    const ms = simulatedSeconds(model, emu.clock.now() - started, c) * 1000;
    totalMs += ms;
    longestMs = Math.max(longestMs, ms);
    totals.fetches += c.requests;
    totals.roundTrips += c.roundTrips;
    totals.setValuesCalls += c.setValuesCalls;
    totals.readCalls += c.readCalls;
    totals.readCells += c.readCells;
    for (const r of statuses()) {
      const at = r.status?.lastRunAt ?? null;
      if (at !== lastRun.get(r.id)) runs.set(r.id, (runs.get(r.id) ?? 0) + 1);
      lastRun.set(r.id, at);
    }
    return null;
  };

  emu.clock.set(FIRST_FIRE);
  while (runs.size < opts.reports && executions < MAX_FIRES) {
    const problem = fire();
    executions++;
    if (problem) return isStub(problem) ? notMeasurable(`onScheduleTrigger: ${problem}`) : failed(`onScheduleTrigger failed: ${problem}`);
    emu.clock.set(FIRST_FIRE + executions * HOUR_MS);
  }
  // The check: an hour after the last run, the same slot must not run anything again.
  const afterCheck = fire();
  if (afterCheck) return failed(`onScheduleTrigger failed on the check run: ${afterCheck}`);

  const final = statuses();
  const metrics: ScheduledMetrics = {
    reports: opts.reports,
    reportsRefreshed: runs.size,
    executions,
    minExecutions: Math.max(1, Math.ceil(totalMs / 1000 / EXECUTION_BUDGET_SECONDS)),
    ranTwice: [...runs.values()].filter((n) => n > 1).length,
    failedReports: final.filter((r) => r.status?.outcome === 'error').length,
    ...totals,
    simulatedSeconds: Math.round(totalMs / 10) / 100,
    longestExecutionSeconds: Math.round(longestMs / 10) / 100,
  };
  const errors = final.filter((r) => r.status?.outcome === 'error').map((r) => r.status?.lastError);
  return { status: 'measured', metrics, notes: errors.length ? [`${errors.length} report(s) failed, e.g. ${errors[0]}`] : undefined };
}
