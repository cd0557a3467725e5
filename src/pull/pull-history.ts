import { createClient } from '../api/client';
import { freshnessTtl } from '../api/freshness';
import type { Execution } from '../platform/execution';
import { HISTORY_DATE_FIELD, pulledByDay } from '../catalog/history';
import { loadCredential } from '../settings/credential';
import { concatTables, stackTables, toTable, type Table, type TableColumn } from '../table';
import { addDays, availableRange, maxYmd, parseRange, resolveRange } from '../dates';
import { CreatorError } from '../shared/errors';
import { readLimit, readSort } from './query-options';
import { resolveReport } from './report-key';
import { readSiteArg } from './site-arg';
import { expandSites, siteNames } from './sites';
import type { PullOptions, PullResult } from './pull-report';
import { dayCells, earliestDay, latestDay } from './day-cells';

export { HISTORY_DATE_FIELD };
const DATE_COLUMN: TableColumn = { header: 'Date', field: HISTORY_DATE_FIELD, type: 'date', format: 'yyyy-mm-dd' };

export interface HistoryRequest {
  report: string;
  siteId: unknown;
  /** The first backfill's days, as saved ("lastNinetyDays", "2026-07-01"...). */
  start?: unknown;
  end?: unknown;
  limit?: unknown;
  sort?: unknown;
  /** Days before the last stored day that are read again (the network revises recent days). */
  revisionDays: number;
  /** The last day the history holds; null before the first backfill. */
  lastStoredDay: string | null;
}

/**
 * As a pull's result; the table has Site and Site name (several sites), Date, then the report's
 * columns: one row per site, day and dimension. The dates are the days read: from the revision
 * window's start (or the backfill's) to the last day with data.
 */
export interface HistoryPull extends Pick<PullResult, 'spec' | 'table' | 'sites' | 'startDate' | 'endDate' | 'dataThrough'> {
  /** Per-dimension reports are read one day per request. */
  byDay: boolean;
}

/** Several sites (or "all", however many it finds) keep Site columns, so the layout never changes. */
export function historyIsMultiSite(siteId: unknown): boolean {
  const arg = readSiteArg(siteId);
  return arg.kind === 'all' || arg.ids.length > 1;
}

/**
 * The rows a history refresh needs: for each site, from `revisionDays` before the last stored day
 * to the site's last day with data (the first time: the saved range). Per-dimension reports are
 * asked one day at a time so every row has its day.
 */
export function pullHistory(execution: Execution, request: HistoryRequest, options: PullOptions): HistoryPull {
  const spec = resolveReport(request.report);
  const family = spec.dateFamily;
  if (!family) throw new CreatorError('BAD_INPUT', `${spec.label} has no dates, so it cannot keep a history.`);
  const limit = readLimit(request.limit);
  const sort = readSort(spec, request.sort);
  const platform = execution.platform;
  const timeZone = platform.timeZone();
  const requested = request.lastStoredDay === null ? parseRange(request.start, request.end, { platform, timeZone }) : null;
  const siteArg = readSiteArg(request.siteId);
  const multi = historyIsMultiSite(request.siteId);
  const credential = loadCredential(execution, options.purpose);
  const client = createClient(execution, credential, { bypassCache: options.bypassCache === true });
  const { toDate } = dayCells(platform, timeZone);
  const sites = expandSites(siteArg, client, options.purpose);
  const byDay = pulledByDay(spec);
  // A site with nothing new still has the report's columns.
  const emptyTable = (): Table => {
    const table = toTable(spec, [], { toDate });
    return byDay ? { columns: [DATE_COLUMN, ...table.columns], rows: [] } : table;
  };

  const spans: Array<{ startDate: string; endDate: string; dataThrough: string }> = [];
  const tables: Table[] = [];
  sites.forEach((siteId, i) => {
    const bounds = client.dateBounds(siteId);
    let span: { startDate: string; endDate: string; dataThrough: string };
    if (requested) {
      span = resolveRange(requested, bounds, { siteId, family });
    } else {
      const available = availableRange(bounds, family);
      // resolveRange says "no data yet" in the usual words.
      if (!available)
        span = resolveRange({ kind: 'days', startDate: request.lastStoredDay!, endDate: request.lastStoredDay! }, bounds, {
          siteId,
          family,
        });
      else {
        const from = addDays(request.lastStoredDay!, -request.revisionDays);
        span = {
          startDate: available.startDate ? maxYmd(from, available.startDate) : from,
          endDate: available.endDate,
          dataThrough: available.endDate,
        };
      }
    }
    spans.push(span);
    if (span.startDate > span.endDate) {
      tables.push(emptyTable());
      return;
    }
    const prefix = sites.length > 1 ? `${siteId} (${i + 1} of ${sites.length}): ` : '';
    const fetch = (startDate: string, endDate: string, label: string): Record<string, unknown>[] =>
      client.fetchRows(
        spec,
        { siteId, startDate, endDate, limit, sort },
        {
          onProgress: (page, pages) =>
            options.onProgress?.(`${prefix}${label}fetched page ${page}${pages ? ` of ${pages}` : ''}`, page, pages),
          cacheTtlSeconds: () => freshnessTtl(endDate, span.dataThrough),
        },
      ).rows;
    if (!byDay) {
      tables.push(toTable(spec, fetch(span.startDate, span.endDate, ''), { toDate }));
      return;
    }
    const days: Table[] = [];
    for (let day = span.startDate; day <= span.endDate; day = addDays(day, 1)) {
      const table = toTable(spec, fetch(day, day, `${day}: `), { toDate });
      days.push({ columns: [DATE_COLUMN, ...table.columns], rows: table.rows.map((row) => [toDate(day), ...row]) });
    }
    tables.push(concatTables(days));
  });
  const names = multi ? siteNames(client) : undefined;
  const table = multi ? stackTables(tables, sites, names) : tables[0];
  return {
    spec,
    table,
    sites,
    startDate: earliestDay(spans.map((s) => s.startDate)),
    endDate: latestDay(spans.map((s) => s.endDate)),
    dataThrough: earliestDay(spans.map((s) => s.dataThrough)),
    byDay,
  };
}
