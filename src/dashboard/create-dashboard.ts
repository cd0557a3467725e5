import { isDemo } from '../settings/demo-flag';
import { applyBindings, showNotRefreshed } from '../bindings/apply-bindings';
import { readBindings, writeBindings, type Binding } from '../bindings/binding-store';
import { markTile } from '../bindings/tile-cells';
import { hourText } from '../dates/hour';
import { datesInWords, findPreset, presetLabel } from '../dates/presets';
import { checkActiveSite } from '../pull/site-hints';
import { listSiteViews } from '../settings/sites-view';
import { sitesInWords } from '../shared/site-words';
import { asLiteralText } from '../sheet/cell-values';
import type { Execution } from '../platform/execution';
import type { Sheet, Spreadsheet } from '../platform/types';
import { documentStore } from '../reports/report-store';
import { refreshReports, saveReport } from '../reports/saved-reports-service';
import { CreatorError } from '../shared/errors';
import type { DashboardResult } from '../shared/types';
import { describeInput } from '../shared/user-input';
import { CHANGE_FORMAT, CHART_SIZE, CHARTS, PARTS, partName, partStartCells, TILE_ROW, TILES, type ChartSpec } from './layout';

/**
 * "Create dashboard": four saved reports on a data sheet the dashboard owns, refreshed on the
 * saved reports' schedule, and a sheet of KPI tiles and embedded charts bound to their blocks,
 * so every refresh (by hand or scheduled) redraws the whole dashboard with the right ranges.
 */
const DEFAULT_PERIOD = 'lastThirtyDays';
const DEFAULT_HOUR = 6;

function bad(message: string): never {
  throw new CreatorError('BAD_INPUT', message);
}

function cleanRequest(input: unknown): { siteId: string; period: string; hour: number | null } {
  if (typeof input !== 'object' || input === null) bad('Pick a site for the dashboard.');
  const raw = input as Record<string, unknown>;
  const siteId =
    typeof raw.siteId === 'string'
      ? raw.siteId.trim()
      : typeof raw.siteId === 'number'
        ? String(raw.siteId)
        : bad(`Pick a site for the dashboard, not ${describeInput(raw.siteId)}.`);
  if (!siteId) bad('Pick a site for the dashboard.');
  if (siteId.toLowerCase() === 'all') bad('A dashboard shows one site: pick a site ID (make one per site to watch several).');
  const given = raw.period === undefined || raw.period === null || raw.period === '' ? DEFAULT_PERIOD : raw.period;
  const period = typeof given === 'string' ? findPreset(given) : null;
  if (!period)
    bad(`The period must be a preset such as lastThirtyDays, lastNinetyDays, monthToDate or lastMonth, not ${describeInput(given)}.`);
  const hour = raw.hour === null ? null : raw.hour === undefined ? DEFAULT_HOUR : Number(raw.hour);
  if (hour !== null && (!Number.isInteger(hour) || hour < 0 || hour > 23))
    bad('The refresh hour is a whole hour, 0 to 23 (or null for no schedule).');
  return { siteId, period, hour };
}

export function createDashboard(ex: Execution, input: unknown): DashboardResult {
  const { siteId, period, hour } = cleanRequest(input);
  const spreadsheet = ex.platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to make the dashboard in.');
  // Checked before anything is made: a dashboard on a wrong site would be four reports that fail daily.
  const sites = listSiteViews(ex);
  checkActiveSite(siteId, sites);
  // Tabs read as people speak ("Last 30 days"), not as the API's preset key.
  const label = presetLabel(period);
  // A demo dashboard's tabs say so, and never take the names of the real one of this site and period.
  const suffix = isDemo(ex) ? ' (Demo data)' : '';
  const sheetName = `Dashboard - ${siteId} - ${label}`.slice(0, 100 - suffix.length) + suffix;
  const dataSheetName = `Dashboard data - ${siteId} - ${label}`.slice(0, 100 - suffix.length) + suffix;
  for (const name of [sheetName, dataSheetName]) {
    if (spreadsheet.getSheetByName(name))
      bad(
        `The sheet '${name}' already exists: this dashboard is there already. Refresh it with Refresh all reports, or delete its sheets to make it again.`,
      );
  }
  const schedule = hour === null ? { every: 'off' as const } : { every: 'day' as const, hour };
  const ids = new Map<string, string>();
  const startCells = partStartCells(period);
  for (const part of PARTS) {
    const saved = saveReport(ex, {
      name: partName(siteId, part),
      report: part.report,
      siteId,
      start: period,
      options: part.options,
      sheetName: dataSheetName,
      startCell: startCells.get(part.key),
      schedule,
    });
    ids.set(part.key, saved.id);
  }
  // The blocks first, so the charts start on real ranges; a part that fails stays empty until a refresh works.
  const outcomes = refreshReports(ex, [...ids.values()]);
  const name = sites.find((s) => s.id === siteId)?.name;
  const sheet = buildSheet(ex, spreadsheet, {
    sheetName,
    dataSheetName,
    title: `${isDemo(ex) ? 'Demo data: ' : ''}${sitesInWords(siteId, () => name)} \u00b7 ${datesInWords(period, undefined)}`,
    hour,
  });
  const store = documentStore(ex);
  const dailyId = ids.get('daily')!;
  const tiles: Binding[] = TILES.map((tile, i) =>
    markTile(spreadsheet, sheet, dailyId, {
      kind: 'tile',
      sheetId: sheet.getSheetId(),
      row: TILE_ROW + 1,
      col: i * 2 + 1,
      header: tile.header,
      changeHeader: `${tile.header} change %`,
    }),
  );
  writeBindings(store, dailyId, [...readBindings(store, dailyId), ...tiles]);
  for (const chart of CHARTS) {
    const blockId = ids.get(chart.part)!;
    writeBindings(store, blockId, [...readBindings(store, blockId), insertChart(sheet, chart)]);
  }
  for (const id of ids.values()) applyBindings(ex, id);
  sheet.activate();
  const failed = outcomes.filter((o) => o.outcome !== 'ok');
  for (const o of failed) showNotRefreshed(ex, o.id, o.message ?? 'see the status sheet');
  if (failed.length) ex.platform.log(`Creator Reporting: ${failed.length} dashboard part(s) did not refresh; see the status sheet.`);
  return { sheetName, dataSheetName, reportIds: [...ids.values()] };
}

function buildSheet(
  ex: Execution,
  spreadsheet: Spreadsheet,
  d: { sheetName: string; dataSheetName: string; title: string; hour: number | null },
): Sheet {
  const sheet = spreadsheet.insertSheet(d.sheetName);
  const when = d.hour === null ? 'when you refresh its reports' : `every day at ${hourText(d.hour)} and when you refresh its reports`;
  sheet.getRange(1, 1, 2, 1).setValues([[asLiteralText(d.title, true)], [`Refreshes ${when}. Data: sheet '${d.dataSheetName}'.`]]);
  sheet.getRange(1, 1).setFontWeight('bold').setFontSize(16);
  sheet.getRange(2, 1).setFontColor('#777777');
  const labels = TILES.flatMap((t, i) => (i === TILES.length - 1 ? [t.label] : [t.label, '']));
  sheet.getRange(TILE_ROW, 1, 1, labels.length).setValues([labels]).setFontColor('#777777');
  TILES.forEach((tile, i) => {
    sheet
      .getRange(TILE_ROW + 1, i * 2 + 1)
      .setNumberFormat(tile.format)
      .setFontSize(20)
      .setFontWeight('bold');
    sheet.getRange(TILE_ROW + 2, i * 2 + 1).setNumberFormat(CHANGE_FORMAT);
  });
  sheet.getRange(TILE_ROW + 3, 1).setValue('Change against the previous period of the same length.');
  sheet.getRange(TILE_ROW + 3, 1).setFontColor('#777777');
  ex.platform.log(`Creator Reporting: dashboard '${d.sheetName}' made.`);
  return sheet;
}

function insertChart(sheet: Sheet, spec: ChartSpec): Binding {
  const builder = sheet.newChart();
  const typed =
    spec.type === 'LINE'
      ? builder.asLineChart()
      : spec.type === 'COLUMN'
        ? builder.asColumnChart()
        : spec.type === 'PIE'
          ? builder.asPieChart()
          : builder.asTableChart();
  const chart = typed
    .setOption('title', spec.title)
    .setOption('width', CHART_SIZE.width)
    .setOption('height', CHART_SIZE.height)
    .setOption('legend', { position: 'bottom' })
    .setPosition(spec.row, spec.col, 0, 0)
    .build();
  sheet.insertChart(chart);
  // insertChart gives the chart its id; read it back from the sheet.
  const charts = sheet.getCharts();
  return {
    kind: 'chart',
    sheetId: sheet.getSheetId(),
    chartId: charts[charts.length - 1].getChartId()!,
    headers: spec.headers,
    title: spec.title,
  };
}
