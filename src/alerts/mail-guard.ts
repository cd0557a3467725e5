import type { AlertState } from './alert-store';

/**
 * When an alert may e-mail again: never twice for one data day, and never within 20 hours of its
 * last e-mail, whatever the spreadsheet's time zone does meanwhile (moving it from Tokyo to Los
 * Angeles makes "today" a different day within the hour). A `sending` mark left without its
 * record counts as an e-mail: a store that failed after MailApp sent must not cause a second one.
 */
export const MIN_MS_BETWEEN_MAILS = 20 * 3_600_000;

export function lastMailedAt(state: AlertState): number | null {
  const times = [state.lastFiredAt, state.sendingAt].filter((t): t is number => typeof t === 'number');
  return times.length === 0 ? null : Math.max(...times);
}

/** The instant from which it may e-mail again; null when nothing holds it back. */
export function mailAgainFrom(state: AlertState, now: number): number | null {
  const last = lastMailedAt(state);
  return last !== null && now - last < MIN_MS_BETWEEN_MAILS ? last + MIN_MS_BETWEEN_MAILS : null;
}

export function mailedFor(state: AlertState, dataDay: string | null): boolean {
  return dataDay !== null && (state.lastFiredThrough === dataDay || state.sendingThrough === dataDay);
}
