import { REPORTS } from '../../catalog/reports';
import { percentText } from '../../shared/percent-text';
import type { AlertView } from '../../shared/types';

export const isChange = (c: string) => c === 'changeBelow' || c === 'changeAbove';

/**
 * The alert form's threshold in a person's words. A percent metric (bounce rate, viewability) is
 * written and compared as a fraction (0.584), so, as for a change, the form asks for percent
 * (50 means 50 %) and the server gets the fraction.
 */
export function isPercentMetric(report: string, metric: string): boolean {
  return REPORTS.find((r) => r.key === report)?.columns.find((c) => c.field === metric)?.type === 'percent';
}

/** The number the server takes for what was typed: -0.2 for a 20 % drop, 0.5 for a 50 % bounce rate. */
export function thresholdOf(condition: string, raw: string, percentMetric: boolean): number | undefined {
  const number = raw === '' ? undefined : Number(raw);
  if (number === undefined) return undefined;
  if (condition === 'changeBelow') return -Math.abs(number) / 100;
  if (condition === 'changeAbove') return Math.abs(number) / 100;
  return percentMetric ? number / 100 : number;
}

/** The hint under the threshold for this condition and metric. */
export function thresholdHint(condition: string, percentMetric: boolean): string {
  if (isChange(condition)) return 'Percent: 20 means a change of more than 20%.';
  if (percentMetric) return 'Percent: 50 means 50%.';
  return 'A number in the metric\u2019s own unit, e.g. 15 for $15 RPM.';
}

/** A saved alert's threshold as its card says it: "20%" for a change, "50%" for a percent metric. */
export function thresholdWords(a: Pick<AlertView, 'condition' | 'threshold' | 'report' | 'metric'>): string {
  const t = a.threshold ?? 0;
  if (isChange(a.condition)) return percentText(Math.abs(t), { places: 1 });
  if (isPercentMetric(a.report, a.metric ?? '')) return percentText(t, { places: 3 });
  return String(a.threshold);
}

/** What the form shows for a stored threshold, as typed: "20" for a -0.2 change, "50" for a 0.5 bounce rate. */
export function thresholdInput(a: Pick<AlertView, 'condition' | 'threshold' | 'report' | 'metric'>): string {
  if (a.threshold === undefined || a.threshold === null) return '';
  if (isChange(a.condition)) return String(Math.round(Math.abs(a.threshold) * 100000) / 1000);
  return isPercentMetric(a.report, a.metric ?? '') ? String(Math.round(a.threshold * 100000) / 1000) : String(a.threshold);
}
