import { isYmd } from '../../dates/calendar';
import type { DateOptionsView } from '../../shared/types';

/** Said where a site has no dates with data: the picker does not know whether it is new or retired. */
export const NO_DATA = 'This site has no data for this report: an inactive site has none, and a new one may have none yet.';

/** "Available 2024-01-01 to 2026-11-19 · data through 2026-11-19". */
export function describeAvailability(options: DateOptionsView): string {
  const { startDate, endDate } = options.available;
  if (!endDate) return NO_DATA;
  const range = startDate ? `Available ${startDate} to ${endDate}` : `Available up to ${endDate}`;
  return `${range} \u00b7 data through ${options.dataThrough ?? endDate} (recent days may still change)`;
}

/**
 * Custom dates checked in the page, before anything is fetched: a typo or a day outside the
 * site's data costs no request. Returns the problem, or null when the dates can be sent.
 */
export function checkCustomDates(start: string, end: string, options: DateOptionsView | null): string | null {
  if (!start || !end) return 'Choose a start and an end date.';
  if (!isYmd(start) || !isYmd(end)) return 'Dates must be real days written YYYY-MM-DD.';
  if (start > end) return `The start ${start} is after the end ${end}. Swap them.`;
  if (!options) return null;
  const { startDate, endDate } = options.available;
  if (!endDate) return NO_DATA;
  if ((startDate && start < startDate) || end > endDate) {
    const range = startDate ? `from ${startDate} to ${endDate}` : `up to ${endDate}`;
    return `Data is available ${range}. Choose dates inside that range.`;
  }
  return null;
}
