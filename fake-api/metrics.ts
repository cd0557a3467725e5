/**
 * Ratios are computed from the parts the response carries (rounded earnings, integer counts), so a
 * client recomputing them from the row gets the same figure to the cent. Zero denominators give
 * null, as the live service does for zero-traffic rows.
 */
const mround = Math.round;
const EPSILON = Number.EPSILON;
const POWERS = [1, 10, 100, 1000, 10000, 100000];

export function round(value: number, decimals: number): number {
  const f = POWERS[decimals] ?? 10 ** decimals;
  // The epsilon nudge rounds 1.005 up, as people (and spreadsheets) expect.
  return mround(value * f + (value >= 0 ? EPSILON : -EPSILON)) / f;
}

export function ratio(numerator: number, denominator: number, scale: number, decimals: number): number | null {
  return denominator > 0 ? round((numerator / denominator) * scale, decimals) : null;
}

export const dollars = (cents: number): number => cents / 100;

/** Session RPM: dollars per thousand sessions. */
export const rpm = (cents: number, sessions: number) => ratio(dollars(cents), sessions, 1000, 2);
export const pageRpm = (cents: number, pageviews: number) => ratio(dollars(cents), pageviews, 1000, 2);
export const rps = (cents: number, sessions: number) => ratio(dollars(cents), sessions, 1, 4);
export const cpm = (cents: number, impressions: number) => ratio(dollars(cents), impressions, 1000, 2);
export const perSession = (pageviews: number, sessions: number) => ratio(pageviews, sessions, 1, 2);
export const perPageview = (impressions: number, pageviews: number) => ratio(impressions, pageviews, 1, 2);
export const percent = (part: number, whole: number, decimals = 2) => ratio(part, whole, 100, decimals);

/**
 * Largest-remainder split of an integer total by weights: the parts are integers and always sum to
 * the total (when any weight is positive).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) / sum) * total);
  const parts = exact.map(Math.floor);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const byFraction = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest > 0; k = (k + 1) % byFraction.length) {
    if (weights[byFraction[k][1]] > 0) {
      parts[byFraction[k][1]]++;
      rest--;
    }
  }
  return parts;
}
