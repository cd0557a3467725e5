import { CreatorError } from '../shared/errors';
import { describeInput, singleCell } from '../shared/user-input';

/** The header switch: TRUE by default; FALSE, 0, "false", "no", "off" leave the header row out. */
export function readHeader(given: unknown): boolean {
  const value = singleCell(given, 'header switch');
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', 'yes', 'on', '1', ''].includes(text)) return true;
    if (['false', 'no', 'off', '0'].includes(text)) return false;
  }
  throw new CreatorError('BAD_INPUT', `The header switch ${describeInput(value)} must be TRUE or FALSE.`);
}
