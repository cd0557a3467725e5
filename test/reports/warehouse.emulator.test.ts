/**
 * Saved reports with a BigQuery destination, on the built bundle: the table equals the ledger (or
 * the report's latest window) through refreshes, revisions and failures; the card and the status
 * sheet show the last export; testWarehouse says what is missing; a user without the bigquery
 * scope keeps everything else.
 */
import type { BigQuerySetup } from '../../emulator';
import type { TransportRequest } from '../../emulator/transport-types';
import { formatDate } from '../dates/clock-stub';
import { permissionMessage } from '../../src/platform/permissions';
import { SCOPES } from '../../src/platform/scopes';
import { buildBundle, createWorld, type World } from './emulated-world';

let bundleFile: string;
beforeAll(async () => {
  bundleFile = await buildBundle();
}, 120_000);

const TZ = 'America/New_York';
const DEST = { projectId: 'agency-data', datasetId: 'creator', tableId: 'earnings_daily' };
const ymd = (cell: unknown) =>
  cell instanceof Object && 'getTime' in (cell as object) ? formatDate(cell as Date, TZ, 'yyyy-MM-dd') : String(cell);

type Reviser = (req: TransportRequest, rows: Array<Record<string, unknown>>) => Array<Record<string, unknown>>;

function world(bigQuery: BigQuerySetup = { projects: { 'agency-data': {} } }): { w: World; revise(fn: Reviser | null): void } {
  let reviser: Reviser | null = null;
  const w = createWorld(bundleFile, {
    now: '2026-10-05T12:00:00Z',
    timeZone: TZ,
    bigQuery,
    respond: (req, res) => {
      if (!reviser || !('body' in res) || res.status !== 200) return res;
      const body = JSON.parse(res.body) as { data?: unknown };
      if (!Array.isArray(body.data)) return res;
      return { ...res, body: JSON.stringify({ ...body, data: reviser(req, body.data as Array<Record<string, unknown>>) }) };
    },
  });
  const project = w.emu.bigQuery?.projects.get('agency-data');
  if (project)
    project.datasets.set('creator', {
      projectId: 'agency-data',
      datasetId: 'creator',
      defaultTableExpirationMs: project.billing ? null : 60 * 86_400_000,
      tables: new Map(),
    });
  w.connect();
  return { w, revise: (fn) => void (reviser = fn) };
}

interface Card {
  id: string;
  warehouse?: typeof DEST;
  warehouseExport?: { outcome: string; rows: number | null; message: string; atText: string | null; expiresText: string | null };
}

function refresh(w: World, id: string): void {
  const [outcome] = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [id]);
  if (outcome.outcome !== 'ok') throw new Error(outcome.message);
}

const card = (w: World, id: string): Card => w.call<{ reports: Card[] }>('listReports').reports.find((r) => r.id === id) as Card;

/** The ledger (or block) as site|date -> earnings, and the table likewise. */
function ledgerOf(w: World, sheetName: string): Map<string, number> {
  const [header, ...rows] = w.values(sheetName);
  const site = header.indexOf('Site');
  const date = header.indexOf('Date');
  const earnings = header.indexOf('Earnings');
  return new Map(rows.map((r) => [`${site >= 0 ? r[site] : 'site-1'}|${ymd(r[date])}`, Number(r[earnings])]));
}

function tableOf(w: World): Map<string, number> {
  const rows = w.emu.bigQuery?.table(DEST.projectId, DEST.datasetId, DEST.tableId)?.rows ?? [];
  const out = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.site_id}|${r.date}`;
    if (out.has(k)) throw new Error(`duplicate row ${k}`);
    out.set(k, Number(r.earnings));
  }
  return out;
}

const sortedEntries = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
const rounded = (m: Map<string, number>) => new Map([...m.entries()].map(([k, v]) => [k, Math.round(v * 100) / 100]));

describe('saved reports into BigQuery', () => {
  test('a history report: the table equals the ledger after the first refresh, a re-export, a revised day, and a failed load then retried', () => {
    const { w, revise } = world();
    const saved = w.call<Card>('saveReport', {
      report: 'earnings',
      siteId: ['site-1', 'site-2'],
      start: 'lastNinetyDays',
      sheetName: 'Ledger',
      mode: 'history',
      revisionDays: 7,
      warehouse: DEST,
    });
    expect(saved.warehouse).toEqual(DEST);
    refresh(w, saved.id);
    const ledger = ledgerOf(w, 'Ledger');
    expect(ledger.size).toBeGreaterThan(150);
    expect(sortedEntries(rounded(tableOf(w)))).toEqual(sortedEntries(rounded(ledger)));
    expect(card(w, saved.id).warehouseExport).toMatchObject({ outcome: 'ok', rows: ledger.size });

    // The next day: the revision window is re-read and a past day revised.
    w.emu.clock.advance(86_400_000);
    revise((req, rows) =>
      /earnings/.test(req.url) ? rows.map((r) => (String(r.date).startsWith('2026-09-30') ? { ...r, earnings: 999.99 } : r)) : rows,
    );
    refresh(w, saved.id);
    const revised = ledgerOf(w, 'Ledger');
    expect(revised.get('site-1|2026-09-30')).toBe(999.99);
    expect(sortedEntries(rounded(tableOf(w)))).toEqual(sortedEntries(rounded(revised)));

    // A failed load: the sheet refreshes, the table is untouched, the card says so; the next refresh catches up.
    revise((req, rows) =>
      /earnings/.test(req.url) ? rows.map((r) => (String(r.date).startsWith('2026-09-29') ? { ...r, earnings: 555.55 } : r)) : rows,
    );
    w.emu.bigQuery?.inject({ kind: 'jobError', job: 'load' });
    w.emu.clock.advance(3_600_000);
    const before = tableOf(w);
    refresh(w, saved.id);
    expect(ledgerOf(w, 'Ledger').get('site-1|2026-09-29')).toBe(555.55);
    expect(tableOf(w)).toEqual(before);
    const failedCard = card(w, saved.id).warehouseExport;
    expect(failedCard?.outcome).toBe('error');
    expect(failedCard?.message).toMatch(/tried again at the next refresh; the table was not changed/);
    expect(w.statusRows().find((r) => r.Name === 'Earnings (2 sites)' || r.Sheet === 'Ledger')?.['BigQuery export']).toMatch(/^Failed at /);
    w.emu.clock.advance(3_600_000);
    refresh(w, saved.id);
    expect(sortedEntries(rounded(tableOf(w)))).toEqual(sortedEntries(rounded(ledgerOf(w, 'Ledger'))));
    expect(w.statusRows().find((r) => r.Sheet === 'Ledger')?.['BigQuery export']).toMatch(/^OK: [\d,]+ rows at /);
  });

  test('a plain report: the days of the latest window equal the sheet, and earlier days stay in the table', () => {
    const { w } = world();
    const saved = w.call<Card>('saveReport', {
      report: 'earnings',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      sheetName: 'Plain',
      warehouse: DEST,
    });
    refresh(w, saved.id);
    refresh(w, saved.id);
    const first = tableOf(w);
    expect(first.size).toBe(30);
    w.emu.clock.advance(2 * 86_400_000);
    refresh(w, saved.id);
    const sheet = ledgerOf(w, 'Plain');
    const table = tableOf(w);
    for (const [k, v] of sheet) expect(Math.round((table.get(k) ?? Number.NaN) * 100)).toBe(Math.round(v * 100));
    expect(table.size).toBe(32);
    const rows = w.emu.bigQuery?.table(DEST.projectId, DEST.datasetId, DEST.tableId)?.rows ?? [];
    expect(rows.every((r) => r.site_id === 'site-1')).toBe(true);
  });

  test.each([
    ['not granted (granular consent)', 'grant'],
    ['refused by the service', 'noScope'],
  ])(
    'without the bigquery scope (%s) the refresh still works, and the card says BigQuery is not allowed and how to allow it',
    (_name, how) => {
      const { w } = world(how === 'noScope' ? { projects: { 'agency-data': {} }, scope: 'noScope' } : { projects: { 'agency-data': {} } });
      if (how === 'grant') {
        const others = SCOPES.filter((r) => r.status === 'requested' && r.key !== 'bigquery').map((r) => r.key);
        w.emu.grantScopes('owner@example.com', others);
      }
      const saved = w.call<Card>('saveReport', {
        report: 'earnings',
        siteId: 'site-1',
        start: 'lastThirtyDays',
        sheetName: 'Plain',
        warehouse: DEST,
      });
      refresh(w, saved.id);
      expect(w.values('Plain').length).toBe(31);
      const view = card(w, saved.id).warehouseExport;
      expect(view?.outcome).toBe('notAllowed');
      // The scope table's words, as for every other missing permission.
      const row = SCOPES.find((r) => r.key === 'bigquery');
      expect(row && view?.message).toBe(row && permissionMessage(row, null));
      expect(view?.message).toMatch(/^BigQuery is not allowed for this add-on in your account\. To allow it, /);
      expect(w.statusRows().find((r) => r.Sheet === 'Plain')?.['BigQuery export']).toMatch(/^Not allowed at .*: BigQuery is not allowed/);
      const tested = w.call<{ ok: boolean; checks: Array<{ message: string }> }>('testWarehouse', DEST);
      expect(tested.ok).toBe(false);
      expect(tested.checks.at(-1)?.message).toMatch(/BigQuery is not allowed/);
      if (how === 'grant') {
        const settings = w.call<{ permissions?: Array<{ key?: string; permission?: string }> }>('getSettings');
        expect(JSON.stringify(settings.permissions)).toContain('Copy your reports into your own BigQuery dataset');
      }
    },
  );

  test('testWarehouse says in words what is missing: project, permission, API, dataset; a missing table is fine', () => {
    const { w } = world({
      projects: { 'agency-data': {}, 'locked-data': { users: ['someone@example.com'] }, 'api-off-data': { apiEnabled: false } },
    });
    const test = (d: Partial<typeof DEST>) =>
      w.call<{ ok: boolean; checks: Array<{ label: string; ok: boolean; message: string }> }>('testWarehouse', { ...DEST, ...d });
    expect(test({ projectId: 'no-such-project' }).checks.at(-1)?.message).toMatch(/There is no Google Cloud project "no-such-project"/);
    expect(test({ projectId: 'locked-data' }).checks.at(-1)?.message).toMatch(
      /You have no permission to use BigQuery in project "locked-data"/,
    );
    expect(test({ projectId: 'api-off-data' }).checks.at(-1)?.message).toMatch(/The BigQuery API is not enabled in project "api-off-data"/);
    expect(test({ datasetId: 'nope' }).checks.at(-1)?.message).toMatch(/There is no dataset "nope" in project "agency-data"/);
    const fine = test({});
    expect(fine.ok).toBe(true);
    expect(fine.checks.map((c) => c.label)).toEqual(['Project', 'Dataset', 'Billing', 'Table']);
    expect(fine.checks[3].message).toMatch(/does not exist yet: the first export creates it/);
    expect(w.failure('owner@example.com', 'testWarehouse', { ...DEST, projectId: 'My Project' })).toMatch(
      /not a Google Cloud project ID: use the ID/,
    );
  });

  test('in the sandbox a whole ledger goes straight into the table (one WRITE_TRUNCATE load, no DML), and the card says when it expires', () => {
    const { w } = world({ projects: { 'agency-data': { billing: false } } });
    const saved = w.call<Card>('saveReport', {
      report: 'earnings',
      siteId: ['site-1', 'site-2'],
      start: '2025-01-01',
      end: '2026-10-03',
      sheetName: 'Ledger',
      mode: 'history',
    });
    refresh(w, saved.id);
    const ledger = ledgerOf(w, 'Ledger');
    expect(ledger.size).toBe(2 * 641);
    // The destination added to an existing ledger: the whole ledger is owed.
    const def = w.call<{ reports: Array<Record<string, unknown>> }>('listReports').reports[0];
    w.call('saveReport', { ...def, warehouse: DEST });
    const answer = w.call<{ done: boolean; exported: number; total: number; message: string }>('exportReportNow', saved.id);
    expect(answer).toMatchObject({ done: true, exported: 1282 });
    expect(answer.message).toMatch(/The whole history \(1,282 rows\) is in agency-data\.creator\.earnings_daily\. BigQuery sandbox/);
    expect(sortedEntries(rounded(tableOf(w)))).toEqual(sortedEntries(rounded(ledger)));
    const loads = w.emu.bigQuery?.jobs.filter((j) => j.kind === 'load' && j.destination?.endsWith('earnings_daily')) ?? [];
    expect(loads).toHaveLength(1);
    expect(w.emu.bigQuery?.jobs.filter((j) => j.kind === 'query' && j.error === null)).toHaveLength(0);
    expect(card(w, saved.id).warehouseExport?.expiresText).toMatch(/^2026-12-0\d$/);
    const tested = w.call<{ ok: boolean; checks: Array<{ label: string; message: string }> }>('testWarehouse', DEST);
    expect(tested.checks.find((c) => c.label === 'Billing')?.message).toMatch(/Billing looks not enabled in project "agency-data"/);
    // Exported again: the table is replaced, not doubled.
    w.call('exportReportNow', saved.id);
    expect(sortedEntries(rounded(tableOf(w)))).toEqual(sortedEntries(rounded(ledger)));
  });

  test('a ledger larger than one step goes in across executions, each continuing from the checkpoint; no job over 10 MB', () => {
    // Slow jobs (an assumption, for the test): one 50,000-row step uses most of an execution.
    const { w } = world({ projects: { 'agency-data': {} }, jobMs: 40_000 });
    const saved = w.call<Card>('saveReport', {
      report: 'pages/performance',
      siteId: 'site-1',
      start: '2026-08-15',
      end: '2026-09-30',
      sheetName: 'Pages',
      mode: 'history',
      warehouse: { ...DEST, tableId: 'pages_daily' },
    });
    // The first refresh's export starts the backfill; later calls continue it.
    refresh(w, saved.id);
    const [header, ...rows] = w.values('Pages');
    expect(rows.length).toBeGreaterThan(50_000);
    const answers: Array<{ done: boolean; exported: number; total: number; message: string }> = [];
    let view = card(w, saved.id).warehouseExport;
    expect(view?.message).toMatch(/^Backfill continuing: [\d,]+ of [\d,]+ rows sent to agency-data\.creator\.pages_daily\.$/);
    for (let call = 0; call < 10 && view?.outcome !== 'ok'; call++) {
      const answer = w.call<{ done: boolean; exported: number; total: number; message: string }>('exportReportNow', saved.id);
      answers.push(answer);
      view = card(w, saved.id).warehouseExport;
      if (answer.done) break;
    }
    expect(answers.at(-1)?.done).toBe(true);
    const table = w.emu.bigQuery?.table('agency-data', 'creator', 'pages_daily')?.rows ?? [];
    expect(table).toHaveLength(rows.length);
    const url = header.indexOf('Page URL');
    const date = header.indexOf('Date');
    const inTable = new Set(table.map((r) => `${r.date} ${r.page_url}`));
    for (const r of rows) expect(inTable.has(`${ymd(r[date])} ${r[url]}`)).toBe(true);
    const loads = w.emu.bigQuery?.jobs.filter((j) => j.kind === 'load') ?? [];
    expect(Math.max(...loads.map((j) => j.bytes))).toBeLessThan(10 * 1024 * 1024);
  }, 120_000);
});
