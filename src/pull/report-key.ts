import { CreatorError } from '../shared/errors';
import { findReport, REPORT_KEYS } from '../catalog/reports';
import type { ReportSpec } from '../catalog/types';
import { describeInput } from '../shared/user-input';

/** The catalog entry for a report key as a user typed it, or a BAD_INPUT listing every key. */
export function resolveReport(report: unknown): ReportSpec {
  const text = typeof report === 'string' ? report.trim() : '';
  const spec = text ? findReport(text) : undefined;
  if (spec) return spec;
  const empty = report === undefined || report === null || (typeof report === 'string' && text === '');
  const shown = text
    ? `Unknown report ${describeInput(text)}.`
    : empty
      ? 'Give a report key.'
      : `Give a report key as text, not ${describeInput(report)}.`;
  throw new CreatorError('BAD_INPUT', `${shown} Use one of: ${REPORT_KEYS.join(', ')}.`);
}
