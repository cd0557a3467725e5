import type { RefreshOutcome } from './types';

/**
 * The failed reports of a refresh, those that failed for the same reason together: without a
 * credential every report fails with one long sentence, which was said once per report.
 */
export function failuresByMessage(outcomes: RefreshOutcome[]): Array<{ names: string[]; message: string }> {
  const byMessage = new Map<string, string[]>();
  for (const o of outcomes) {
    if (o.outcome !== 'error') continue;
    const message = o.message ?? 'failed';
    const names = byMessage.get(message);
    if (names) names.push(o.name);
    else byMessage.set(message, [o.name]);
  }
  return [...byMessage].map(([message, names]) => ({ names, message }));
}

/** What the refreshed reports say of their rows (a sort of the user's replaced), one line per report. */
export function noticeLines(outcomes: RefreshOutcome[]): string[] {
  return outcomes.filter((o) => o.outcome === 'ok' && o.notices?.length).map((o) => `${o.name}: ${o.notices!.join(' ')}`);
}
