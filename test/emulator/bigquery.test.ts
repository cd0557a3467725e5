import type { Emulator } from '../../emulator';
import { newEmulator, thrownMessage } from './helpers';

type Bq = {
  Datasets: { get(p: string, d: string): Record<string, unknown>; insert(r: unknown, p: string): unknown };
  Tables: {
    get(p: string, d: string, t: string): Record<string, unknown>;
    insert(r: unknown, p: string, d: string): Record<string, unknown>;
    patch(r: unknown, p: string, d: string, t: string): Record<string, unknown>;
  };
  Jobs: { insert(r: unknown, p: string, blob?: unknown): Job; get(p: string, id: string): Job };
};
type Job = {
  jobReference: { jobId: string };
  status: { state: string; errorResult?: { reason: string; message: string }; errors?: Array<{ reason: string; message: string }> };
};

const FIELDS = [
  { name: 'site_id', type: 'STRING' },
  { name: 'date', type: 'DATE' },
  { name: 'earnings', type: 'NUMERIC' },
  { name: 'sessions', type: 'INT64' },
];

function setup(projects: Record<string, { billing?: boolean; apiEnabled?: boolean; users?: string[] }> = { p1: {} }, extra = {}) {
  const emu = newEmulator({ bigQuery: { projects, ...extra } });
  const bq = emu.globals.BigQuery as unknown as Bq;
  return { emu, bq };
}

const ndjson = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');

function load(emu: Emulator, bq: Bq, tableId: string, rows: object[] | string, more: Record<string, unknown> = {}): Job {
  const blob = emu.globals.Utilities.newBlob(typeof rows === 'string' ? rows : ndjson(rows), 'application/octet-stream');
  const job = bq.Jobs.insert(
    {
      configuration: {
        load: {
          destinationTable: { projectId: 'p1', datasetId: 'ds', tableId },
          sourceFormat: 'NEWLINE_DELIMITED_JSON',
          schema: { fields: FIELDS },
          timePartitioning: { type: 'DAY', field: 'date' },
          writeDisposition: 'WRITE_APPEND',
          ...more,
        },
      },
    },
    'p1',
    blob,
  );
  return finish(emu, bq, job);
}

function finish(emu: Emulator, bq: Bq, job: Job): Job {
  expect(job.status.state).toBe('RUNNING');
  emu.clock.advance(5000);
  return bq.Jobs.get('p1', job.jobReference.jobId);
}

function query(emu: Emulator, bq: Bq, sql: string): Job {
  return finish(emu, bq, bq.Jobs.insert({ configuration: { query: { query: sql, useLegacySql: false } } }, 'p1'));
}

const day = (date: string, site = '1', earnings = 10) => ({ site_id: site, date, earnings, sessions: 100 });

describe('BigQuery advanced service (emulator)', () => {
  it('is absent unless the emulator is told the service is enabled', () => {
    expect(newEmulator().globals.BigQuery).toBeUndefined();
  });

  it('creates a dataset and loads newline-delimited JSON into a new partitioned table, polled to DONE', () => {
    const { emu, bq } = setup();
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    const job = load(emu, bq, 'daily', [day('2026-01-01'), day('2026-01-02')]);
    expect(job.status).toEqual({ state: 'DONE' });
    const table = bq.Tables.get('p1', 'ds', 'daily');
    expect(table.numRows).toBe('2');
    expect(table.timePartitioning).toEqual({ type: 'DAY', field: 'date' });
    expect(emu.bigQuery?.table('p1', 'ds', 'daily')?.rows[0]).toEqual({ site_id: '1', date: '2026-01-01', earnings: 10, sessions: 100 });
  });

  it("a bad value fails the whole job in BigQuery's shape and writes nothing", () => {
    const { emu, bq } = setup();
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    load(emu, bq, 'daily', [day('2026-01-01')]);
    const job = load(emu, bq, 'daily', [day('2026-01-02'), { ...day('2026-01-03'), sessions: 'many' }]);
    expect(job.status.state).toBe('DONE');
    expect(job.status.errorResult?.reason).toBe('invalid');
    expect(job.status.errorResult?.message).toMatch(/Could not parse 'many' as INT64 for field sessions/);
    expect(job.status.errors?.[0]).toEqual(job.status.errorResult);
    expect(emu.bigQuery?.table('p1', 'ds', 'daily')?.rows).toHaveLength(1);
  });

  it('refuses a new field unless ALLOW_FIELD_ADDITION, and a type change always, naming the field', () => {
    const { emu, bq } = setup();
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    load(emu, bq, 'daily', [day('2026-01-01')]);
    const wider = { fields: [...FIELDS, { name: 'clicks', type: 'INT64' }] };
    const refused = load(emu, bq, 'daily', [{ ...day('2026-01-02'), clicks: 3 }], { schema: wider });
    expect(refused.status.errorResult?.message).toMatch(/Cannot add fields \(field: clicks\)/);
    const added = load(emu, bq, 'daily', [{ ...day('2026-01-02'), clicks: 3 }], {
      schema: wider,
      schemaUpdateOptions: ['ALLOW_FIELD_ADDITION'],
    });
    expect(added.status.errorResult).toBeUndefined();
    expect((bq.Tables.get('p1', 'ds', 'daily').schema as { fields: Array<{ name: string }> }).fields.map((f) => f.name)).toContain(
      'clicks',
    );
    const retyped = { fields: FIELDS.map((f) => (f.name === 'sessions' ? { ...f, type: 'STRING' } : f)) };
    const changed = load(emu, bq, 'daily', [], { schema: { fields: [...retyped.fields, { name: 'clicks', type: 'INT64' }] } });
    expect(changed.status.errorResult?.message).toMatch(/Field sessions has changed type from INT64 to STRING/);
    const unknown = load(emu, bq, 'daily', [{ ...day('2026-01-05'), mystery: 1 }], { schema: wider });
    expect(unknown.status.errorResult?.message).toMatch(/No such field: mystery/);
  });

  it('a partition decorator with WRITE_TRUNCATE replaces that day only, and refuses rows of another day', () => {
    const { emu, bq } = setup();
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    load(emu, bq, 'daily', [day('2026-01-01'), day('2026-01-02')]);
    const ok = load(emu, bq, 'daily$20260102', [day('2026-01-02', '1', 99)], { writeDisposition: 'WRITE_TRUNCATE' });
    expect(ok.status.errorResult).toBeUndefined();
    const rows = emu.bigQuery?.table('p1', 'ds', 'daily')?.rows ?? [];
    expect(rows.map((r) => [r.date, r.earnings])).toEqual([
      ['2026-01-01', 10],
      ['2026-01-02', 99],
    ]);
    const stray = load(emu, bq, 'daily$20260102', [day('2026-01-03')], { writeDisposition: 'WRITE_TRUNCATE' });
    expect(stray.status.errorResult?.message).toMatch(/different partitions rather than destination partition 20260102/);
    const empty = load(emu, bq, 'daily$20260101', [day('2026-01-01')], { writeDisposition: 'WRITE_EMPTY' });
    expect(empty.status.errorResult?.reason).toBe('duplicate');
  });

  it("MERGE of the add-on's shape updates, inserts and deletes the rows in scope that the source no longer has", () => {
    const { emu, bq } = setup();
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    load(emu, bq, 'daily', [day('2026-01-01'), day('2026-01-02'), day('2026-01-02', '2'), day('2026-01-03', '9')]);
    load(emu, bq, 'stage', [day('2026-01-02', '1', 50), day('2026-01-04', '1', 7)], { writeDisposition: 'WRITE_TRUNCATE' });
    const job = query(
      emu,
      bq,
      `MERGE \`p1.ds.daily\` AS t USING \`p1.ds.stage\` AS s
       ON t.\`site_id\` = s.\`site_id\` AND t.\`date\` = s.\`date\`
       WHEN MATCHED THEN UPDATE SET \`earnings\` = s.\`earnings\`, \`sessions\` = s.\`sessions\`
       WHEN NOT MATCHED THEN INSERT ROW
       WHEN NOT MATCHED BY SOURCE AND t.\`site_id\` IN ('1', '2') AND t.\`date\` BETWEEN DATE '2026-01-02' AND DATE '2026-01-04' THEN DELETE`,
    );
    expect(job.status.errorResult).toBeUndefined();
    const rows = (emu.bigQuery?.table('p1', 'ds', 'daily')?.rows ?? []).map((r) => `${r.site_id} ${r.date} ${r.earnings}`);
    expect(rows.sort()).toEqual(['1 2026-01-01 10', '1 2026-01-02 50', '1 2026-01-04 7', '9 2026-01-03 10']);
  });

  it('refuses any other query with a clear error, and DML in the sandbox (no billing)', () => {
    const { emu, bq } = setup({ p1: { billing: false } });
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    expect(query(emu, bq, 'SELECT 1').status.errorResult?.message).toMatch(/Only the MERGE and DELETE statements/);
    load(emu, bq, 'daily', [day('2026-01-01')]);
    const del = query(emu, bq, "DELETE FROM `p1.ds.daily` WHERE `site_id` IN ('1')");
    expect(del.status.errorResult?.reason).toBe('billingNotEnabled');
    expect(emu.bigQuery?.table('p1', 'ds', 'daily')?.rows).toHaveLength(1);
  });

  it('sandbox tables expire 60 days after they were made', () => {
    const { emu, bq } = setup({ p1: { billing: false } });
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    load(emu, bq, 'daily', [day('2026-01-01')]);
    expect(bq.Tables.get('p1', 'ds', 'daily').expirationTime).toBeDefined();
    emu.clock.advance(61 * 86_400_000);
    expect(thrownMessage(() => bq.Tables.get('p1', 'ds', 'daily'))).toMatch(/Not found: Table p1:ds.daily/);
  });

  it('throws on a request over 10 MB, a missing project, no permission, a disabled API, and without the scope', () => {
    const { emu, bq } = setup({ p1: {}, locked: { users: ['someone@example.com'] }, off: { apiEnabled: false } });
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    const big = JSON.stringify({ site_id: 'x'.repeat(1000), date: '2026-01-01' });
    const lines = Array.from({ length: 10_500 }, () => big).join('\n');
    expect(thrownMessage(() => load(emu, bq, 'daily', lines))).toMatch(/Request payload size exceeds the limit: 10485760 bytes/);
    expect(thrownMessage(() => bq.Datasets.get('nope', 'ds'))).toMatch(/Not found: Project nope/);
    expect(thrownMessage(() => bq.Datasets.get('locked', 'ds'))).toMatch(/Access Denied: Project locked/);
    expect(thrownMessage(() => bq.Datasets.get('off', 'ds'))).toMatch(/BigQuery API has not been used in project off/);
    const noScope = newEmulator({ bigQuery: { projects: { p1: {} }, scope: 'noScope' } }).globals.BigQuery as unknown as Bq;
    expect(thrownMessage(() => noScope.Datasets.get('p1', 'ds'))).toMatch(
      /You do not have permission to call BigQuery.Datasets.get. Required permissions: https:\/\/www.googleapis.com\/auth\/bigquery/,
    );
  });

  it('counts table operations per day and fails the job past the quota', () => {
    const { emu, bq } = setup({ p1: {} }, { tableOperationsPerDay: 3 });
    bq.Datasets.insert({ datasetReference: { datasetId: 'ds' } }, 'p1');
    for (const d of ['01', '02', '03']) expect(load(emu, bq, 'daily', [day(`2026-01-${d}`)]).status.errorResult).toBeUndefined();
    const over = load(emu, bq, 'daily', [day('2026-01-04')]);
    expect(over.status.errorResult?.reason).toBe('quotaExceeded');
    emu.clock.advance(86_400_000);
    expect(load(emu, bq, 'daily', [day('2026-01-04')]).status.errorResult).toBeUndefined();
  });
});
