import type { Execution } from '../platform/execution';
import type { AlertState, StoredAlert } from './alert-store';

/**
 * Whether an alert's maker still has access to the spreadsheet: only then is the alert theirs
 * alone to change. Decided by e-mail address against the spreadsheet's owner and editors, and only
 * when every address is known: Google may hide addresses (no userinfo.email scope) or refuse the
 * list, and an alert must never be removable by others merely because nobody could tell.
 */
export interface Access {
  /** False when the editors could not all be read: then every maker counts as still there. */
  known: boolean;
  emails: Set<string>;
}

export function readAccess(ex: Execution): Access {
  try {
    const spreadsheet = ex.platform.spreadsheet();
    if (!spreadsheet) return { known: false, emails: new Set() };
    const owner = spreadsheet.getOwner();
    const emails = [...(owner ? [owner.getEmail()] : []), ...spreadsheet.getEditors().map((u) => u.getEmail())];
    if (emails.length === 0 || emails.some((e) => typeof e !== 'string' || e === '')) return { known: false, emails: new Set() };
    return { known: true, emails: new Set(emails.map((e) => e.toLowerCase())) };
  } catch (_) {
    return { known: false, emails: new Set() };
  }
}

/**
 * The editors list names people given access one by one; someone who edits through the link
 * ("Anyone with the link can edit") or a group is not on it, and reading the link's sharing needs
 * a Drive scope the add-on does not ask for. Only the maker's own runs check an alert, so a check
 * (or an e-mail) within this long says the maker still has access, listed or not. A month and a
 * day: the longest a monthly schedule leaves between two checks.
 */
export const MAKER_QUIET_MS = 32 * 86_400_000;

/** The maker has lost access: not among the listed editors, and no run of theirs has checked the alert lately. */
export function makerIsGone(alert: StoredAlert, access: Access, state: AlertState, now: number): boolean {
  if (!access.known || alert.createdByEmail === '' || access.emails.has(alert.createdByEmail.toLowerCase())) return false;
  const seen = [state.lastCheckedAt, state.lastFiredAt, state.sendingAt].filter((t): t is number => typeof t === 'number');
  return seen.every((t) => now - t > MAKER_QUIET_MS);
}
