import { isCreatorError, type CreatorError } from '../../../src/shared/errors';

/** The CreatorError `fn` throws; any other error is rethrown, and not throwing fails the test. */
export function caught(fn: () => unknown): CreatorError {
  try {
    fn();
  } catch (error) {
    if (isCreatorError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}
