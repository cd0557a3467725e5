/**
 * How long a run took, as a person says it. Runs are timed to a tenth of a second, so a quick one
 * measured 0 or 0.1: "in 0 s" reads as a fault, "in under a second" as what happened.
 */
export function durationWords(seconds: number): string {
  const tenths = Math.round(seconds * 10) / 10;
  if (!(tenths >= 1)) return 'under a second';
  if (tenths < 60) return `${tenths} s`;
  const whole = Math.round(seconds);
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} min${rest ? ` ${rest} s` : ''}`;
}

/**
 * How long something is expected to take, rounded as an estimate is ("about 9 minutes"): the
 * schedule's refusal and the commit's refusal speak of Google's time the same way.
 */
export function estimateWords(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minutes`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
