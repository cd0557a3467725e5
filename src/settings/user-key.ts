import type { Execution } from '../platform/execution';

/**
 * Who made something stored in the document (an alert), without relying on e-mail addresses,
 * which Apps Script may hide. The key lives in the user's own properties, which no other user can
 * read or write, so a definition's creator can be recognised later only by that same user.
 */
const USER_KEY = 'creator.userKey';

export function myUserKey(ex: Execution): string {
  const store = ex.platform.userProperties;
  const known = store.getProperty(USER_KEY);
  if (known) return known;
  // Unguessable enough to tell users apart; derived from nothing secret.
  const seed = `${ex.platform.now()}|${ex.platform.userEmail()}|${Math.random()}`;
  const key = `u${ex.platform.sha256Hex(seed).slice(0, 24)}`;
  store.setProperty(USER_KEY, key);
  return key;
}
