/**
 * The API's own named ranges (date-bounds), usable as `start` with `end` left empty. Using them
 * makes a sheet match the dashboard to the day.
 */
export const PRESETS = ['mostRecentDay', 'lastThirtyDays', 'lastNinetyDays', 'monthToDate', 'lastMonth', 'yearToDate', 'lastYear'] as const;

export type PresetName = (typeof PRESETS)[number];

/** The canonical name for any spelling case ("LASTMONTH" -> "lastMonth"), or null. */
export function findPreset(text: string): PresetName | null {
  const wanted = text.trim().toLowerCase();
  return PRESETS.find((p) => p.toLowerCase() === wanted) ?? null;
}

const PRESET_LABELS: Record<PresetName, string> = {
  mostRecentDay: 'Most recent day',
  lastThirtyDays: 'Last 30 days',
  lastNinetyDays: 'Last 90 days',
  monthToDate: 'Month to date',
  lastMonth: 'Last month',
  yearToDate: 'Year to date',
  lastYear: 'Last year',
};

/** The most days a preset can span (a leap year's 366 for the year-long ones). */
const PRESET_MAX_DAYS: Record<PresetName, number> = {
  mostRecentDay: 1,
  lastThirtyDays: 30,
  lastNinetyDays: 90,
  monthToDate: 31,
  lastMonth: 31,
  yearToDate: 366,
  lastYear: 366,
};

/** The most days `name` can span, or null for anything but a preset. */
export function presetMaxDays(name: string): number | null {
  const preset = findPreset(name);
  return preset ? PRESET_MAX_DAYS[preset] : null;
}

/** "Last 30 days" for lastThirtyDays: what people read; the key is what the API and formulas take. */
export function presetLabel(name: string): string {
  const preset = findPreset(name);
  return preset ? PRESET_LABELS[preset] : name;
}

/** A saved range as people read it: "Last 30 days", "7 days ago to yesterday", "2026-10-01 to 2026-10-31". */
export function datesInWords(start: string | undefined, end: string | undefined): string {
  const word = (text: string): string => {
    const ago = /^(\d+)\s*days?\s*ago$/i.exec(text.trim());
    if (ago) return `${ago[1]} day${ago[1] === '1' ? '' : 's'} ago`;
    return /^(today|yesterday)$/i.test(text.trim()) ? text.trim().toLowerCase() : text;
  };
  if (!start) return '';
  if (!end) return presetLabel(start);
  const text = `${word(start)} to ${word(end)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
