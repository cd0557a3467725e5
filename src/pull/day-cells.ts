import type { Platform } from '../platform/types';
import { localMidnight, maxYmd, minYmd } from '../dates';
import { isDate } from '../shared/user-input';

/**
 * A pull repeats the same few days across many rows, and each midnight costs several
 * Utilities.formatDate calls: each day is worked out once per pull, and every cell gets its own
 * Date (a shared one could be changed through any cell holding it). `dayOf` reads the day back
 * from a cell this pull made (a comparison matches rows by it).
 */
export function dayCells(platform: Platform, timeZone: string): { toDate(ymd: string): Date; dayOf(cell: unknown): string | null } {
  const midnights = new Map<string, number>();
  const days = new Map<number, string>();
  return {
    toDate: (ymd) => {
      let ms = midnights.get(ymd);
      if (ms === undefined) {
        ms = localMidnight(platform, timeZone, ymd).getTime();
        midnights.set(ymd, ms);
        days.set(ms, ymd);
      }
      return new Date(ms);
    },
    dayOf: (cell) => (isDate(cell) ? (days.get(cell.getTime()) ?? null) : null),
  };
}

export const earliestDay = (days: string[]): string | null => (days.length ? days.reduce(minYmd) : null);
export const latestDay = (days: string[]): string | null => (days.length ? days.reduce(maxYmd) : null);
