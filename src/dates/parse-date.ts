import { CreatorError } from '../shared/errors';
import type { Platform } from '../platform/types';
import { describeInput, isDate, singleCell } from '../shared/user-input';
import { thousands } from '../shared/text-size';
import { addDays, fromSheetsSerial, isYmd } from './calendar';
import { findPreset, PRESETS, type PresetName } from './presets';
import { dayOf, today } from './zone';

/** One date argument, read but not yet checked against a site's bounds. */
export type DateArg =
  | { kind: 'empty' }
  /** `relative`: today, yesterday or NdaysAgo, a day that moves with the clock (a rolling window). */
  | { kind: 'day'; ymd: string; relative?: true }
  | { kind: 'preset'; name: PresetName };

export interface DateContext {
  platform: Pick<Platform, 'formatDate' | 'now'>;
  /** The spreadsheet's time zone: it decides which calendar day a date cell or "today" is. */
  timeZone: string;
}

const FORMS = 'a date cell, YYYY-MM-DD (e.g. 2026-10-01), today, yesterday or NdaysAgo (e.g. 7daysAgo)';
export const PRESET_LIST = PRESETS.join(', ');

/** Sheets serials from about 1954 to 2300; smaller numbers are far likelier a mistake than a date. */
const MIN_SERIAL = 20_000;
const MAX_SERIAL = 150_000;
const MAX_DAYS_AGO = 36_500;

function bad(label: string, value: unknown, extra = ''): CreatorError {
  return new CreatorError('BAD_INPUT', `The ${label} ${describeInput(value)} is not a date. Use ${FORMS}${extra}.`);
}

/**
 * Reads a start or end argument: a date cell (a JS Date instant), a Sheets date serial number,
 * or text (trimmed, any case). Presets are recognised here; whether they are allowed where they
 * appear is range.ts's call.
 */
export function parseDateArg(given: unknown, label: 'start' | 'end', ctx: DateContext): DateArg {
  const value = singleCell(given, label);
  if (value === undefined || value === null) return { kind: 'empty' };
  if (isDate(value)) {
    if (Number.isNaN(value.getTime())) throw new CreatorError('BAD_INPUT', `The ${label} date cell does not hold a valid date.`);
    return { kind: 'day', ymd: dayOf(ctx.platform, ctx.timeZone, value) };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < MIN_SERIAL || value > MAX_SERIAL) throw bad(label, value);
    return { kind: 'day', ymd: fromSheetsSerial(value) };
  }
  if (typeof value !== 'string') throw bad(label, value);

  const text = value.trim();
  if (text === '') return { kind: 'empty' };
  const lower = text.toLowerCase();
  if (lower === 'today') return { kind: 'day', ymd: today(ctx.platform, ctx.timeZone), relative: true };
  if (lower === 'yesterday') return { kind: 'day', ymd: addDays(today(ctx.platform, ctx.timeZone), -1), relative: true };
  const ago = /^(\d+)\s*days?\s*ago$/.exec(lower);
  if (ago) {
    const n = Number(ago[1]);
    if (n > MAX_DAYS_AGO) throw bad(label, text, `; NdaysAgo goes back at most ${thousands(MAX_DAYS_AGO)} days`);
    return { kind: 'day', ymd: addDays(today(ctx.platform, ctx.timeZone), -n), relative: true };
  }
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(text)) {
    const [y, m, d] = text.split('-');
    const ymd = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    if (!isYmd(ymd)) throw new CreatorError('BAD_INPUT', `The ${label} ${describeInput(text)} is not a real calendar day.`);
    return { kind: 'day', ymd };
  }
  const preset = findPreset(text);
  if (preset) return { kind: 'preset', name: preset };
  // Options typed one place too early (after a preset start, where the end is left empty).
  if (/^\s*[A-Za-z]+\s*=/.test(text))
    throw new CreatorError(
      'BAD_INPUT',
      `The ${label} ${describeInput(text)} looks like options, not a date. Options come after the end; with a preset as the start, leave the end empty ("") and put the options after it.`,
    );
  throw bad(label, text, `; or, as start with end left empty, one of the presets: ${PRESET_LIST}`);
}
