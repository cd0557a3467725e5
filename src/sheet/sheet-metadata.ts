import type { Sheet } from '../platform/types';

/**
 * The add-on keeps small JSON records on a sheet as developer metadata under a key of its own
 * (a block's record, a pending commit, a ledger's journal, a staging mark, kept statuses): they
 * move and die with the sheet and are invisible to the user. One key holds one value.
 */

/** The first entry under `key` that `accept` makes something of (given its stored text); null when none does. */
export function readMetadata<T>(sheet: Sheet, key: string, accept: (text: string) => T | null): T | null {
  for (const meta of sheet.getDeveloperMetadata()) {
    if (meta.getKey() !== key) continue;
    const found = accept(meta.getValue() ?? '');
    if (found !== null) return found;
  }
  return null;
}

/** Stored text as the JSON it should be; undefined when it is not (an entry another version wrote, or a user's). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (_) {
    return undefined;
  }
}

/** Removes every entry under `key` on the sheet; whether there was one. */
export function removeMetadata(sheet: Sheet, key: string): boolean {
  let found = false;
  for (const meta of sheet.getDeveloperMetadata()) {
    if (meta.getKey() !== key) continue;
    meta.remove();
    found = true;
  }
  return found;
}

/** Stores `value` as JSON under `key`, in place of whatever was there. */
export function putMetadata(sheet: Sheet, key: string, value: unknown): void {
  removeMetadata(sheet, key);
  sheet.addDeveloperMetadata(key, JSON.stringify(value));
}
