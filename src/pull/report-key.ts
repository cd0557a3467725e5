import { CreatorError } from '../api/errors';
import { findReport, REPORT_KEYS } from '../catalog/reports';
import type { ReportSpec } from '../catalog/types';

/** The catalog entry for a report key as a user typed it, or a BAD_INPUT listing every key. */
export function resolveReport(report: unknown): ReportSpec {
  const text = typeof report === 'string' ? report : '';
  const spec = text.trim() ? findReport(text) : undefined;
  if (spec) return spec;
  const shown = text.trim() ? `Unknown report "${text.trim()}".` : 'Give a report key.';
  throw new CreatorError('BAD_INPUT', `${shown} Use one of: ${REPORT_KEYS.join(', ')}.`);
}
