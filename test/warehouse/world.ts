/**
 * The warehouse on the emulator: a platform with the BigQuery fake, and extracts built the way a
 * pull builds them (the catalog's columns, Date cells at local midnight).
 */
import { createEmulator, inProcessTransport, type BigQuerySetup, type Emulator } from '../../emulator';
import { findReport } from '../../src/catalog/reports';
import { startExecution, type Execution } from '../../src/platform/execution';
import { SITE_COLUMN, SITE_NAME_COLUMN, toTable, type TableColumn } from '../../src/table';
import type { Extract } from '../../src/warehouse/rows';
import type { Destination } from '../../src/warehouse/bigquery-errors';

export const DEST: Destination = { projectId: 'agency-data', datasetId: 'creator', tableId: 'earnings_daily' };

export function warehouseWorld(setup: BigQuerySetup = { projects: { 'agency-data': {} } }): { emu: Emulator; ex: () => Execution } {
  const emu = createEmulator({
    transport: inProcessTransport(() => ({ status: 404, headers: {}, body: '' })),
    timeZone: 'America/New_York',
    now: Date.parse('2026-10-05T12:00:00Z'),
    bigQuery: setup,
  });
  const project = emu.bigQuery?.projects.get('agency-data');
  project?.datasets.set('creator', {
    projectId: 'agency-data',
    datasetId: 'creator',
    defaultTableExpirationMs: project.billing ? null : 60 * 86_400_000,
    tables: new Map(),
  });
  return { emu, ex: () => startExecution(emu.platform(), 'sidebar') };
}

/** A local-midnight Date for a day, as the pull's cells are (New York). */
export const day = (ymd: string): Date => new Date(`${ymd}T05:00:00Z`);

export function columnsOf(report: string, multiSite: boolean): TableColumn[] {
  const spec = findReport(report);
  if (!spec) throw new Error(report);
  const own = toTable(spec, [], { toDate: day }).columns;
  return multiSite ? [SITE_COLUMN, SITE_NAME_COLUMN, ...own] : own;
}

/** An earnings extract: one row per site and day, earnings = base + day of month. */
export function earningsExtract(
  sites: string[],
  from: string,
  to: string,
  value: (site: string, ymd: string) => number = (_s, d) => 10 + Number(d.slice(8)),
): Extract {
  const spec = findReport('earnings');
  if (!spec) throw new Error('earnings');
  const multi = sites.length > 1;
  const columns = columnsOf('earnings', multi);
  const rows: unknown[][] = [];
  for (const site of sites) {
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      const ymd = new Date(t).toISOString().slice(0, 10);
      const earnings = value(site, ymd);
      const byField: Record<string, unknown> = {
        date: day(ymd),
        earnings,
        pageviews: 1000,
        sessions: 400,
        rpm: (earnings / 400) * 1000,
        pageRpm: earnings,
        rps: earnings / 400,
      };
      byField['\u0000site'] = site;
      byField['\u0000siteName'] = `Site ${site}`;
      rows.push(columns.map((c) => byField[c.field] ?? ''));
    }
  }
  return { spec, columns, rows, siteId: multi ? null : sites[0], scope: { sites, from, to }, period: null };
}

export const tableRows = (emu: Emulator, dest: Destination = DEST) =>
  emu.bigQuery?.table(dest.projectId, dest.datasetId, dest.tableId)?.rows ?? [];
