/**
 * The API's own named ranges (date-bounds), usable as `start` with `end` left empty. Using them
 * makes a sheet match the dashboard to the day.
 */
export const PRESETS = [
  'mostRecentDay',
  'lastThirtyDays',
  'lastNinetyDays',
  'monthToDate',
  'lastMonth',
  'yearToDate',
  'lastYear',
] as const;

export type PresetName = (typeof PRESETS)[number];

/** The canonical name for any spelling case ("LASTMONTH" -> "lastMonth"), or null. */
export function findPreset(text: string): PresetName | null {
  const wanted = text.trim().toLowerCase();
  return PRESETS.find((p) => p.toLowerCase() === wanted) ?? null;
}
