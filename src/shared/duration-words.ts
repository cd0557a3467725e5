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
