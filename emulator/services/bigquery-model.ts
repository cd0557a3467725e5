/**
 * The BigQuery fake's data: projects (billing, API switch, who may use them), datasets and tables
 * kept in memory, and the errors in BigQuery's own shape. The service surface is bigquery.ts,
 * loads bigquery-load.ts, the query shapes bigquery-sql.ts.
 */

export type FieldType = 'STRING' | 'INTEGER' | 'NUMERIC' | 'FLOAT' | 'DATE' | 'TIMESTAMP' | 'BOOLEAN';

export interface FieldSchema {
  name: string;
  type: string;
  mode?: 'NULLABLE' | 'REQUIRED';
  description?: string;
}

export type Row = Record<string, unknown>;

export interface TableData {
  projectId: string;
  datasetId: string;
  tableId: string;
  fields: FieldSchema[];
  /** The DAY-partitioning column, if any. */
  partitionField: string | null;
  clustering: string[];
  description?: string;
  /** Epoch ms; the table is gone after it. */
  expirationTime: number | null;
  rows: Row[];
  createdAt: number;
}

export interface DatasetData {
  projectId: string;
  datasetId: string;
  /** The sandbox sets 60 days on every dataset. */
  defaultTableExpirationMs: number | null;
  tables: Map<string, TableData>;
}

export interface ProjectSetup {
  /** Default true. false is the BigQuery sandbox: no DML, tables expire after 60 days. */
  billing?: boolean;
  /** Default true: the BigQuery API is enabled in the project. */
  apiEnabled?: boolean;
  /** Who may use the project; default every user. */
  users?: string[];
}

export interface ProjectData extends Required<ProjectSetup> {
  projectId: string;
  datasets: Map<string, DatasetData>;
}

/** The sandbox's fixed expiration, for tables and partitions (BigQuery sandbox documentation). */
export const SANDBOX_EXPIRATION_MS = 60 * 24 * 3600 * 1000;

/** Google's request limit for advanced-service calls from Apps Script (publicly reported as 10 MB). */
export const REQUEST_LIMIT_BYTES = 10 * 1024 * 1024;

/** Load and DML jobs per table per day (BigQuery quotas: "table operations per day"). */
export const TABLE_OPERATIONS_PER_DAY = 1500;

export function normalType(type: string): FieldType | null {
  const t = String(type).toUpperCase();
  const map: Record<string, FieldType> = {
    STRING: 'STRING',
    INTEGER: 'INTEGER',
    INT64: 'INTEGER',
    NUMERIC: 'NUMERIC',
    FLOAT: 'FLOAT',
    FLOAT64: 'FLOAT',
    DATE: 'DATE',
    TIMESTAMP: 'TIMESTAMP',
    BOOLEAN: 'BOOLEAN',
    BOOL: 'BOOLEAN',
  };
  return map[t] ?? null;
}

/** How BigQuery words a type in errors (standard SQL names). */
export function sqlTypeName(type: string): string {
  const t = normalType(type);
  return t === 'INTEGER' ? 'INT64' : t === 'FLOAT' ? 'FLOAT64' : t === 'BOOLEAN' ? 'BOOL' : (t ?? String(type));
}

export interface BigQueryErrorItem {
  reason: string;
  message: string;
  location?: string;
}

/** An error a call throws: Apps Script's GoogleJsonResponseException for an advanced service. */
export class GoogleJsonResponseException extends Error {
  readonly details: { code: number; message: string; errors: BigQueryErrorItem[] };
  constructor(method: string, code: number, reason: string, message: string) {
    super(`API call to bigquery.${method} failed with error: ${message}`);
    this.name = 'GoogleJsonResponseException';
    this.details = { code, message, errors: [{ reason, message }] };
  }
}

/** A job that ran and failed: its status carries errorResult and errors[], nothing was written. */
export class JobFailure extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly more: BigQueryErrorItem[] = [],
  ) {
    super(message);
  }
}

export const tableName = (t: Pick<TableData, 'projectId' | 'datasetId' | 'tableId'>): string =>
  `${t.projectId}:${t.datasetId}.${t.tableId}`;

/** Day partitions go by UTC date text, as BigQuery's DATE column does. */
export function partitionOf(table: TableData, row: Row): string | null {
  if (!table.partitionField) return null;
  const v = row[table.partitionField];
  return typeof v === 'string' ? v.replace(/-/g, '') : '__NULL__';
}
