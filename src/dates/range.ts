import { CreatorError } from '../shared/errors';
import type { DateFamily } from '../catalog/types';
import { addDays, dayNumber, maxYmd, minYmd } from './calendar';
import type { DateBounds } from '../shared/date-bounds';
import { availableRange, dataThrough, FAMILY_LABEL, type AvailableRange } from './bounds';
import { parseDateArg, PRESET_LIST, type DateContext } from './parse-date';
import type { PresetName } from './presets';

/**
 * How a rolling window (today, yesterday, NdaysAgo) meets the data, which lags (earnings about two
 * days): its relative end moves back to the last day with data, and then
 * - 'shrink' (formulas, the sidebar, schedules): the start stays where it is, so "7daysAgo" to
 *   "yesterday" may cover fewer days; a relative start that would lie after the end moves to it;
 * - 'keepLength' (alerts): the start moves back as many days, so the window keeps its length (a
 *   half-empty week would read as a drop), and over several sites it ends on the last day every
 *   site has data for, so each is summed over the same days (see sharedLastDay).
 * Either way a relative start never goes before the first day with data.
 */
export type RollingRule = 'shrink' | 'keepLength';

/** Which ends were relative (today, yesterday, NdaysAgo), so they follow the data. */
export interface Rolling {
  start: boolean;
  end: boolean;
  /** RollingRule 'keepLength'; absent: 'shrink'. */
  keepLength?: true;
}

/** A start/end pair as the user gave it: explicit days, or one of the API's presets. */
export type RequestedRange = { kind: 'days'; startDate: string; endDate: string; rolling?: Rolling } | { kind: 'preset'; name: PresetName };

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
export function parseRange(start: unknown, end: unknown, ctx: DateContext, rule: RollingRule = 'shrink'): RequestedRange {
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
  const keepLength = rule === 'keepLength' ? { keepLength: true as const } : {};
  const rolling = from.relative || to.relative ? { start: from.relative === true, end: to.relative === true, ...keepLength } : undefined;
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
  where: { siteId: string; family: DateFamily; lastDay?: string },
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

  const days = requested.rolling ? rollWithData(requested, available, where.lastDay) : requested;
  const tooEarly = available.startDate !== null && days.startDate < available.startDate;
  if (tooEarly || days.endDate > available.endDate || days.startDate > days.endDate) {
    throw new CreatorError('OUT_OF_BOUNDS', `${describe(available, label, siteId)} Choose dates inside that range.`);
  }
  const clamped = days.endDate !== requested.endDate ? { clamped: true as const } : {};
  return { startDate: days.startDate, endDate: days.endDate, dataThrough: available.endDate, ...clamped };
}

/**
 * "7daysAgo".."yesterday" means "the latest week", not a day the API has no data for yet: the
 * RollingRule, applied. Explicit calendar days are never moved: a silent change would pass a part
 * off as the whole. `lastDay`: an earlier day the window must end by (sharedLastDay).
 */
function rollWithData(
  requested: { startDate: string; endDate: string; rolling?: Rolling },
  available: AvailableRange,
  lastDay?: string,
): { startDate: string; endDate: string } {
  let { startDate, endDate } = requested;
  const last = lastDay !== undefined && lastDay < available.endDate ? lastDay : available.endDate;
  if (requested.rolling?.end && endDate > last) endDate = last;
  if (requested.rolling?.start) {
    if (requested.rolling.keepLength) startDate = addDays(startDate, dayNumber(endDate) - dayNumber(requested.endDate));
    if (startDate > endDate) startDate = endDate;
    if (available.startDate !== null && startDate < available.startDate) startDate = minYmd(available.startDate, endDate);
  }
  return { startDate, endDate };
}

/**
 * The last day every one of the sites has data for: where a 'keepLength' window over several sites
 * ends. Undefined when none has data (each then says so when its range is resolved).
 */
export function sharedLastDay(bounds: ReadonlyArray<DateBounds | null | undefined>, family: DateFamily): string | undefined {
  const days = bounds.map((b) => dataThrough(b, family)).filter((d): d is string => d !== null);
  return days.length ? days.reduce((min, d) => (d < min ? d : min)) : undefined;
}

function describe(available: AvailableRange, label: string, siteId: string): string {
  return available.startDate
    ? `${label} data for ${siteId} is available from ${available.startDate} to ${available.endDate}.`
    : `${label} data for ${siteId} is available up to ${available.endDate}.`;
}
