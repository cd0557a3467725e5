import type { PropertyStore } from '../platform/types';

/**
 * The caller's own record (in their user properties) of which document each of their schedule
 * triggers serves, and of trigger runs that could not reach their document. It exists because
 * Google's answers are unconfirmed: whether ScriptApp.getUserTriggers(spreadsheet) lists an
 * add-on's time-driven trigger (or only getProjectTriggers does), and whether a trigger run sees
 * its spreadsheet at all. With it, "is this trigger mine, for this document" never needs an
 * e-mail address (Google may withhold it, even with the userinfo.email scope).
 */
const REGISTRY_KEY = 'cr.schedule.triggers';
const PROBLEM_PREFIX = 'cr.schedule.problem.';
/** A run that knows neither its trigger nor its document files its problem here; any open shows it. */
export const UNKNOWN_DOCUMENT = 'unknown';

export interface TriggerProblem {
  message: string;
  /** Epoch ms of the failed run. */
  at: number;
}

function readRegistry(store: PropertyStore): Record<string, string> {
  try {
    const parsed = JSON.parse(store.getProperty(REGISTRY_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch (_) {
    return {};
  }
}

function writeRegistry(store: PropertyStore, registry: Record<string, string>): void {
  if (Object.keys(registry).length) store.setProperty(REGISTRY_KEY, JSON.stringify(registry));
  else store.deleteProperty(REGISTRY_KEY);
}

export function registerTrigger(store: PropertyStore, triggerId: string, documentId: string): void {
  writeRegistry(store, { ...readRegistry(store), [triggerId]: documentId });
}

export function unregisterTriggers(store: PropertyStore, triggerIds: string[]): void {
  const registry = readRegistry(store);
  let changed = false;
  for (const id of triggerIds) {
    if (id in registry) {
      delete registry[id];
      changed = true;
    }
  }
  if (changed) writeRegistry(store, registry);
}

export function registeredFor(store: PropertyStore, documentId: string): string[] {
  return Object.entries(readRegistry(store))
    .filter(([, doc]) => doc === documentId)
    .map(([id]) => id);
}

export function documentOfTrigger(store: PropertyStore, triggerId: string): string | null {
  return readRegistry(store)[triggerId] ?? null;
}

export function recordProblem(store: PropertyStore, documentId: string, problem: TriggerProblem): void {
  store.setProperty(PROBLEM_PREFIX + documentId, JSON.stringify(problem));
}

/** This document's problem, or one no document could be named for. */
export function readProblem(store: PropertyStore, documentId: string): TriggerProblem | null {
  for (const key of [PROBLEM_PREFIX + documentId, PROBLEM_PREFIX + UNKNOWN_DOCUMENT]) {
    try {
      const parsed = JSON.parse(store.getProperty(key) ?? 'null') as TriggerProblem | null;
      if (parsed && typeof parsed.message === 'string') return parsed;
    } catch (_) {
      // Unreadable: as if none.
    }
  }
  return null;
}

export function clearProblem(store: PropertyStore, documentId: string): void {
  store.deleteProperty(PROBLEM_PREFIX + documentId);
  store.deleteProperty(PROBLEM_PREFIX + UNKNOWN_DOCUMENT);
}
