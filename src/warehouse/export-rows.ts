import { CreatorError, isCreatorError } from '../shared/errors';
import { dayReader } from '../dates';
import type { Execution } from '../platform/execution';
import type { BigQueryApi, BigQueryField, BigQueryTable } from '../platform/types';
import { type Destination, problemOf, warehouseError } from './bigquery-errors';
import { runJob } from './jobs';
import { mergeStatement } from './merge-sql';
import { type Extract, jsonRows, ndjsonChunks } from './rows';
import { evolveFields, schemaFor, toFields, type WarehouseSchema } from './schema';

export interface ExportOutcome {
  /** Rows sent (after one per key). */
  rows: number;
  /** Load jobs and query jobs run. */
  loadJobs: number;
  queryJobs: number;
  /** Bytes of each load's request. */
  bytes: number[];
  /** 'merge': one staging load + one MERGE. 'partitions': the sandbox's day-partition loads. */
  mode: 'merge' | 'partitions' | 'direct';
  /** When the table expires (the sandbox), epoch ms; null when it does not. */
  expiresAt: number | null;
  /** Columns added to the table by this export. */
  added: string[];
}

export const stagingTableId = (tableId: string): string => `${tableId}__staging`;

export function bigQueryOf(ex: Execution, dest: Destination): BigQueryApi {
  const api = ex.platform.bigQuery();
  if (!api) throw warehouseError(new Error('BigQuery is not defined'), dest);
  return api;
}

const tableName = (d: Destination) => `${d.projectId}.${d.datasetId}.${d.tableId}`;

/** The table (made on first use, partitioned by day and clustered by site), its fields after this export. */
function prepareTable(
  api: BigQueryApi,
  dest: Destination,
  schema: WarehouseSchema,
  label: string,
): { fields: BigQueryField[]; added: string[]; table: BigQueryTable } {
  const wanted = toFields(schema);
  let table: BigQueryTable | null = null;
  try {
    table = api.getTable(dest.projectId, dest.datasetId, dest.tableId);
  } catch (error) {
    if (problemOf(error).problem !== 'noTable') throw warehouseError(error, dest);
  }
  try {
    if (!table) {
      const made = api.insertTable(dest.projectId, dest.datasetId, {
        tableReference: { projectId: dest.projectId, datasetId: dest.datasetId, tableId: dest.tableId },
        description: `${label}, exported by Creator Reporting. One row per site, ${schema.dated ? 'day' : 'period'} and dimension.`,
        schema: { fields: wanted },
        timePartitioning: { type: 'DAY', field: schema.partitionBy },
        clustering: { fields: ['site_id'] },
      });
      return { fields: wanted, added: [], table: made };
    }
    const { fields, added } = evolveFields(table.schema?.fields ?? [], wanted, tableName(dest));
    // A field the API added later becomes a column; nothing is dropped.
    if (added.length) table = api.patchTable(dest.projectId, dest.datasetId, dest.tableId, { schema: { fields } });
    return { fields, added, table };
  } catch (error) {
    throw warehouseError(error, dest);
  }
}

function loadResource(
  dest: Destination,
  tableId: string,
  fields: BigQueryField[],
  disposition: string,
  addFields: boolean,
): Record<string, unknown> {
  return {
    configuration: {
      load: {
        destinationTable: { projectId: dest.projectId, datasetId: dest.datasetId, tableId },
        sourceFormat: 'NEWLINE_DELIMITED_JSON',
        schema: { fields },
        writeDisposition: disposition,
        createDisposition: 'CREATE_IF_NEEDED',
        ...(addFields ? { schemaUpdateOptions: ['ALLOW_FIELD_ADDITION'] } : {}),
      },
    },
  };
}

/**
 * Exports an extract: the rows go to a staging table (one load job, more only past 9.5 MB) and one
 * MERGE applies them. In the sandbox (no billing: no DML), or when `sandbox` says so already, each
 * day of the export's scope is loaded into its partition with WRITE_TRUNCATE instead. A failed job
 * changes nothing in the table (BigQuery jobs are atomic), so the next export simply tries again.
 */
export function exportExtract(
  ex: Execution,
  dest: Destination,
  extract: Extract,
  opts: {
    sandbox?: boolean;
    /** false: a refused MERGE throws (a backfill re-plans its steps for the sandbox). */
    fallback?: boolean;
    /**
     * A backfill in the sandbox: the rows go straight into the table, the first step's first load
     * replacing it (WRITE_TRUNCATE: the table becomes the ledger), later ones appended; no MERGE.
     */
    direct?: 'truncate' | 'append';
    /**
     * Stable job IDs for the direct loads (`<prefix>_<chunk>`): a step retried after its execution
     * ran out of time finds its jobs already there (BigQuery refuses a second job of the same ID)
     * instead of appending the same rows twice.
     */
    jobIdPrefix?: string;
  } = {},
): ExportOutcome {
  const api = bigQueryOf(ex, dest);
  const schema = schemaFor(extract.spec, extract.columns);
  const exportedAt = new Date(ex.platform.now()).toISOString();
  const rows = jsonRows(schema, extract, { dayOf: dayReader(ex.platform, ex.platform.timeZone()), exportedAt });
  const prepared = prepareTable(api, dest, schema, extract.spec.label);
  const expiresAt = prepared.table.expirationTime ? Number(prepared.table.expirationTime) : null;
  const outcome: ExportOutcome = {
    rows: rows.length,
    loadJobs: 0,
    queryJobs: 0,
    bytes: [],
    mode: 'merge',
    expiresAt,
    added: prepared.added,
  };
  if (opts.direct) return directLoads(ex, api, dest, prepared.fields, rows, opts.direct, outcome, opts.jobIdPrefix);
  if (opts.sandbox) return partitionLoads(ex, api, dest, schema, prepared.fields, rows, extract, outcome);
  const chunks = ndjsonChunks(rows);
  const staging = stagingTableId(dest.tableId);
  (chunks.length ? chunks : [{ text: '', rows: 0, bytes: 0 }]).forEach((chunk, i) => {
    runJob(ex, api, dest, loadResource(dest, staging, prepared.fields, i === 0 ? 'WRITE_TRUNCATE' : 'WRITE_APPEND', false), chunk.text);
    outcome.loadJobs++;
    outcome.bytes.push(chunk.bytes);
  });
  try {
    runJob(
      ex,
      api,
      dest,
      { configuration: { query: { query: mergeStatement(dest, staging, schema, prepared.fields, extract), useLegacySql: false } } },
      null,
    );
    outcome.queryJobs++;
    return outcome;
  } catch (error) {
    if (!isCreatorError(error) || error.providerCode !== 'billing' || opts.fallback === false) throw error;
    // The sandbox: the staged rows go in by day partition instead.
    return partitionLoads(ex, api, dest, schema, prepared.fields, rows, extract, { ...outcome, queryJobs: outcome.queryJobs + 1 });
  }
}

function directLoads(
  ex: Execution,
  api: BigQueryApi,
  dest: Destination,
  fields: BigQueryField[],
  rows: Record<string, unknown>[],
  first: 'truncate' | 'append',
  outcome: ExportOutcome,
  jobIdPrefix: string | undefined,
): ExportOutcome {
  const done: ExportOutcome = { ...outcome, mode: 'direct' };
  const chunks = ndjsonChunks(rows);
  (chunks.length ? chunks : [{ text: '', rows: 0, bytes: 0 }]).forEach((chunk, i) => {
    const disposition = i === 0 && first === 'truncate' ? 'WRITE_TRUNCATE' : 'WRITE_APPEND';
    const resource = loadResource(dest, dest.tableId, fields, disposition, true);
    if (jobIdPrefix) resource.jobReference = { projectId: dest.projectId, jobId: `${jobIdPrefix}_${i}` };
    runJob(ex, api, dest, resource, chunk.text);
    done.loadJobs++;
    done.bytes.push(chunk.bytes);
  });
  return done;
}

function partitionLoads(
  ex: Execution,
  api: BigQueryApi,
  dest: Destination,
  schema: WarehouseSchema,
  fields: BigQueryField[],
  rows: Record<string, unknown>[],
  extract: Extract,
  outcome: ExportOutcome,
): ExportOutcome {
  const byDay = new Map<string, Record<string, unknown>[]>();
  const days = schema.dated ? daysBetween(extract.scope.from, extract.scope.to) : extract.period ? [extract.period.end] : [];
  for (const d of days) byDay.set(d, []);
  for (const row of rows) {
    const day = String(row[schema.partitionBy] ?? '');
    if (!byDay.has(day)) byDay.set(day, []);
    byDay.get(day)?.push(row);
  }
  const done: ExportOutcome = { ...outcome, mode: 'partitions' };
  for (const [day, dayRows] of [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new CreatorError('WAREHOUSE', `A row has no ${schema.partitionBy}; it cannot go into a day partition.`);
    const chunks = ndjsonChunks(dayRows);
    if (chunks.length > 1)
      throw new CreatorError(
        'WAREHOUSE',
        `The rows of ${day} are more than one load can carry; the sandbox cannot take them (link a billing account).`,
      );
    const chunk = chunks[0] ?? { text: '', rows: 0, bytes: 0 };
    runJob(ex, api, dest, loadResource(dest, `${dest.tableId}$${day.replace(/-/g, '')}`, fields, 'WRITE_TRUNCATE', true), chunk.text);
    done.loadJobs++;
    done.bytes.push(chunk.bytes);
  }
  return done;
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
