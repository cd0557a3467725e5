/** The shape of bench-results.json. */
import type { BigPullMetrics } from './scenarios/big-pull';
import type { FormulaMetrics } from './scenarios/formulas';
import type { PullSizesMetrics } from './scenarios/pull-sizes';
import type { SavedReportsMetrics } from './scenarios/saved-reports';
import type { ScheduledMetrics } from './scenarios/scheduled';
import type { ScenarioResult } from './scenarios/types';
import type { LatencyModel } from './model';

export interface Scenarios {
  formulasCold: ScenarioResult<FormulaMetrics>;
  formulasWarm: ScenarioResult<FormulaMetrics>;
  bigPull: ScenarioResult<BigPullMetrics>;
  pullSizes: ScenarioResult<PullSizesMetrics>;
  savedReports: ScenarioResult<SavedReportsMetrics>;
  scheduledRefresh: ScenarioResult<ScheduledMetrics>;
}

export type ScenarioName = keyof Scenarios;
export const SCENARIO_NAMES: ScenarioName[] = ['formulasCold', 'formulasWarm', 'bigPull', 'pullSizes', 'savedReports', 'scheduledRefresh'];

export type TargetStatus = 'met' | 'missed' | 'not measurable';

export interface TargetResult {
  scenario: ScenarioName;
  /** What is promised, in words with the numbers filled in. */
  target: string;
  actual: string;
  status: TargetStatus;
}

export interface BenchResults {
  /** Tiny sizes (the smoke test); docs/performance.md is only written from a full run. */
  quick: boolean;
  model: LatencyModel & { description: string };
  environment: { node: string; platform: string; cpus: number };
  scenarios: Scenarios;
  targets: TargetResult[];
  summary: Record<TargetStatus, number>;
  wallSeconds: number;
}
