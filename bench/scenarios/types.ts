/** What every scenario hands back: its numbers, or why it could not be measured. */
export type ScenarioStatus = 'measured' | 'not-measurable' | 'failed';

export interface ScenarioResult<M extends object = Record<string, unknown>> {
  status: ScenarioStatus;
  /** Why not measured (a stub, an error); absent when measured. */
  reason?: string;
  /** Problems seen while measuring that do not void the numbers (e.g. a formula erroring). */
  notes?: string[];
  metrics: Partial<M>;
}

export function notMeasurable<M extends object>(reason: string, metrics: Partial<M> = {}): ScenarioResult<M> {
  return { status: 'not-measurable', reason, metrics };
}

export function failed<M extends object>(reason: string, metrics: Partial<M> = {}): ScenarioResult<M> {
  return { status: 'failed', reason, metrics };
}
