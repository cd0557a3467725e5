import { CreatorError } from '../shared/errors';
import { defaultSheetName } from '../shared/default-names';
import type { ReportSpec } from '../catalog/types';
import type { PullBasics } from '../pull/pull-report';
import { readQueryOptions } from '../pull/query-options';
import { resolveReport } from '../pull/report-key';
import type { RunReportRequest } from '../shared/types';
import { describeInput } from '../shared/user-input';
import { checkRunId } from './progress';
import { HISTORY_DATE_FIELD } from '../pull/pull-history';
import { dimensionFields, SITE_FIELD } from '../table';

const CHOOSE_SITE = 'Choose a site (or all sites) for the report';

/** A request as the page sent it, checked for shape; dates are the pull's to judge (against the site's bounds). */
export interface CheckedRun {
  spec: ReportSpec;
  siteId: string | string[];
  start?: string;
  end?: string;
  limit?: number;
  sort?: string;
  columns?: string[];
  totals?: unknown;
  compareTo?: unknown;
  sheetName: string;
  /** Top-left cell of the block ("A1" when absent); the writer checks it. */
  startCell?: string;
  runId?: string;
}

/** What every pull of a checked run asks for: the report, its sites, dates, limit and sort. */
export function pullBasics(run: CheckedRun): PullBasics {
  return { report: run.spec.key, siteId: run.siteId, start: run.start, end: run.end, limit: run.limit, sort: run.sort };
}

const optionalText = (value: unknown, label: string): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new CreatorError('BAD_INPUT', `The ${label} must be text.`);
  return value.trim() || undefined;
};

function checkSiteId(spec: ReportSpec, value: unknown): string | string[] {
  const ids: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    if (item === undefined || item === null) continue;
    // A number is a site ID as a formula reads it (a sheet may hold numeric IDs).
    const id = typeof item === 'string' ? item.trim() : typeof item === 'number' && Number.isFinite(item) ? String(item) : null;
    if (id === null) throw new CreatorError('BAD_INPUT', `${CHOOSE_SITE}: ${describeInput(item)} is not a site ID.`);
    if (id) ids.push(id);
  }
  if (ids.length) return Array.isArray(value) ? ids : ids[0];
  // The sites report lists every site: it needs none.
  if (spec.key === 'sites') return '';
  throw new CreatorError('BAD_INPUT', `${CHOOSE_SITE}.`);
}

export function checkRunRequest(request: RunReportRequest): CheckedRun {
  if (!request || typeof request !== 'object') throw new CreatorError('BAD_INPUT', 'Choose a report to run.');
  const spec = resolveReport(request.report);
  const siteId = checkSiteId(spec, request.siteId);
  const { limit, sort, columns } = readQueryOptions(spec, request.options ?? {});
  const sheetName = optionalText(request.sheetName, 'sheet name') ?? defaultSheetName(spec, siteId);
  if (sheetName.length > 100) throw new CreatorError('BAD_INPUT', 'Sheet names have at most 100 characters.');
  return {
    spec,
    siteId,
    start: optionalText(request.start, 'start date'),
    end: optionalText(request.end, 'end date'),
    limit,
    sort,
    columns,
    // Read by the pull, which says what is wrong with them.
    totals: request.options?.totals,
    compareTo: request.options?.compareTo,
    sheetName,
    startCell: optionalText(request.startCell, 'start cell'),
    runId: request.runId === undefined || request.runId === null || request.runId === '' ? undefined : checkRunId(request.runId),
  };
}

/**
 * The fields that identify a row of a report, as the catalog defines it: its site, its day and its
 * dimensions. A history upserts by them; a continued run recognises a row served again by them.
 */
export function keyFields(spec: ReportSpec): string[] {
  return [SITE_FIELD, HISTORY_DATE_FIELD, ...dimensionFields(spec)];
}
