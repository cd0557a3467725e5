import type { Execution } from '../platform/execution';
import type { StoredAlert } from './alert-store';

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

export function makerIsGone(alert: StoredAlert, access: Access): boolean {
  return access.known && alert.createdByEmail !== '' && !access.emails.has(alert.createdByEmail.toLowerCase());
}
