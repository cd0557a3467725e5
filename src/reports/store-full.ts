import { CreatorError, isCreatorError } from '../shared/errors';

/**
 * Document properties hold 500 KB in all. A full store refuses a write with a quota error that
 * would otherwise surface as "Something unexpected went wrong". Saved reports and alerts share the
 * store, so both say the same: what was not saved and what to delete.
 */
export function storeFullMessage(notSaved: string, toDelete: string): string {
  return `This spreadsheet's add-on storage is full (Google allows 500 KB per document), so ${notSaved}. ${toDelete}`;
}

export function storing<T>(write: () => T, notSaved: string, toDelete: string): T {
  try {
    return write();
  } catch (error) {
    if (isCreatorError(error)) throw error;
    throw new CreatorError('TOO_LARGE', storeFullMessage(notSaved, toDelete));
  }
}
