/**
 * A stand-in for the platform's clock, for unit tests that should not need a whole emulator.
 * formatDate is the emulator's own Utilities.formatDate (a pure function), so these tests read
 * days and offsets exactly as the emulated and real platform do.
 */
import { formatDate } from '../../emulator/services/format-date';

export { formatDate };

export function clockAt(iso: string) {
  const now = Date.parse(iso);
  return { now: () => now, formatDate };
}
