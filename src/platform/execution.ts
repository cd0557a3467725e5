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

const SECRETS = 'execution.secrets';

/**
 * Marks a value (a client secret, a Basic credential, a bearer token) that must never reach a log.
 * Kept per execution, so an unexpected error's stack can be logged with every secret this
 * execution has touched blanked out.
 */
export function rememberSecret(execution: Execution, value: string): void {
  if (!value) return;
  const known = (execution.memory.get(SECRETS) as Set<string> | undefined) ?? new Set<string>();
  known.add(value);
  execution.memory.set(SECRETS, known);
}

/** Every secret this execution has touched (for the provider-string check in api/secret-forms.ts). */
export function heldSecrets(execution: Execution): string[] {
  return Array.from((execution.memory.get(SECRETS) as Set<string> | undefined) ?? []);
}

/** The text with every remembered secret, and anything after "Bearer " or "Basic ", blanked. */
export function withoutSecrets(execution: Execution, text: string): string {
  let out = text;
  for (const secret of (execution.memory.get(SECRETS) as Set<string> | undefined) ?? []) out = out.split(secret).join('[secret]');
  return out.replace(/\b(Bearer|Basic)\s+[^\s"',;]+/gi, '$1 [secret]');
}
