import { deniedScope, permissionError } from '../platform/permissions';
import { SCOPES, type ScopeRow } from '../platform/scopes';
import type { Execution } from '../platform/execution';
import type { PropertyStore, TriggerInfo } from '../platform/types';
import type { ScheduleOwnerView } from '../shared/types';
import { SCHEDULE_HANDLER, SCHEDULE_OWNER_KEY } from './keys';
import { clearProblem, readProblem, registeredFor, registerTrigger, unregisterTriggers } from './trigger-registry';

/**
 * Who runs this document's schedules. An add-on may hold one time-driven trigger per user per
 * document, and a trigger runs as its creator, so exactly one user's hourly trigger serves all the
 * schedules; the document records whose it is. Nobody can see or delete another user's trigger:
 * a trigger that finds it is no longer the recorded one removes itself on its next run.
 *
 * "Mine" is decided by trigger IDs alone, never by e-mail: Google may withhold e-mails (the
 * `hiddenEmails` variant plays it), the userinfo.email scope notwithstanding. Each user's own properties record
 * which document each of their triggers serves (trigger-registry.ts), so their trigger is found
 * whether Google lists it for the document or only for the project.
 */
export interface ScheduleOwnerRecord {
  /** Shown when known; empty without the userinfo.email scope. Never used to decide anything. */
  email: string;
  triggerId: string;
  /** When this user took the schedules on. */
  since: number;
  /** The owner's trigger last ran (a heartbeat others can see). */
  lastRunAt: number | null;
}

/** ScheduleOwnerView plus optional extras (additive; the contract fields are unchanged). */
export interface ScheduleOwnerDetails extends ScheduleOwnerView {
  /** When the owner's trigger last ran, ISO; null if it has not run yet. */
  lastTriggerRunAt: string | null;
  /** Why the caller's trigger last failed to reach this spreadsheet; null when it did not fail. */
  problem: string | null;
}

export function readOwner(store: PropertyStore): ScheduleOwnerRecord | null {
  const json = store.getProperty(SCHEDULE_OWNER_KEY);
  if (!json) return null;
  try {
    const record = JSON.parse(json) as ScheduleOwnerRecord;
    return typeof record.triggerId === 'string' ? { ...record, lastRunAt: record.lastRunAt ?? null } : null;
  } catch (_) {
    return null;
  }
}

function writeOwner(store: PropertyStore, record: ScheduleOwnerRecord): void {
  try {
    store.setProperty(SCHEDULE_OWNER_KEY, JSON.stringify(record));
  } catch (_) {
    // A full document store (500 KB): the heartbeat is lost, the run itself must still happen.
  }
}

export function documentIdOf(ex: Execution): string {
  try {
    return ex.platform.spreadsheet()?.getId() ?? '';
  } catch (_) {
    return '';
  }
}

/** The caller's own properties, where their triggers are registered (null where unavailable). */
export function ownStore(ex: Execution): PropertyStore | null {
  try {
    return ex.platform.userProperties ?? null;
  } catch (_) {
    return null;
  }
}

/**
 * The caller's schedule triggers for this document: those Google lists for it, plus those of the
 * project's that the caller registered for it (an add-on's trigger may be listed only there).
 */
function myScheduleTriggers(ex: Execution): TriggerInfo[] {
  const ours = (t: TriggerInfo) => t.handler === SCHEDULE_HANDLER;
  const listed = ex.platform.triggers.list().filter(ours);
  const own = ownStore(ex);
  if (!own) return listed;
  let project: TriggerInfo[];
  try {
    project = ex.platform.triggers.listProject().filter(ours);
  } catch (_) {
    return listed;
  }
  const registered = registeredFor(own, documentIdOf(ex));
  const extra = project.filter((t) => registered.includes(t.id) && !listed.some((l) => l.id === t.id));
  return [...listed, ...extra];
}

const SCRIPTAPP = SCOPES.find((r) => r.key === 'script.scriptapp') as ScopeRow;

/** The caller's schedule triggers, or null when the user did not grant the trigger permission. */
function triggersIfAllowed(ex: Execution): TriggerInfo[] | null {
  try {
    return myScheduleTriggers(ex);
  } catch (error) {
    if (deniedScope(error)?.key === SCRIPTAPP.key) return null;
    throw error;
  }
}

function isMine(ex: Execution, owner: ScheduleOwnerRecord, mine: TriggerInfo[]): boolean {
  if (mine.some((t) => t.id === owner.triggerId)) return true;
  // A trigger of ours that Google removed is still ours to re-create.
  const own = ownStore(ex);
  return own !== null && registeredFor(own, documentIdOf(ex)).includes(owner.triggerId);
}

/** Removes the caller's schedule triggers except `keep`. */
function removeMine(ex: Execution, mine: TriggerInfo[], keep?: string): void {
  const gone = mine.filter((t) => t.id !== keep).map((t) => t.id);
  for (const id of gone) ex.platform.triggers.remove(id);
  const own = ownStore(ex);
  if (own) unregisterTriggers(own, gone);
}

function createTrigger(ex: Execution): string {
  const id = ex.platform.triggers.createHourly(SCHEDULE_HANDLER);
  const own = ownStore(ex);
  if (own) registerTrigger(own, id, documentIdOf(ex));
  return id;
}

/** Makes the caller the owner, with exactly one trigger of theirs (reused when they have one). */
function adopt(
  ex: Execution,
  store: PropertyStore,
  mine: TriggerInfo[],
  since: number,
  lastRunAt: number | null,
  prefer?: string,
): ScheduleOwnerRecord {
  const keep = mine.find((t) => t.id === prefer) ?? mine[0];
  removeMine(ex, mine, keep?.id);
  const triggerId = keep ? keep.id : createTrigger(ex);
  const record = { email: ex.platform.userEmail(), triggerId, since, lastRunAt };
  writeOwner(store, record);
  return record;
}

/**
 * Brings the trigger in line with the saved schedules, from the caller's side (a save, a delete,
 * a list): the owner's trigger is re-created if it vanished, a first schedule makes the caller
 * the owner, no schedule left removes the caller's trigger. Another user's trigger is left to
 * notice for itself.
 */
export function reconcileTrigger(ex: Execution, store: PropertyStore, anyScheduled: boolean): ScheduleOwnerRecord | null {
  const owner = readOwner(store);
  const mine = triggersIfAllowed(ex);
  // Without the trigger permission the definitions still save; ownerView says schedules cannot run.
  if (mine === null) return owner;
  if (!anyScheduled) {
    removeMine(ex, mine);
    if (owner && isMine(ex, owner, mine)) store.deleteProperty(SCHEDULE_OWNER_KEY);
    return owner && !isMine(ex, owner, mine) ? owner : null;
  }
  if (!owner) return adopt(ex, store, mine, ex.platform.now(), null);
  if (isMine(ex, owner, mine)) {
    if (mine.length === 1 && mine[0].id === owner.triggerId) return owner;
    return adopt(ex, store, mine, owner.since, owner.lastRunAt, owner.triggerId);
  }
  // Someone else runs the schedules: a leftover trigger of ours would only remove itself later.
  removeMine(ex, mine);
  return owner;
}

/** Take over: the caller's trigger replaces whoever ran the schedules. */
export function takeOver(ex: Execution, store: PropertyStore): ScheduleOwnerRecord {
  const mine = myScheduleTriggers(ex);
  removeMine(ex, mine);
  return adopt(ex, store, [], ex.platform.now(), null);
}

/**
 * The trigger's own check, before it does any work. Returns the owner record when this run should
 * refresh, or null after cleaning up (no schedule left, or this trigger was replaced).
 */
export function claimTriggerRun(
  ex: Execution,
  store: PropertyStore,
  anyScheduled: boolean,
  firingId: string | undefined,
): ScheduleOwnerRecord | null {
  const owner = readOwner(store);
  const mine = myScheduleTriggers(ex);
  if (!anyScheduled) {
    removeMine(ex, mine);
    if (owner && isMine(ex, owner, mine)) store.deleteProperty(SCHEDULE_OWNER_KEY);
    return null;
  }
  // It reached the document: an earlier run's "could not reach" no longer holds.
  const own = ownStore(ex);
  if (own) clearProblem(own, documentIdOf(ex));
  const now = ex.platform.now();
  if (!owner) return adopt(ex, store, mine, now, now, firingId);
  if (!isMine(ex, owner, mine)) {
    ex.platform.log("Creator Reporting: another user now runs this spreadsheet's schedules; removing this trigger.");
    removeMine(ex, mine);
    return null;
  }
  if (firingId && firingId !== owner.triggerId && mine.some((t) => t.id === owner.triggerId)) {
    // A duplicate of ours (e.g. created by a racing save): the recorded trigger does the work.
    ex.platform.triggers.remove(firingId);
    return null;
  }
  return adopt(ex, store, mine, owner.since, now, mine.some((t) => t.id === owner.triggerId) ? owner.triggerId : firingId);
}

export function ownerView(ex: Execution, owner: ScheduleOwnerRecord | null, anyScheduled: boolean): ScheduleOwnerDetails {
  const own = ownStore(ex);
  let problem = (own && readProblem(own, documentIdOf(ex))?.message) ?? null;
  const mine = anyScheduled ? triggersIfAllowed(ex) : [];
  if (mine === null) {
    problem = `Schedules cannot run: ${permissionError(SCRIPTAPP, ex.platform).message.replace(/^S/, 's')}`;
    return { active: false, ownerEmail: owner?.email ?? '', isMine: false, lastTriggerRunAt: null, problem, permissionMissing: true };
  }
  if (!owner || !anyScheduled) return { active: false, ownerEmail: '', isMine: false, lastTriggerRunAt: null, problem };
  const me = isMine(ex, owner, mine);
  return {
    problem,
    // Our own trigger we can check; another user's we can only trust from the record.
    active: me ? mine.some((t) => t.id === owner.triggerId) : true,
    ownerEmail: owner.email,
    isMine: me,
    lastTriggerRunAt: owner.lastRunAt === null ? null : new Date(owner.lastRunAt).toISOString(),
  };
}
