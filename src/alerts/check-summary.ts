import type { AlertCheckResult, AlertCheckSummary } from '../shared/types';

/**
 * What Check now tells the person who clicked it: how many alerts were checked, and every one that
 * failed or was not checked, with why (grouped when the reason is the same). "Checked 4: 0 fired"
 * while two cards showed a credential error was the summary hiding them.
 */
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function grouped(results: AlertCheckResult[], what: string): string[] {
  const byReason = new Map<string, number>();
  for (const r of results) byReason.set(r.message, (byReason.get(r.message) ?? 0) + 1);
  return [...byReason].map(([reason, n]) => `${n} ${what}: ${/[.)]$/.test(reason) ? reason : `${reason}.`}`);
}

export function summarizeChecks(results: AlertCheckResult[], othersSkipped: number): AlertCheckSummary {
  const checked = results.filter((r) => r.checked);
  const notChecked = results.filter((r) => !r.checked);
  const errors = checked.filter((r) => r.outcome === 'error');
  // Still firing on a data day already e-mailed counts as fired: the card says so.
  const fired = checked.filter((r) => r.outcome === 'fired' || r.outcome === 'sentToday').length;
  const quiet = checked.filter((r) => r.outcome === 'quiet').length;
  const others =
    othersSkipped > 0
      ? [`${plural(othersSkipped, 'alert')} of other people ${othersSkipped === 1 ? 'is' : 'are'} checked only with their own credential.`]
      : [];
  if (results.length === 0)
    return {
      results,
      fired,
      quiet,
      errors: 0,
      notChecked: 0,
      othersSkipped,
      summary: ['You have no alerts to check.', ...others].join(' '),
    };
  const head = `Checked ${checked.length} of your ${plural(results.length, 'alert')}: ${fired} fired, ${quiet} quiet, ${errors.length} failed.`;
  const summary = [head, ...grouped(errors, 'failed'), ...grouped(notChecked, 'not checked'), ...others].join(' ');
  return { results, fired, quiet, errors: errors.length, notChecked: notChecked.length, othersSkipped, summary };
}
