import { createClient } from '../api/client';
import { CreatorError } from '../shared/errors';
import { availableRange, dataThrough, PRESETS, presetLabel } from '../dates';
import type { Execution } from '../platform/execution';
import { resolveReport } from '../pull/report-key';
import { loadCredential } from '../settings/credential';
import type { DateOptionsView, DatePresetView } from '../shared/types';

/**
 * What the date picker offers for one site and report: the report's family of bounds (analytics
 * for traffic, earnings for the rest), the dashboard's presets with their days, and the last day
 * with data, so the page can check custom dates before anything is fetched.
 */
export function dateOptions(execution: Execution, request: { siteId: string; report: string }): DateOptionsView {
  const spec = resolveReport(request?.report);
  if (!spec.dateFamily) {
    throw new CreatorError('BAD_INPUT', `The report "${spec.label}" takes no dates.`);
  }
  const siteId = typeof request.siteId === 'string' ? request.siteId.trim() : '';
  if (!siteId || siteId.toLowerCase() === 'all') {
    throw new CreatorError('BAD_INPUT', 'Choose one site to see its dates.');
  }
  const family = spec.dateFamily;
  const client = createClient(execution, loadCredential(execution, 'user'));
  const bounds = client.dateBounds(siteId);
  const available = availableRange(bounds, family);
  const presets: DatePresetView[] = [];
  const given = bounds?.[family]?.presets ?? {};
  for (const key of PRESETS) {
    const range = given[key];
    if (!range?.startDate || !range.endDate) continue;
    presets.push({ key, label: presetLabel(key), startDate: range.startDate, endDate: range.endDate });
  }
  return {
    siteId,
    family,
    available: { startDate: available?.startDate ?? null, endDate: available?.endDate ?? null },
    dataThrough: dataThrough(bounds, family),
    presets,
  };
}
