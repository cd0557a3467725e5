/**
 * The latency model: what a user would wait for in Sheets, computed from what the emulator
 * counted. Network time is on the emulator's virtual clock (it advances by `latencyMs` per round
 * trip, a fetchAll batch being one); sheet writes are not, so their cost is added afterwards
 * from the setValues counters. Numbers are stated here once and printed with every result.
 */
export interface LatencyModel {
  /** Virtual ms per HTTP round trip (one fetch, or one whole fetchAll batch). */
  latencyMs: number;
  /** Virtual ms per Range.setValues / setValue call. */
  setValuesCallMs: number;
  /** Virtual ms per cell written. */
  cellMs: number;
}

export const DEFAULT_MODEL: LatencyModel = { latencyMs: 200, setValuesCallMs: 50, cellMs: 0.01 };

export interface WriteCounts {
  setValuesCalls: number;
  setValuesCells: number;
}

export function writeCostMs(model: LatencyModel, w: WriteCounts): number {
  return w.setValuesCalls * model.setValuesCallMs + w.setValuesCells * model.cellMs;
}

/** Network time (clock delta) plus the write cost, in seconds. */
export function simulatedSeconds(model: LatencyModel, clockMs: number, w: WriteCounts): number {
  return round((clockMs + writeCostMs(model, w)) / 1000, 2);
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function describeModel(model: LatencyModel): string {
  return `${model.latencyMs} ms per round trip; ${model.setValuesCallMs} ms per setValues call + ${model.cellMs} ms per cell`;
}
