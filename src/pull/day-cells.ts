import type { Platform } from '../platform/types';
import { localMidnight, maxYmd, minYmd } from '../dates';
import { isDate } from '../shared/user-input';

/**
 * A pull repeats the same few days across many rows, and each midnight costs several
 * Utilities.formatDate calls: each day is worked out once per pull, and its cells share one Date.
 * A Date per cell was about 110 bytes held from its page's arrival until its setValues call, and
 * copied by every young-generation collection on the way (a seventh of what a 120,000-row pull's
 * collections copied). Sharing is safe because no cell's Date is ever changed: cells are sent,
 * returned to Sheets, hashed and compared, and the linter refuses a Date setter in src/
 * (lint/no-date-setters.grit). `dayOf` reads the day back from a cell this pull made (a
 * comparison matches rows by it).
 */
export function dayCells(platform: Platform, timeZone: string): { toDate(ymd: string): Date; dayOf(cell: unknown): string | null } {
  const midnights = new Map<string, Date>();
  const days = new Map<number, string>();
  return {
    toDate: (ymd) => {
      let midnight = midnights.get(ymd);
      if (midnight === undefined) {
        midnight = localMidnight(platform, timeZone, ymd);
        midnights.set(ymd, midnight);
        days.set(midnight.getTime(), ymd);
      }
      return midnight;
    },
    dayOf: (cell) => (isDate(cell) ? (days.get(cell.getTime()) ?? null) : null),
  };
}

export const earliestDay = (days: string[]): string | null => (days.length ? days.reduce(minYmd) : null);
export const latestDay = (days: string[]): string | null => (days.length ? days.reduce(maxYmd) : null);
