import type { Counters } from './counters';
import type { Clock } from './clock';
import type { DeniableService, PlatformVariants } from './variants';

/**
 * 'customFunction' is a formula cell's execution: read-only sheet, owner's user stores, fewer
 * services. 'limited' is AuthMode.LIMITED (an onOpen once the add-on is used in the document): no
 * service that needs the user's authorisation (emulator/scopes.ts).
 */
export type Mode = 'full' | 'customFunction' | 'limited';

/**
 * What every emulated service reads at call time. Services never capture the user or mode when
 * they are created, so one set of globals serves every user and mode (and a vm context can keep
 * them while tests switch users).
 */
export interface EmulatorState {
  clock: Clock;
  counters: Counters;
  /** users[0]: owns the spreadsheet; custom functions use the owner's user stores. */
  owner: string;
  user: string;
  mode: Mode;
  timeZone: string;
  logs: string[];
  latencyMs: number;
  distDir: string;
  documentId: string;
  variants: PlatformVariants;
  /** Scopes each user granted (keys after .../auth/); a user not listed granted every one. */
  grants?: Record<string, string[]>;
  /** The formula cell whose custom function is running (recalculate), for getActiveRange. */
  callingCell?: { sheet: string; row: number; col: number };
  /** Inside fireTrigger. */
  inTriggerRun?: boolean;
  /** Virtual start of the outermost runAs (an execution); undefined outside one. */
  executionStartedAt?: number;
  /** Set by loadBundle: lets an HtmlService template call the script's own include(). */
  callScript?: (name: string, ...args: unknown[]) => unknown;
  hasScriptFunction?: (name: string) => boolean;
  /**
   * Called where an execution waits on Google's servers (each UrlFetchApp round trip, CacheService
   * write and Utilities.sleep). Google runs other executions meanwhile; a playground answers its
   * page's concurrent calls here (`callAlongside`).
   */
  onWait?: () => void;
  /** Faults a test switches on: the next this many cache writes throw a server error. */
  cachePutErrors?: number;
  /** A fault: the day's UrlFetchApp quota is spent, so every fetch throws Google's quota error. */
  urlFetchQuotaSpent?: boolean;
}

/** Whose user-scoped store (properties, cache, lock) the current execution sees. */
export function userScope(state: EmulatorState): string {
  return state.mode === 'customFunction' ? state.owner : state.user;
}

/** Services a custom function may not touch throw the way Apps Script words it. */
export function denyInCustomFunction(state: EmulatorState, what: string): void {
  if (state.mode === 'customFunction') throw new Error(`You do not have permission to call ${what}`);
}

/** The unconfirmed ones: denied only when the variant says so. */
export function maybeDenyInCustomFunction(state: EmulatorState, service: DeniableService, what: string): void {
  if (state.variants.deniedInCustomFunctions.includes(service)) denyInCustomFunction(state, what);
}

/** A trigger run in the `detached` variant: it sees no spreadsheet, document properties or lock. */
export function isDetachedTriggerRun(state: EmulatorState): boolean {
  return state.inTriggerRun === true && state.variants.triggerRun === 'detached';
}

/** A trigger run to which getActiveSpreadsheet() gives null (detached, or without the spreadsheet only). */
export function triggerRunSeesNoSpreadsheet(state: EmulatorState): boolean {
  return state.inTriggerRun === true && state.variants.triggerRun !== 'document';
}

/** Apps Script's wall-clock limits: a custom function and a simple trigger (LIMITED) 30 s, anything else 6 min. */
export const EXECUTION_LIMIT_MS: Record<Mode, number> = { full: 360_000, customFunction: 30_000, limited: 30_000 };

/**
 * Called where virtual time passes (sleep, round trips, lock waits): Google kills an execution
 * that runs past its limit, so an add-on that misjudges its time budget fails here too.
 */
export function checkTimeLimit(state: EmulatorState): void {
  if (state.executionStartedAt === undefined) return;
  if (state.clock.now() - state.executionStartedAt > EXECUTION_LIMIT_MS[state.mode]) {
    throw new Error('Exceeded maximum execution time');
  }
}
