import type { Platform } from './types';

/**
 * One server execution (a formula cell, a sidebar call, a trigger run). Everything kept in memory
 * lives here, never at module level: Apps Script starts each execution with fresh globals, and the
 * emulator reuses a context across calls, so module state would hide cross-execution bugs.
 */
export type ExecutionKind = 'formula' | 'sidebar' | 'trigger' | 'menu';

/** Platform limits less a margin for writing results and returning. */
const BUDGET_MS: Record<ExecutionKind, number> = {
  formula: 30_000 - 5_000,
  sidebar: 360_000 - 30_000,
  trigger: 360_000 - 30_000,
  menu: 360_000 - 30_000,
};

export interface Execution {
  platform: Platform;
  kind: ExecutionKind;
  startedAt: number;
  /** Epoch ms by which all network work must be finished. */
  deadline: number;
  /** Per-execution memory (tokens, date bounds) shared by the modules of this call. */
  memory: Map<string, unknown>;
}

export function startExecution(platform: Platform, kind: ExecutionKind): Execution {
  const startedAt = platform.now();
  return { platform, kind, startedAt, deadline: startedAt + BUDGET_MS[kind], memory: new Map() };
}

export function timeLeft(execution: Execution): number {
  return execution.deadline - execution.platform.now();
}
