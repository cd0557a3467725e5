import type { Execution } from '../platform/execution';
import { myUserKey } from '../settings/user-key';
import type { StoredDefinition } from './report-store';
import { APPROVAL_PREFIX, isApprovalMessage } from '../shared/approval-words';

/**
 * Who saved or approved a report, without e-mail addresses (the platform may hide them): the
 * random user key of settings/user-key.ts, kept in each user's own properties. Editors can write document properties,
 * so a saved report runs with a person's credential only if that person saved it or approved it;
 * the label (an e-mail where the platform shows one) is only for telling people apart on screen.
 */
export interface Person {
  id: string;
  /** The e-mail where the platform shows it, else "". */
  label: string;
}

export function currentPerson(ex: Execution): Person {
  return { id: myUserKey(ex), label: ex.platform.userEmail() };
}

export function mayRun(def: StoredDefinition, person: Person): boolean {
  return def.by === person.id || (def.approvedBy ?? []).indexOf(person.id) >= 0;
}

/** "owner@example.com", or words that still say who is meant when the platform hides e-mails. */
export function personWords(label: string | undefined, fallback: string): string {
  return label ? label : fallback;
}

export { isApprovalMessage };

/** The sentence a report shows when its runner has not saved or approved it. */
export function approvalMessage(def: StoredDefinition, runner: Person, runnerWords: string): string {
  const who = personWords(runner.label, runnerWords);
  const creator = def.by ? personWords(def.byLabel, 'another editor') : 'an earlier version of the add-on';
  return `${APPROVAL_PREFIX}${who}: it was saved by ${creator}, and a saved report runs only with the credential of the person who saved or approved it. ${who === runnerWords ? 'Approve it' : `${who} can approve it`} in the sidebar (Saved reports > Approve).`;
}
