import type { Platform } from '../platform/types';

const DAY_MS = 86_400_000;
/** Day 0 of Sheets' serial numbers. */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A Date as the serial number Sheets stores for it in `timeZone` (days since 1899-12-30, the time
 * of day as a fraction). The Sheets API takes JSON, which has no dates: a date cell is sent as its
 * serial number under a date format. A pull repeats the same few days, so each instant is worked
 * out once.
 */
export function serialNumbers(platform: Pick<Platform, 'formatDate'>, timeZone: string): (date: Date) => number {
  const known = new Map<number, number>();
  return (date) => {
    const at = date.getTime();
    let serial = known.get(at);
    if (serial === undefined) {
      const [y, mo, d, h, mi, s] = platform.formatDate(date, timeZone, 'yyyy-MM-dd-HH-mm-ss').split('-').map(Number);
      serial = (Date.UTC(y, mo - 1, d, h, mi, s) - SERIAL_EPOCH + (((at % 1000) + 1000) % 1000)) / DAY_MS;
      known.set(at, serial);
    }
    return serial;
  };
}
