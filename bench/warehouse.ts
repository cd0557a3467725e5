/**
 * npm run bench:warehouse: a ledger backfilled into BigQuery on the emulator, through the add-on's
 * own code (reports/warehouse-service exportNow, one call per execution, as the sidebar chains
 * them), and what it costs: rows, load jobs, bytes per job, executions, simulated time.
 *
 * Scenarios (issue 31): a 2-year daily earnings ledger of 50 sites (36,500 rows), and a 30-day
 * page-performance ledger of 50 sites (200 pages a site a day: 300,000 rows); each in a billed
 * project (staging load + MERGE) and in the sandbox (day-partition loads).
 *
 * The ledger is built in memory and handed to the export as the block read would give it (the
 * read itself is the sheet's cost, measured by the main bench, not here). Job durations are an
 * ASSUMPTION (no public figure): a load takes 3 s + 1.5 s per MB, a query 4 s + 0.5 s per 10,000
 * rows it changes; the add-on polls Jobs.get after 1, 2, 4, 8, 8... s. `--quick` runs small sizes.
 */
import { createEmulator, inProcessTransport } from '../emulator';
import { findReport } from '../src/catalog/reports';
import { startExecution } from '../src/platform/execution';
import type { StoredDefinition } from '../src/reports/report-store';
import { exportNow } from '../src/reports/warehouse-service';
import { SITE_COLUMN, SITE_NAME_COLUMN, toTable, type TableColumn } from '../src/table';
import type { Ledger } from '../src/warehouse/sources';
import { thousands } from '../src/shared/text-size';

const DEST = { projectId: 'agency-data', datasetId: 'creator', tableId: 'ledger' };
const MB = 1024 * 1024;

interface Scenario {
  name: string;
  report: 'earnings' | 'pages/performance';
  sites: number;
  days: number;
  /** Rows per site per day. */
  perDay: number;
  sandbox: boolean;
}

function columnsOf(report: string): TableColumn[] {
  const spec = findReport(report);
  if (!spec) throw new Error(report);
  const own = toTable(spec, [], { toDate: (d) => new Date(`${d}T05:00:00Z`) }).columns;
  const date: TableColumn = { header: 'Date', field: 'date', type: 'date' };
  return [SITE_COLUMN, SITE_NAME_COLUMN, ...(own.some((c) => c.field === 'date') ? [] : [date]), ...own];
}

/** A ledger as readLedger gives it: rows of cells, each row's day, the days in order. */
function ledgerFor(s: Scenario, lastDay: string): Ledger {
  const columns = columnsOf(s.report);
  const rows: unknown[][] = [];
  const dayOfRow: string[] = [];
  const days: string[] = [];
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  for (let d = s.days - 1; d >= 0; d--) {
    const ymd = new Date(end - d * 86_400_000).toISOString().slice(0, 10);
    days.push(ymd);
    const cellDate = new Date(`${ymd}T05:00:00Z`);
    for (let site = 1; site <= s.sites; site++) {
      for (let p = 0; p < s.perDay; p++) {
        const byField: Record<string, unknown> = {
          '\u0000site': `site-${site}`,
          '\u0000siteName': `Example Site ${site}`,
          date: cellDate,
          pageUrl: `https://example-site-${site}.com/recipes/${p}-a-long-article-slug-about-something-tasty-${p}`,
          siteUrl: `https://example-site-${site}.com`,
          author: 'A. Writer',
          modifiedDate: cellDate,
        };
        const row = columns.map((c) => {
          if (c.field in byField) return byField[c.field];
          if (c.type === 'text' || c.type === 'url') return '';
          if (c.type === 'integer') return 1000 + ((site * 31 + p * 7) % 5000);
          if (c.type === 'percent') return 0.42;
          return Math.round((12.34 + site + p / 10) * 100) / 100;
        });
        rows.push(row);
        dayOfRow.push(ymd);
      }
    }
  }
  return { columns, rows, dayOfRow, days, siteId: null, siteAt: 0 };
}

function jobMs(job: { kind: 'load' | 'query'; bytes: number; rows: number }): number {
  return job.kind === 'load' ? 3000 + Math.round((1500 * job.bytes) / MB) : 4000 + Math.round((500 * job.rows) / 10_000);
}

/** The most load jobs any one table took in one day (BigQuery's per-table quota is 1,500). */
function maxPerDay(loads: Array<{ destination: string | null; insertedAt: number }>): number {
  const count = new Map<string, number>();
  for (const j of loads) {
    const key = `${j.destination} ${Math.floor(j.insertedAt / 86_400_000)}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return Math.max(...count.values());
}

function run(s: Scenario): Record<string, string | number> {
  const emu = createEmulator({
    transport: inProcessTransport(() => ({ status: 404, headers: {}, body: '' })),
    now: Date.parse('2026-11-21T15:00:00Z'),
    bigQuery: { projects: { 'agency-data': { billing: !s.sandbox } }, jobMs },
  });
  const project = emu.bigQuery?.projects.get('agency-data');
  project?.datasets.set('creator', { projectId: 'agency-data', datasetId: 'creator', defaultTableExpirationMs: null, tables: new Map() });
  const ledger = ledgerFor(s, '2026-11-19');
  const def: StoredDefinition = {
    id: 'bench',
    report: s.report,
    siteId: 'all',
    sheetName: 'Ledger',
    mode: 'history',
    warehouse: DEST,
  };
  const started = emu.clock.now();
  const cpuStart = process.cpuUsage();
  let executions = 0;
  let done = false;
  while (!done && executions < 200) {
    executions++;
    done = emu.runAs({ mode: 'full' }, () => {
      const ex = startExecution(emu.platform(), 'trigger');
      ex.memory.set('warehouse.ledger.bench', ledger);
      return exportNow(ex, emu.platform().documentProperties as never, def).done;
    });
  }
  const cpu = process.cpuUsage(cpuStart);
  const jobs = emu.bigQuery?.jobs ?? [];
  const loads = jobs.filter((j) => j.kind === 'load');
  const intoTable = loads.filter((j) => j.destination?.endsWith('.ledger'));
  const table = emu.bigQuery?.table(DEST.projectId, DEST.datasetId, DEST.tableId);
  if (!done || table?.rows.length !== ledger.rows.length)
    throw new Error(`${s.name}: not done (${table?.rows.length} of ${ledger.rows.length})`);
  const bytes = loads.map((j) => j.bytes);
  return {
    scenario: s.name,
    rows: thousands(ledger.rows.length),
    'load jobs': loads.length,
    'query jobs': jobs.filter((j) => j.kind === 'query').length,
    'loads into the table': intoTable.length,
    'max KB/load': thousands(Math.round(Math.max(...bytes) / 1024)),
    'mean KB/load': thousands(Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length / 1024)),
    'max loads/table/day': maxPerDay(loads),
    executions,
    'simulated min': ((emu.clock.now() - started) / 60_000).toFixed(1),
    'add-on CPU s': ((cpu.user + cpu.system) / 1e6).toFixed(1),
  };
}

const quick = process.argv.includes('--quick');
const scenarios: Scenario[] = [
  { name: '2-year daily earnings, 50 sites', report: 'earnings', sites: quick ? 5 : 50, days: 730, perDay: 1, sandbox: false },
  { name: '2-year daily earnings, 50 sites, sandbox', report: 'earnings', sites: quick ? 5 : 50, days: 730, perDay: 1, sandbox: true },
  {
    name: '30-day pages, 50 sites x 200 pages',
    report: 'pages/performance',
    sites: quick ? 5 : 50,
    days: 30,
    perDay: quick ? 20 : 200,
    sandbox: false,
  },
  {
    name: '30-day pages, 50 sites x 200 pages, sandbox',
    report: 'pages/performance',
    sites: quick ? 5 : 50,
    days: 30,
    perDay: quick ? 20 : 200,
    sandbox: true,
  },
];
const results = scenarios.map(run);
const keys = Object.keys(results[0]);
console.log(`| ${keys.join(' | ')} |`);
console.log(`| ${keys.map(() => '---').join(' | ')} |`);
for (const r of results) console.log(`| ${keys.map((k) => r[k]).join(' | ')} |`);
