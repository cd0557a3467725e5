/** Date arguments, presets, bounds and time zones: what formulas, the sidebar and schedules share. */
export { addDays, isYmd } from './calendar';
export { availableRange, dataThrough, FAMILY_LABEL } from './bounds';
export type { AvailableRange, DateBoundsLike, DateRangeLike, FamilyBoundsLike } from './bounds';
export { parseDateArg, PRESET_LIST } from './parse-date';
export type { DateArg, DateContext } from './parse-date';
export { findPreset, PRESETS } from './presets';
export type { PresetName } from './presets';
export { noDataYet, parseRange, resolveRange } from './range';
export type { RequestedRange, ResolvedRange } from './range';
export { dayOf, localMidnight, today } from './zone';
