import { daysAgoInWords } from '../catalog/lag';
import { addDays } from '../dates/calendar';

/**
 * Which day a noData alert expects data for, and how the card and the form say it. Pure, so the
 * server's checks and the sidebar's form (given the spreadsheet's today and hour) agree on the day.
 */

/** Today minus the lag once the local hour reaches byHour; a day earlier before it. */
export function expectedDayFrom(today: string, hour: number, byHour: number, lagDays: number): string {
  return addDays(today, -lagDays - (hour >= byHour ? 0 : 1));
}

/** "has no data for 2 days ago (2026-11-19) by": the form's condition; the card adds the hour (hourText). */
export function noDataWords(lagDays: number, day: string): string {
  return `has no data for ${daysAgoInWords(lagDays)} (${day}) by`;
}
