import { CreatorError } from '../shared/errors';
import { describeInput } from '../shared/user-input';

/** CREATOR_REPORT's options as read, before each value is checked. */
export interface RawOptions {
  limit?: unknown;
  sort?: unknown;
  header?: unknown;
  totals?: unknown;
  compareTo?: unknown;
}

const KEYS = ['limit', 'sort', 'header', 'totals', 'compareTo'] as const;
type Key = (typeof KEYS)[number];

/**
 * Reads `options`: a string "limit=100, sort=-rpm, header=false" (commas or semicolons; `:` also
 * separates key and value), a two-column range of key/value rows, or a bare number as a limit.
 */
export function readOptions(value: unknown): RawOptions {
  // A one-cell range is that cell (so a lone number there is a limit, as it is typed in place).
  if (Array.isArray(value)) {
    const cells = value.flat(Infinity);
    if (cells.length === 1) return readOptions(cells[0]);
  }
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'number') return { limit: value };
  const out: RawOptions = {};
  const set = (rawKey: unknown, rawValue: unknown): void => {
    const typed = String(rawKey ?? '')
      .trim()
      .toLowerCase();
    if (typed === '' && (rawValue === '' || rawValue === undefined)) return;
    const key = KEYS.find((k) => k.toLowerCase() === typed);
    if (!key) {
      throw new CreatorError(
        'BAD_INPUT',
        `Unknown option ${describeInput(typeof rawKey === 'string' ? rawKey.trim() : rawKey)}. Options are limit, sort, header, totals and compareTo, e.g. "limit=100, sort=-earnings, header=false, totals=true".`,
      );
    }
    out[key as Key] = typeof rawValue === 'string' ? rawValue.trim() : rawValue;
  };
  if (Array.isArray(value)) {
    for (const row of value) {
      const cells = Array.isArray(row) ? row : [row];
      if (cells.length === 1 && typeof cells[0] === 'string') readPairs(cells[0], set);
      else set(cells[0], cells[1]);
    }
    return out;
  }
  if (typeof value === 'string') {
    readPairs(value, set);
    return out;
  }
  throw new CreatorError('BAD_INPUT', 'Give options as text, e.g. "limit=100, sort=-earnings, header=false".');
}

function readPairs(text: string, set: (key: string, value: string) => void): void {
  for (const part of text.split(/[,;]/)) {
    if (part.trim() === '') continue;
    const m = /^\s*([^=:]*?)\s*[=:]\s*(.*?)\s*$/.exec(part);
    if (!m) {
      throw new CreatorError(
        'BAD_INPUT',
        `Cannot read the option "${part.trim()}". Write key=value pairs, e.g. "limit=100, sort=-earnings, header=false".`,
      );
    }
    set(m[1], m[2]);
  }
}
