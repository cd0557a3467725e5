/**
 * Everything Apps Script must see, as thin calls into the modules. The build emits each export as
 * a real top-level function under its JSDoc (Sheets reads `@customfunction` from there), so keep
 * every export a plain function declaration with named parameters, and keep logic out of here.
 */
import { serve } from './app/entry';
import { buildMenu, canUseServices } from './app/menu';
import { saveSettingsAndRecalculate } from './app/settings-flow';
import { runCompareFormula, runFormula, runReportFormula } from './formulas/run-formula';
import { refreshFormulas } from './formulas/refresh';
import * as settings from './settings/settings-service';
import * as sidebar from './sidebar/server';
import * as saved from './reports/saved-reports-service';
import * as alerts from './alerts/alerts-service';
import { runScheduledAndWatch } from './alerts/scheduled';
import * as dashboard from './dashboard/dashboard-service';
import { checkReadBack, readBackMessage } from './sheet/read-back-check';
import { checkSheetSpeed, sheetSpeedMessage } from './sheet/sheet-speed-check';
import { CreatorError } from './shared/errors';
import * as demo from './demo/demo-mode';
import type * as entry from './Code';
import type { SidebarApi } from './shared/sidebar-api';
import type {
  AlertDefinition,
  DashboardRequest,
  DeleteAlertOptions,
  ReportDefinition,
  WarehouseDestination,
  RunReportRequest,
  SettingsInput,
} from './shared/types';

type Cell = unknown;

/**
 * Lists every site the Creator Reporting credential can see (formulas use the spreadsheet owner's credential, once the owner allows formulas in the sidebar).
 * Example: =CREATOR_SITES() or =CREATOR_SITES(FALSE)
 *
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @return A table: site ID, name, URL, status, service, video player.
 * @customfunction
 */
export function CREATOR_SITES(header?: Cell): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'sites', { header }));
}

/**
 * The dates a site has data for, and the dashboard's date presets, for analytics (traffic) and earnings.
 * Example: =CREATOR_DATE_BOUNDS("site-1") or =CREATOR_DATE_BOUNDS(A2)
 *
 * @param {string} siteId The site ID, e.g. "site-1" (see CREATOR_SITES).
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @return A table: data, range, start date, end date.
 * @customfunction
 */
export function CREATOR_DATE_BOUNDS(siteId: Cell, header?: Cell): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'date-bounds', { siteId, header }));
}

/**
 * Traffic summary for a site: pageviews, sessions, pages per session and bounce rate.
 * Example: =CREATOR_TRAFFIC_SUMMARY(A2, "2026-10-01", "2026-10-31") or =CREATOR_TRAFFIC_SUMMARY("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "pageviews"; "-pageviews" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_TRAFFIC_SUMMARY(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'traffic/summary', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Traffic split by device.
 * Example: =CREATOR_TRAFFIC_BY_DEVICE(A2, "2026-10-01", "2026-10-31") or =CREATOR_TRAFFIC_BY_DEVICE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "pageviews"; "-pageviews" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_TRAFFIC_BY_DEVICE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'traffic/by-device', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Traffic per referral source.
 * Example: =CREATOR_TRAFFIC_BY_SOURCE(A2, "2026-10-01", "2026-10-31") or =CREATOR_TRAFFIC_BY_SOURCE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "pageviews"; "-pageviews" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_TRAFFIC_BY_SOURCE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'traffic/by-source', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Traffic per visitor country.
 * Example: =CREATOR_TRAFFIC_BY_COUNTRY(A2, "2026-10-01", "2026-10-31") or =CREATOR_TRAFFIC_BY_COUNTRY("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "pageviews"; "-pageviews" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_TRAFFIC_BY_COUNTRY(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'traffic/by-country', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Traffic per page title (all pages, or the first `limit` by `sort`).
 * Example: =CREATOR_PAGE_TRAFFIC(A2, "2026-10-01", "2026-10-31") or =CREATOR_PAGE_TRAFFIC("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "pageviews"; "-pageviews" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_PAGE_TRAFFIC(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'traffic/pages', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, pageviews, sessions, RPM, page RPM and RPS, day by day.
 * Example: =CREATOR_EARNINGS(A2, "2026-10-01", "2026-10-31") or =CREATOR_EARNINGS("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_EARNINGS(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'earnings', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, impressions, eCPM and viewability per ad unit and device.
 * Example: =CREATOR_AD_UNITS(A2, "2026-10-01", "2026-10-31") or =CREATOR_AD_UNITS("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_AD_UNITS(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'ad-units/performance', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Video player earnings day by day.
 * Example: =CREATOR_VIDEO_EARNINGS(A2, "2026-10-01", "2026-10-31") or =CREATOR_VIDEO_EARNINGS("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_VIDEO_EARNINGS(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'video/earnings', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, RPM and RPS per device.
 * Example: =CREATOR_DEVICE_PERFORMANCE(A2, "2026-10-01", "2026-10-31") or =CREATOR_DEVICE_PERFORMANCE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_DEVICE_PERFORMANCE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'devices/performance', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, RPM, CPM and viewability per page (all pages, or the first `limit` by `sort`).
 * Example: =CREATOR_PAGE_PERFORMANCE(A2, "2026-10-01", "2026-10-31") or =CREATOR_PAGE_PERFORMANCE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_PAGE_PERFORMANCE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'pages/performance', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, RPM and pages per session per traffic source.
 * Example: =CREATOR_SOURCE_PERFORMANCE(A2, "2026-10-01", "2026-10-31") or =CREATOR_SOURCE_PERFORMANCE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_SOURCE_PERFORMANCE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'traffic-sources/performance', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, RPM and CPM per visitor country.
 * Example: =CREATOR_COUNTRY_PERFORMANCE(A2, "2026-10-01", "2026-10-31") or =CREATOR_COUNTRY_PERFORMANCE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_COUNTRY_PERFORMANCE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'countries/performance', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Earnings, RPM and CPM per content category.
 * Example: =CREATOR_CATEGORY_PERFORMANCE(A2, "2026-10-01", "2026-10-31") or =CREATOR_CATEGORY_PERFORMANCE("site-1", "lastThirtyDays")
 *
 * @param {string} siteId A site ID, a range of site IDs (stacked, with a Site column), or "all" for every active site.
 * @param {string} start First day: a date cell, "2026-10-01", "today", "yesterday", "7daysAgo", or a preset such as "lastThirtyDays", "monthToDate", "lastMonth" (then leave end empty).
 * @param {string} end Last day (inclusive): a date cell, "2026-10-31", "today", "yesterday", "NdaysAgo". Empty with a preset.
 * @param {number} limit Optional. At most this many rows per site (1 to 100000).
 * @param {string} sort Optional. A field or column to sort by, e.g. "rpm"; "-earnings" for descending.
 * @param {boolean} header Optional. FALSE leaves the header row out.
 * @param {string} options Optional. "totals=true" adds a Total row (ratios recomputed from the sums); "compareTo=previousPeriod" (or previousYear, previousYearWeekday) compares with an earlier period; also limit, sort, header.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_CATEGORY_PERFORMANCE(
  siteId: Cell,
  start: Cell,
  end?: Cell,
  limit?: Cell,
  sort?: Cell,
  header?: Cell,
  options?: Cell,
): Cell[][] {
  return serve('formula', (ex) => runFormula(ex, 'categories/performance', { siteId, start, end, limit, sort, header, options }));
}

/**
 * Any Creator Reporting report by its key, e.g. "pages/performance", "earnings", "traffic/by-device".
 * Example: =CREATOR_REPORT("pages/performance", "site-1", "lastMonth", , "limit=100, sort=-rpm")
 *
 * @param {string} report The report key, e.g. "earnings" or "pages/performance".
 * @param {string} siteId A site ID, a range of site IDs, or "all" for every active site.
 * @param {string} start First day, or a preset such as "lastThirtyDays" (then leave end empty).
 * @param {string} end Last day (inclusive); empty with a preset.
 * @param {string} options Optional. Comma-separated: "limit=100", "sort=-earnings", "header=false", "totals=true" (a Total row), "compareTo=previousYear" (see CREATOR_COMPARE); or a two-column range of option names and values.
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_REPORT(report: Cell, siteId: Cell, start?: Cell, end?: Cell, options?: Cell): Cell[][] {
  return serve('formula', (ex) => runReportFormula(ex, report, siteId, start, end, options));
}

/**
 * Any report beside an earlier period: the dimension columns, then for each metric its value, its previous value, the change, and the change as a fraction. Rows are matched by device, country, page, source...; a daily series day by day (both dates shown). Ratios are each period's own; a previous 0 leaves the change % blank. With a limit: this period's top N, each beside its own earlier value.
 * Example: =CREATOR_COMPARE("devices/performance", "site-1", "lastThirtyDays", , "previousPeriod") or =CREATOR_COMPARE("earnings", A2, "2026-10-01", "2026-10-31", "previousYearWeekday", "totals=true")
 *
 * @param {string} report The report key, e.g. "earnings" or "devices/performance".
 * @param {string} siteId A site ID, a range of site IDs, or "all" for every active site.
 * @param {string} start First day, a rolling day ("7daysAgo"), or a preset such as "lastThirtyDays" (then leave end empty).
 * @param {string} end Last day (inclusive); empty with a preset.
 * @param {string} compareTo "previousPeriod" (the same number of days just before), "previousYear" (the same dates a year earlier) or "previousYearWeekday" (364 days earlier, so weekdays line up).
 * @param {string} options Optional. As CREATOR_REPORT's: "totals=true", "limit=10", "sort=-earnings", "header=false".
 * @return A table with a header row.
 * @customfunction
 */
export function CREATOR_COMPARE(report: Cell, siteId: Cell, start: Cell, end: Cell, compareTo: Cell, options?: Cell): Cell[][] {
  return serve('formula', (ex) => runCompareFormula(ex, report, siteId, start, end, compareTo, options));
}

/** Builds the add-on menu. In AuthMode.NONE only the menu may be built. */
export function onOpen(e?: GoogleAppsScript.Events.SheetsOnOpen): void {
  buildMenu(e);
  if (canUseServices(e)) serve('menu', (ex) => saved.announceScheduleProblem(ex));
}

/** Runs when the add-on is installed from the Marketplace. */
export function onInstall(e?: GoogleAppsScript.Events.AddonOnInstall): void {
  buildMenu(e);
}

/** Menu: opens the sidebar. */
export function showSidebar(): void {
  serve('menu', (ex) => sidebar.showSidebar(ex));
}

/** Menu: re-runs every CREATOR_ formula in the spreadsheet, bypassing the cache. */
export function menuRefreshFormulas(): void {
  serve('menu', (ex) => refreshFormulas(ex));
}

/** Menu: refreshes every saved report now. */
export function menuRefreshAllReports(): void {
  serve('menu', (ex) => saved.refreshAllFromMenu(ex));
}

/** Menu: shows the status sheet of the saved reports. */
export function menuShowStatus(): void {
  serve('menu', (ex) => saved.showStatusSheet(ex));
}

/** Menu: asks for a site and makes a dashboard of its last thirty days, refreshed daily. */
export function menuCreateDashboard(): void {
  serve('menu', (ex) => dashboard.createDashboardFromMenu(ex));
}

/** Menu: the read-back diagnostic (docs/platform.md): writes samples to a scratch sheet, reads them back, says what differs. */
export function menuCheckReadBack(): void {
  serve('menu', (ex) => {
    const spreadsheet = ex.platform.spreadsheet();
    if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to run the check in.');
    ex.platform.ui().alert(readBackMessage(checkReadBack(spreadsheet)));
  });
}

/** Server function of the same check, for a script editor or a test: what was compared and what differed. */
export function diagnoseReadBack() {
  return serve('menu', (ex) => {
    const spreadsheet = ex.platform.spreadsheet();
    if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to run the check in.');
    return checkReadBack(spreadsheet);
  });
}

/** Menu: the speed diagnostic (docs/platform.md): times a write, a copy and a read of 200,000 cells on a scratch sheet. */
export function menuCheckSheetSpeed(): void {
  serve('menu', (ex) => ex.platform.ui().alert(sheetSpeedMessage(checkSheetSpeed(ex))));
}

/** Server function of the same check, for a script editor or a test: ms per 1,000 cells and the ratios. */
export function diagnoseSheetSpeed() {
  return serve('menu', (ex) => checkSheetSpeed(ex));
}

/** Menu: turns demo mode on (built-in sample data, no credential) and opens the sidebar. */
export function menuStartDemo(): void {
  serve('menu', (ex) => {
    demo.startDemo(ex);
    sidebar.showSidebar(ex);
  });
}

/** Sidebar: turns demo mode on for you in this spreadsheet: built-in sample data, no credential, no network. */
export function startDemo() {
  return serve('sidebar', (ex) => demo.startDemo(ex));
}

/** Sidebar: ends demo mode: deletes the demo's saved reports, alerts and schedule; its sheets stay, labelled "Demo data". */
export function endDemo() {
  return serve('sidebar', (ex) => demo.endDemo(ex));
}

/** Sidebar: stores the credential in the user's own properties after checking it. */
export function saveSettings(input: SettingsInput) {
  return serve('sidebar', (ex) => saveSettingsAndRecalculate(ex, input));
}

/** Sidebar: the settings with the secret masked. */
export function getSettings() {
  return serve('sidebar', (ex) => settings.getSettings(ex));
}

/** Sidebar: forgets the credential and its cached tokens. */
export function clearSettings() {
  return serve('sidebar', (ex) => settings.clearSettings(ex));
}

/** Sidebar: mints a token and lists the sites it sees. */
export function testConnection() {
  return serve('sidebar', (ex) => settings.testConnection(ex));
}

/** Sidebar: the report catalog, for the report picker. */
export function getCatalog() {
  return serve('sidebar', () => sidebar.getCatalog());
}

/** Sidebar: the sites the credential sees, active first. */
export function listSites() {
  return serve('sidebar', (ex) => sidebar.listSites(ex));
}

/** Sidebar: available range, data-through date and presets for a site and report. */
export function getDateOptions(request: { siteId: string; report: string }) {
  return serve('sidebar', (ex) => sidebar.getDateOptions(ex, request));
}

/** Sidebar: pulls a whole report and writes it to a sheet. */
export function runReport(request: RunReportRequest) {
  return serve('sidebar', (ex) => sidebar.runReport(ex, request));
}

/** Sidebar: progress of a running runReport or refresh. */
export function getRunProgress(runId: string) {
  return serve('sidebar', (ex) => sidebar.getRunProgress(ex, runId));
}

/** Sidebar: saves a report definition (and its schedule); returns it with its id. */
export function saveReport(definition: ReportDefinition) {
  return serve('sidebar', (ex) => saved.saveReport(ex, definition));
}

/** Sidebar: the saved reports with their status, and who runs the schedules. */
export function listReports() {
  return serve('sidebar', (ex) => saved.listReports(ex));
}

/** Sidebar: deletes a saved report (its sheet data stays). */
export function deleteReport(id: string) {
  return serve('sidebar', (ex) => saved.deleteReport(ex, id));
}

/** Sidebar: refreshes the given saved reports, or all; returns each one's outcome. */
export function refreshReports(ids?: string[]) {
  return serve('sidebar', (ex) => saved.refreshReports(ex, ids));
}

/** Sidebar: sends a saved report's rows to its BigQuery table now (a history's whole ledger, continued while called). */
export function exportReportNow(id: string) {
  return serve('sidebar', (ex) => saved.exportReportNow(ex, id));
}

/** Sidebar: checks a BigQuery destination (project, dataset, table) and says what is missing. */
export function testWarehouse(destination: WarehouseDestination) {
  return serve('sidebar', (ex) => saved.testWarehouse(ex, destination));
}

/** Sidebar: lets the current user's credential (and trigger) refresh a report someone else saved. */
export function approveReport(id: string) {
  return serve('sidebar', (ex) => saved.approveReport(ex, id));
}

/** Sidebar: makes the current user the one whose trigger runs this document's schedules. */
export function takeOverSchedule() {
  return serve('sidebar', (ex) => saved.takeOverSchedule(ex));
}

/** Sidebar: the alerts of this spreadsheet, with what each last found. */
export function listAlerts() {
  return serve('sidebar', (ex) => alerts.listAlerts(ex));
}

/** Sidebar: saves an alert of the current user's (checked with their credential, e-mailed to them). */
export function saveAlert(definition: AlertDefinition) {
  return serve('sidebar', (ex) => alerts.saveAlert(ex, definition));
}

/** Sidebar: deletes an alert of the current user's, or (confirmed) one whose maker no longer has access. */
export function deleteAlert(id: string, options?: DeleteAlertOptions) {
  return serve('sidebar', (ex) => alerts.deleteAlert(ex, id, options));
}

/** Sidebar: checks the current user's alerts now; a firing alert e-mails them once a day at most. */
export function checkAlertsNow() {
  return serve('sidebar', (ex) => alerts.checkAlertsNow(ex));
}

/** Sidebar: makes a dashboard sheet (KPI tiles, charts bound to saved reports) for a site and period; returns its sheet's name. */
export function createDashboard(request: DashboardRequest) {
  return serve('sidebar', (ex) => dashboard.createDashboard(ex, request));
}

/** Time-driven trigger: refreshes the saved reports that are due, then checks the alerts. */
export function onScheduleTrigger(e?: GoogleAppsScript.Events.TimeDriven): void {
  serve('trigger', (ex) => runScheduledAndWatch(ex, e));
}

/**
 * The sidebar calls the functions above by name. This alias stops compiling when one of them is
 * renamed, removed or changes its arguments or result without SidebarApi changing too.
 */
type Implements<T extends U, U> = T;
export type SidebarFunctions = Implements<Pick<typeof entry, keyof SidebarApi>, SidebarApi>;
