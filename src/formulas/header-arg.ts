import { CreatorError } from '../api/errors';

/** The header switch: TRUE by default; FALSE, 0, "false", "no", "off" leave the header row out. */
export function readHeader(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', 'yes', 'on', '1', ''].includes(text)) return true;
    if (['false', 'no', 'off', '0'].includes(text)) return false;
  }
  throw new CreatorError('BAD_INPUT', `The header switch "${String(value)}" must be TRUE or FALSE.`);
}
