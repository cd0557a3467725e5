import { CreatorError } from '../shared/errors';
import type { DateFamily } from '../catalog/types';
import { maxYmd, minYmd } from './calendar';
import type { DateBounds } from '../shared/date-bounds';
import { availableRange, FAMILY_LABEL, type AvailableRange } from './bounds';
import { parseDateArg, PRESET_LIST, type DateContext } from './parse-date';
import type { PresetName } from './presets';

/** A start/end pair as the user gave it: explicit days, or one of the API's presets. */
export type RequestedRange =
  /** `rolling`: which ends were relative (today, yesterday, NdaysAgo), so they follow the data. */
  { kind: 'days'; startDate: string; endDate: string; rolling?: { start: boolean; end: boolean } } | { kind: 'preset'; name: PresetName };

export interface ResolvedRange {
  startDate: string;
  endDate: string;
  /** The family's last day with data for this site. */
  dataThrough: string;
  /** A rolling window was moved to end at the last day with data (it asked for later days). */
  clamped?: true;
}

/**
 * Reads start/end without any network: syntax, the "preset in start, end empty" rule, and order.
 * Done before the credential or the API is touched, so a typo costs no quota.
 */
export function parseRange(start: unknown, end: unknown, ctx: DateContext): RequestedRange {
  const from = parseDateArg(start, 'start', ctx);
  const to = parseDateArg(end, 'end', ctx);
  if (to.kind === 'preset') {
    throw new CreatorError('BAD_INPUT', `"${to.name}" is a preset: put it in start and leave end empty.`);
  }
  if (from.kind === 'empty') {
    throw new CreatorError(
      'BAD_INPUT',
      `Give a start date: a date cell, YYYY-MM-DD, today, yesterday, NdaysAgo, or a preset (${PRESET_LIST}) with end left empty.`,
    );
  }
  if (from.kind === 'preset') {
    if (to.kind !== 'empty') {
      throw new CreatorError('BAD_INPUT', `With the preset ${from.name} in start, leave end empty: the preset sets both dates.`);
    }
    return { kind: 'preset', name: from.name };
  }
  if (to.kind === 'empty') {
    throw new CreatorError('BAD_INPUT', `Give an end date too, or put a preset (${PRESET_LIST}) in start and leave end empty.`);
  }
  if (from.ymd > to.ymd) {
    throw new CreatorError('BAD_INPUT', `The start ${from.ymd} is after the end ${to.ymd}. Swap them.`);
  }
  const rolling = from.relative || to.relative ? { start: from.relative === true, end: to.relative === true } : undefined;
  return rolling ? { kind: 'days', startDate: from.ymd, endDate: to.ymd, rolling } : { kind: 'days', startDate: from.ymd, endDate: to.ymd };
}

/** "Site site-1 has no earnings data yet." */
function noDataYet(siteId: string, family: DateFamily): CreatorError {
  return new CreatorError('OUT_OF_BOUNDS', `Site ${siteId} has no ${FAMILY_LABEL[family].toLowerCase()} data yet.`);
}

/**
 * Turns a requested range into the days to ask the API for one site, inside that site's bounds for
 * the report's family. Explicit days must lie wholly inside (a silent clip would pass off a part
 * as the whole); a preset is the API's own and is only trimmed to the available days.
 */
export function resolveRange(
  requested: RequestedRange,
  bounds: DateBounds | null | undefined,
  where: { siteId: string; family: DateFamily },
): ResolvedRange {
  const { siteId, family } = where;
  const available = availableRange(bounds, family);
  if (!available) throw noDataYet(siteId, family);
  const label = FAMILY_LABEL[family];

  if (requested.kind === 'preset') {
    const preset = bounds?.[family]?.presets?.[requested.name];
    if (!preset?.startDate || !preset.endDate) {
      throw new CreatorError(
        'OUT_OF_BOUNDS',
        `The preset ${requested.name} has no ${label.toLowerCase()} data for site ${siteId}. ${describe(available, label, siteId)} Choose dates inside that range or another preset.`,
      );
    }
    const startDate = available.startDate ? maxYmd(preset.startDate, available.startDate) : preset.startDate;
    const endDate = minYmd(preset.endDate, available.endDate);
    if (startDate > endDate) {
      throw new CreatorError(
        'OUT_OF_BOUNDS',
        `The preset ${requested.name} falls outside the available data. ${describe(available, label, siteId)} Choose dates inside that range.`,
      );
    }
    return { startDate, endDate, dataThrough: available.endDate };
  }

  const days = requested.rolling ? rollWithData(requested, available) : requested;
  const tooEarly = available.startDate !== null && days.startDate < available.startDate;
  if (tooEarly || days.endDate > available.endDate || days.startDate > days.endDate) {
    throw new CreatorError('OUT_OF_BOUNDS', `${describe(available, label, siteId)} Choose dates inside that range.`);
  }
  const clamped = days.endDate !== requested.endDate ? { clamped: true as const } : {};
  return { startDate: days.startDate, endDate: days.endDate, dataThrough: available.endDate, ...clamped };
}

/**
 * "7daysAgo".."yesterday" means "the latest week", not a day the API has no data for yet
 * (earnings lag about two days): relative ends move back to the last day with data, and a relative
 * start that would then lie after the end (or before the first day) moves with them, as presets do.
 * Explicit calendar days are never moved: a silent change would pass a part off as the whole.
 */
function rollWithData(
  requested: { startDate: string; endDate: string; rolling?: { start: boolean; end: boolean } },
  available: AvailableRange,
): { startDate: string; endDate: string } {
  let { startDate, endDate } = requested;
  if (requested.rolling?.end && endDate > available.endDate) endDate = available.endDate;
  if (requested.rolling?.start) {
    if (startDate > endDate) startDate = endDate;
    if (available.startDate !== null && startDate < available.startDate) startDate = minYmd(available.startDate, endDate);
  }
  return { startDate, endDate };
}

function describe(available: AvailableRange, label: string, siteId: string): string {
  return available.startDate
    ? `${label} data for ${siteId} is available from ${available.startDate} to ${available.endDate}.`
    : `${label} data for ${siteId} is available up to ${available.endDate}.`;
}
