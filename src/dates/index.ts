/** Date arguments, presets, bounds and time zones: what formulas, the sidebar and schedules share. */
export { addDays, isYmd, maxYmd, minYmd } from './calendar';
export { availableRange, dataThrough } from './bounds';
export { parseDateArg } from './parse-date';
export type { DateContext } from './parse-date';
export { datesInWords, PRESETS, presetLabel } from './presets';
export { parseRange, resolveRange, sharedLastDay } from './range';
export type { RequestedRange, ResolvedRange, RollingRule } from './range';
export { hourText } from './hour';
export { dayReader, localMidnight } from './zone';
export { COMPARE_LABEL, COMPARE_TO, comparisonRange, dayShift, equalLengthComparison } from './compare-period';
export type { CompareTo, DayShift } from './compare-period';
