/**
 * The BigQuery advanced service (`BigQuery.Datasets`, `.Tables`, `.Jobs`) as far as the add-on
 * uses it, over in-memory projects. Only present when the emulator is told the service is enabled
 * (the manifest's enabledAdvancedServices); 'noScope' models a user who did not grant the
 * `bigquery` scope: every call throws Google's permission error.
 *
 * Jobs run when inserted but report RUNNING until `jobMs` of virtual time has passed (the add-on
 * must poll Jobs.get); a failed job is DONE with status.errorResult and status.errors[] and changed
 * nothing. Requests over 10 MB throw, as do calls on a missing project, without permission, or with
 * the API disabled. A project without billing is the sandbox: DML is refused and every table expires
 * 60 days after it was made.
 */
import type { EmulatedBlob } from './blob';
import { type LoadConfig, checkFields, mergeSchema, parseRows, writeRows } from './bigquery-load';
import {
  type DatasetData,
  type FieldSchema,
  GoogleJsonResponseException,
  JobFailure,
  type ProjectData,
  type ProjectSetup,
  REQUEST_LIMIT_BYTES,
  SANDBOX_EXPIRATION_MS,
  TABLE_OPERATIONS_PER_DAY,
  type TableData,
  tableName,
} from './bigquery-model';
import { inScope, parseStatement, runMerge } from './bigquery-sql';

export type { ProjectSetup, TableData } from './bigquery-model';

export interface BigQuerySetup {
  projects?: Record<string, ProjectSetup>;
  /** 'noScope': the service is enabled but the user did not grant the bigquery scope. */
  scope?: 'granted' | 'noScope';
  /** Virtual ms a job takes before Jobs.get says DONE (a number, or one per job). Default 2000. */
  jobMs?: number | ((job: { kind: 'load' | 'query'; bytes: number; rows: number }) => number);
  /** Table operations (loads, DML) per table per day. Default 1,500, BigQuery's quota. */
  tableOperationsPerDay?: number;
  /**
   * Unconfirmed: whether a query BigQuery refuses (DML in the sandbox, a bad statement) comes back
   * as a DONE job with status.errorResult (false, the default) or makes Jobs.insert throw (true).
   */
  queryErrorsThrow?: boolean;
}

export interface JobRecord {
  jobId: string;
  projectId: string;
  kind: 'load' | 'query';
  user: string;
  insertedAt: number;
  doneAt: number;
  /** Request bytes (the media blob of a load). */
  bytes: number;
  rows: number;
  destination: string | null;
  error: { reason: string; message: string } | null;
  /** Rows a DML statement changed. */
  affected: number;
}

export interface Injection {
  kind: 'jobError' | 'quota' | 'backendError';
  /** Jobs it fails (default 1). */
  times?: number;
  /** Only jobs of this kind. */
  job?: 'load' | 'query';
}

export interface BigQueryControl {
  readonly projects: Map<string, ProjectData>;
  readonly jobs: JobRecord[];
  addProject(projectId: string, setup?: ProjectSetup): ProjectData;
  table(projectId: string, datasetId: string, tableId: string): TableData | null;
  inject(injection: Injection): void;
  /** Every table, for the playground. */
  tables(): TableData[];
}

export interface BigQueryDeps {
  now(): number;
  user(): string;
  /** Whether the current user granted the bigquery scope (granular consent); absent: granted. */
  granted?(): boolean;
}

interface JobResource {
  jobReference?: { projectId?: string; jobId?: string };
  configuration?: { load?: LoadConfig; query?: { query?: string; useLegacySql?: boolean } };
}

const DAY_MS = 86_400_000;

function blobText(blob: unknown): { text: string; bytes: number } {
  const b = blob as EmulatedBlob | null;
  if (!b || typeof b.getDataAsString !== 'function') return { text: '', bytes: 0 };
  const buffer = b.buffer();
  return { text: buffer.toString('utf8'), bytes: buffer.length };
}

interface State {
  deps: BigQueryDeps;
  setup: BigQuerySetup;
  projects: Map<string, ProjectData>;
  jobs: JobRecord[];
  injections: Injection[];
  nextJob: number;
}

function jobMs(S: State, job: JobRecord): number {
  const given = S.setup.jobMs;
  return typeof given === 'function' ? given({ kind: job.kind, bytes: job.bytes, rows: job.rows + job.affected }) : (given ?? 2000);
}

export function createBigQuery(deps: BigQueryDeps, setup: BigQuerySetup): { service: unknown; control: BigQueryControl } {
  const S: State = { deps, setup, projects: new Map(), jobs: [], injections: [], nextJob: 1 };
  for (const [id, s] of Object.entries(setup.projects ?? {})) addProject(S, id, s);
  return { service: { Datasets: datasetsService(S), Tables: tablesService(S), Jobs: jobsService(S) }, control: controlOf(S) };
}

function addProject(S: State, projectId: string, s: ProjectSetup = {}): ProjectData {
  const p: ProjectData = {
    projectId,
    billing: s.billing ?? true,
    apiEnabled: s.apiEnabled ?? true,
    users: s.users ?? [],
    datasets: new Map(),
  };
  S.projects.set(projectId, p);
  return p;
}

function fail(method: string, code: number, reason: string, message: string): never {
  throw new GoogleJsonResponseException(method, code, reason, message);
}

/** The project as the current user may use it, or the error BigQuery gives. */
function project(S: State, method: string, projectId: unknown, permission: string): ProjectData {
  if (S.setup.scope === 'noScope' || S.deps.granted?.() === false) {
    throw new Error(
      `You do not have permission to call BigQuery.${method.charAt(0).toUpperCase()}${method.slice(1)}. Required permissions: https://www.googleapis.com/auth/bigquery`,
    );
  }
  const p = typeof projectId === 'string' ? S.projects.get(projectId) : undefined;
  if (!p) return fail(method, 404, 'notFound', `Not found: Project ${String(projectId)}`);
  if (!p.apiEnabled)
    fail(
      method,
      403,
      'accessNotConfigured',
      `BigQuery API has not been used in project ${p.projectId} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/bigquery.googleapis.com/overview?project=${p.projectId} then retry.`,
    );
  if (p.users.length && !p.users.includes(S.deps.user()))
    fail(
      method,
      403,
      'accessDenied',
      `Access Denied: Project ${p.projectId}: User does not have ${permission} permission in project ${p.projectId}.`,
    );
  return p;
}

function dataset(S: State, method: string, projectId: unknown, datasetId: unknown, permission: string): DatasetData {
  const p = project(S, method, projectId, permission);
  const d = typeof datasetId === 'string' ? p.datasets.get(datasetId) : undefined;
  if (!d) return fail(method, 404, 'notFound', `Not found: Dataset ${p.projectId}:${String(datasetId)}`);
  return d;
}

/** A table, unless it has expired (then it is gone, as in BigQuery). */
function liveTable(S: State, d: DatasetData, tableId: string): TableData | null {
  const t = d.tables.get(tableId);
  if (t && t.expirationTime !== null && t.expirationTime <= S.deps.now()) {
    d.tables.delete(tableId);
    return null;
  }
  return t ?? null;
}

function tableResource(t: TableData): Record<string, unknown> {
  return {
    kind: 'bigquery#table',
    id: tableName(t),
    tableReference: { projectId: t.projectId, datasetId: t.datasetId, tableId: t.tableId },
    schema: { fields: t.fields.map((f) => ({ ...f, mode: f.mode ?? 'NULLABLE' })) },
    ...(t.partitionField ? { timePartitioning: { type: 'DAY', field: t.partitionField } } : {}),
    ...(t.clustering.length ? { clustering: { fields: [...t.clustering] } } : {}),
    ...(t.description ? { description: t.description } : {}),
    ...(t.expirationTime !== null ? { expirationTime: String(t.expirationTime) } : {}),
    numRows: String(t.rows.length),
    creationTime: String(t.createdAt),
  };
}

function newTable(
  S: State,
  d: DatasetData,
  tableId: string,
  fields: FieldSchema[],
  partitionField: string | null,
  clustering: string[],
): TableData {
  const t: TableData = {
    projectId: d.projectId,
    datasetId: d.datasetId,
    tableId,
    fields: fields.map((f) => ({ ...f })),
    partitionField,
    clustering,
    expirationTime: d.defaultTableExpirationMs !== null ? S.deps.now() + d.defaultTableExpirationMs : null,
    rows: [],
    createdAt: S.deps.now(),
  };
  d.tables.set(tableId, t);
  return t;
}

function countOperation(S: State, t: TableData): void {
  const day = Math.floor(S.deps.now() / DAY_MS);
  const used = S.jobs.filter((j) => j.destination === tableName(t) && Math.floor(j.insertedAt / DAY_MS) === day && j.error === null).length;
  if (used >= (S.setup.tableOperationsPerDay ?? TABLE_OPERATIONS_PER_DAY))
    throw new JobFailure(
      'quotaExceeded',
      'Quota exceeded: Your table exceeded quota for imports or query appends per table. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas',
    );
}

function injected(S: State, kind: 'load' | 'query'): void {
  const i = S.injections.findIndex((x) => !x.job || x.job === kind);
  if (i < 0) return;
  const inj = S.injections[i];
  inj.times = (inj.times ?? 1) - 1;
  if (inj.times <= 0) S.injections.splice(i, 1);
  if (inj.kind === 'quota')
    throw new JobFailure('quotaExceeded', 'Quota exceeded: Your project exceeded quota for free query bytes scanned.');
  if (inj.kind === 'backendError')
    throw new JobFailure('backendError', 'Error encountered during execution. Retrying may solve the problem.');
  throw new JobFailure('invalid', 'Error while reading data, error message: Input contains an injected fault.');
}

function runLoad(S: State, p: ProjectData, config: LoadConfig, text: string): { destination: string; rows: number } {
  const dest = config.destinationTable ?? {};
  if ((config.sourceFormat ?? 'CSV') !== 'NEWLINE_DELIMITED_JSON')
    throw new JobFailure('invalid', 'This fake loads NEWLINE_DELIMITED_JSON only.');
  const d = dataset(S, 'S.jobs.insert', dest.projectId ?? p.projectId, dest.datasetId, 'bigquery.tables.updateData');
  const m = /^([A-Za-z0-9_]+)(?:\$(\d{8}))?$/.exec(String(dest.tableId ?? ''));
  if (!m) throw new JobFailure('invalid', `Invalid table ID "${String(dest.tableId)}".`);
  const [, tableId, partition = null] = m;
  let table = liveTable(S, d, tableId);
  const given = config.schema?.fields;
  if (!table) {
    if (config.createDisposition === 'CREATE_NEVER')
      throw new JobFailure('notFound', `Not found: Table ${d.projectId}:${d.datasetId}.${tableId}`);
    if (!given?.length) throw new JobFailure('invalid', 'No schema specified on job or table.');
    checkFields(given);
    const field = config.timePartitioning?.field ?? null;
    if (field && !given.some((f) => f.name === field && /^(DATE|TIMESTAMP)$/i.test(f.type)))
      throw new JobFailure(
        'invalid',
        `The field specified for time partitioning can only be of type TIMESTAMP, DATE or DATETIME. The type found is: missing for field ${field}.`,
      );
    table = {
      projectId: d.projectId,
      datasetId: d.datasetId,
      tableId,
      fields: [],
      partitionField: field,
      clustering: config.clustering?.fields ?? [],
      expirationTime: null,
      rows: [],
      createdAt: S.deps.now(),
    };
    table.fields = mergeSchema(table, given, [], true);
    if (partition !== null && !field)
      throw new JobFailure('invalid', `Cannot write to partition ${partition} of a table that is not partitioned.`);
    parseAndWrite(table, text, config, partition);
    const created = newTable(S, d, tableId, table.fields, table.partitionField, table.clustering);
    created.rows = table.rows;
    return { destination: tableName(created), rows: created.rows.length };
  }
  if (partition !== null && !table.partitionField)
    throw new JobFailure('invalid', `Cannot write to partition ${partition} of table ${tableName(table)}: it is not partitioned.`);
  countOperation(S, table);
  const disposition = config.writeDisposition ?? 'WRITE_APPEND';
  const fields = mergeSchema(table, given, config.schemaUpdateOptions ?? [], disposition === 'WRITE_TRUNCATE' && partition === null);
  // Work on a copy: a failure leaves the table as it was.
  const draft: TableData = { ...table, fields, rows: [...table.rows] };
  const count = parseAndWrite(draft, text, config, partition);
  table.fields = draft.fields;
  table.rows = draft.rows.map((r) => Object.fromEntries(draft.fields.map((f) => [f.name, r[f.name] ?? null])));
  return { destination: tableName(table), rows: count };
}

function parseAndWrite(table: TableData, text: string, config: LoadConfig, partition: string | null): number {
  const rows = parseRows(text, table.fields, config.ignoreUnknownValues === true);
  writeRows(table, rows, config.writeDisposition ?? 'WRITE_APPEND', partition);
  return rows.length;
}

function runQuery(S: State, p: ProjectData, sql: string): { destination: string; affected: number } {
  let st: ReturnType<typeof parseStatement>;
  try {
    st = parseStatement(sql);
  } catch (e) {
    throw new JobFailure('invalidQuery', (e as Error).message);
  }
  if (!p.billing)
    throw new JobFailure(
      'billingNotEnabled',
      'Billing has not been enabled for this project. Enable billing at https://console.cloud.google.com/billing. DML queries are not allowed in the free tier. Set up a billing account to remove this restriction.',
    );
  const target = findTable(S, st.target.projectId, st.target.datasetId, st.target.tableId);
  countOperation(S, target);
  if (st.kind === 'delete') {
    const kept = target.rows.filter((r) => !inScope(r, st.scope));
    const affected = target.rows.length - kept.length;
    target.rows = kept;
    return { destination: tableName(target), affected };
  }
  const source = findTable(S, st.source.projectId, st.source.datasetId, st.source.tableId);
  const columns = target.fields.map((f) => f.name);
  const sourceColumns = source.fields.map((f) => f.name);
  if (columns.join(',') !== sourceColumns.join(','))
    throw new JobFailure(
      'invalidQuery',
      `INSERT ROW needs the same columns in the same order in ${tableName(source)} as in ${tableName(target)}.`,
    );
  for (const c of [...st.keys, ...st.updates]) if (!columns.includes(c)) throw new JobFailure('invalidQuery', `Unrecognized name: ${c}`);
  try {
    const out = runMerge(target.rows, source.rows, st, columns);
    target.rows = out.rows;
    return { destination: tableName(target), affected: out.affected };
  } catch (e) {
    throw new JobFailure('invalidQuery', (e as Error).message);
  }
}

function findTable(S: State, projectId: string, datasetId: string, tableId: string): TableData {
  const d = S.projects.get(projectId)?.datasets.get(datasetId);
  const t = d ? liveTable(S, d, tableId) : null;
  if (!t) throw new JobFailure('notFound', `Not found: Table ${projectId}:${datasetId}.${tableId}`);
  return t;
}

function jobResource(S: State, j: JobRecord): Record<string, unknown> {
  const done = S.deps.now() >= j.doneAt;
  const status: Record<string, unknown> = { state: done ? 'DONE' : 'RUNNING' };
  if (done && j.error) {
    status.errorResult = { ...j.error };
    status.errors = [{ ...j.error }];
  }
  return {
    kind: 'bigquery#job',
    id: `${j.projectId}:US.${j.jobId}`,
    jobReference: { projectId: j.projectId, jobId: j.jobId, location: 'US' },
    status,
    statistics: {
      creationTime: String(j.insertedAt),
      ...(done ? { endTime: String(j.doneAt) } : {}),
      ...(j.kind === 'load' && done && !j.error ? { load: { outputRows: String(j.rows), inputFileBytes: String(j.bytes) } } : {}),
      ...(j.kind === 'query' && done && !j.error ? { query: { numDmlAffectedRows: String(j.affected) } } : {}),
    },
  };
}

function jobsService(S: State) {
  return {
    insert(resource: JobResource, projectId: string, mediaData?: unknown) {
      const p = project(S, 'Jobs.insert', projectId, 'bigquery.jobs.create');
      const media = blobText(mediaData);
      const bytes = media.bytes + JSON.stringify(resource ?? {}).length;
      if (bytes > REQUEST_LIMIT_BYTES)
        fail('S.jobs.insert', 413, 'payloadTooLarge', `Request payload size exceeds the limit: ${REQUEST_LIMIT_BYTES} bytes.`);
      const load = resource?.configuration?.load;
      const query = resource?.configuration?.query;
      if (!load && !query) fail('S.jobs.insert', 400, 'invalid', 'Required parameter is missing: job configuration.');
      const kind: 'load' | 'query' = load ? 'load' : 'query';
      const job: JobRecord = {
        jobId: resource?.jobReference?.jobId ?? `job_${String(S.nextJob++).padStart(6, '0')}`,
        projectId: p.projectId,
        kind,
        user: S.deps.user(),
        insertedAt: S.deps.now(),
        doneAt: S.deps.now(),
        bytes: media.bytes,
        rows: 0,
        destination: null,
        error: null,
        affected: 0,
      };
      if (S.jobs.some((j) => j.projectId === p.projectId && j.jobId === job.jobId))
        fail('S.jobs.insert', 409, 'duplicate', `Already Exists: Job ${p.projectId}:US.${job.jobId}`);
      try {
        injected(S, kind);
        if (load) {
          const out = runLoad(S, p, load, media.text);
          job.destination = out.destination;
          job.rows = out.rows;
        } else {
          if (query?.useLegacySql !== false)
            throw new JobFailure('invalidQuery', 'This fake runs standard SQL only (useLegacySql: false).');
          const out = runQuery(S, p, String(query?.query ?? ''));
          job.destination = out.destination;
          job.affected = out.affected;
        }
      } catch (e) {
        if (!(e instanceof JobFailure)) throw e;
        if (kind === 'query' && S.setup.queryErrorsThrow) fail('jobs.insert', 400, e.reason, e.message);
        job.error = { reason: e.reason, message: e.message };
      }
      job.doneAt = job.insertedAt + jobMs(S, job);
      S.jobs.push(job);
      return jobResource(S, job);
    },
    get(projectId: string, jobId: string) {
      const p = project(S, 'Jobs.get', projectId, 'bigquery.jobs.get');
      const j = S.jobs.find((x) => x.projectId === p.projectId && x.jobId === jobId);
      if (!j) return fail('S.jobs.get', 404, 'notFound', `Not found: Job ${p.projectId}:${jobId}`);
      return jobResource(S, j);
    },
  };
}

function datasetsService(S: State) {
  return {
    get(projectId: string, datasetId: string) {
      const d = dataset(S, 'datasets.get', projectId, datasetId, 'bigquery.datasets.get');
      return {
        kind: 'bigquery#dataset',
        datasetReference: { projectId: d.projectId, datasetId: d.datasetId },
        ...(d.defaultTableExpirationMs !== null ? { defaultTableExpirationMs: String(d.defaultTableExpirationMs) } : {}),
      };
    },
    insert(resource: { datasetReference?: { datasetId?: string } }, projectId: string) {
      const p = project(S, 'datasets.insert', projectId, 'bigquery.datasets.create');
      const id = resource?.datasetReference?.datasetId;
      if (typeof id !== 'string' || !/^[A-Za-z0-9_]{1,1024}$/.test(id))
        return fail('datasets.insert', 400, 'invalid', `Invalid dataset ID "${String(id)}".`);
      if (p.datasets.has(id)) return fail('datasets.insert', 409, 'duplicate', `Already Exists: Dataset ${p.projectId}:${id}`);
      p.datasets.set(id, {
        projectId: p.projectId,
        datasetId: id,
        defaultTableExpirationMs: p.billing ? null : SANDBOX_EXPIRATION_MS,
        tables: new Map(),
      });
      return datasetsService(S).get(projectId, id);
    },
  };
}

interface TableInput {
  tableReference?: { tableId?: string };
  schema?: { fields?: FieldSchema[] };
  timePartitioning?: { type?: string; field?: string };
  clustering?: { fields?: string[] };
  description?: string;
  expirationTime?: string | number;
}

function getTable(S: State, method: string, projectId: string, datasetId: string, tableId: string): TableData {
  const d = dataset(S, method, projectId, datasetId, 'bigquery.tables.get');
  const t = liveTable(S, d, tableId);
  if (!t) return fail(method, 404, 'notFound', `Not found: Table ${projectId}:${datasetId}.${tableId}`);
  return t;
}

function guardSchema(method: string, fields: FieldSchema[]): void {
  try {
    checkFields(fields);
  } catch (e) {
    fail(method, 400, 'invalid', (e as Error).message);
  }
}

function tablesService(S: State) {
  return {
    get: (projectId: string, datasetId: string, tableId: string) => tableResource(getTable(S, 'tables.get', projectId, datasetId, tableId)),
    insert(resource: TableInput, projectId: string, datasetId: string) {
      const d = dataset(S, 'tables.insert', projectId, datasetId, 'bigquery.tables.create');
      const id = String(resource?.tableReference?.tableId ?? '');
      if (!/^[A-Za-z0-9_]{1,1024}$/.test(id)) return fail('tables.insert', 400, 'invalid', `Invalid table ID "${id}".`);
      if (liveTable(S, d, id)) return fail('tables.insert', 409, 'duplicate', `Already Exists: Table ${projectId}:${datasetId}.${id}`);
      const fields = resource.schema?.fields ?? [];
      guardSchema('tables.insert', fields);
      const t = newTable(S, d, id, fields, resource.timePartitioning?.field ?? null, resource.clustering?.fields ?? []);
      if (resource.description) t.description = resource.description;
      if (resource.expirationTime !== undefined)
        t.expirationTime = Math.min(Number(resource.expirationTime), t.expirationTime ?? Number.POSITIVE_INFINITY);
      return tableResource(t);
    },
    patch(resource: TableInput, projectId: string, datasetId: string, tableId: string) {
      const t = getTable(S, 'tables.patch', projectId, datasetId, tableId);
      if (resource.schema?.fields) {
        const fields = resource.schema.fields;
        guardSchema('tables.patch', fields);
        for (const old of t.fields) {
          const now = fields.find((f) => f.name === old.name);
          if (!now)
            fail(
              'tables.patch',
              400,
              'invalid',
              `Provided Schema does not match Table ${tableName(t)}. Field ${old.name} is missing in new schema`,
            );
          else if (now.type.toUpperCase() !== old.type.toUpperCase())
            fail(
              'tables.patch',
              400,
              'invalid',
              `Provided Schema does not match Table ${tableName(t)}. Field ${old.name} has changed type from ${old.type} to ${now.type}`,
            );
        }
        t.fields = fields.map((f) => ({ ...f }));
        // An added column reads NULL in the rows already there.
        t.rows = t.rows.map((r) => Object.fromEntries(t.fields.map((f) => [f.name, r[f.name] ?? null])));
      }
      if (resource.description !== undefined) t.description = resource.description;
      if (resource.expirationTime !== undefined) t.expirationTime = Number(resource.expirationTime);
      return tableResource(t);
    },
    remove(projectId: string, datasetId: string, tableId: string) {
      const d = dataset(S, 'tables.delete', projectId, datasetId, 'bigquery.tables.delete');
      if (!liveTable(S, d, tableId)) fail('tables.delete', 404, 'notFound', `Not found: Table ${projectId}:${datasetId}.${tableId}`);
      d.tables.delete(tableId);
    },
  };
}

function controlOf(S: State): BigQueryControl {
  return {
    projects: S.projects,
    jobs: S.jobs,
    addProject: (id, s) => addProject(S, id, s),
    table: (p, d, t) => {
      const ds = S.projects.get(p)?.datasets.get(d);
      return ds ? liveTable(S, ds, t) : null;
    },
    inject: (i) => {
      S.injections.push({ ...i });
    },
    tables: () =>
      [...S.projects.values()].flatMap((p) =>
        [...p.datasets.values()].flatMap((d) => [...d.tables.keys()].flatMap((id) => liveTable(S, d, id) ?? [])),
      ),
  };
}
