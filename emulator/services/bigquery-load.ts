/**
 * A load job of newline-delimited JSON, as BigQuery runs it: the whole job or nothing. Checks the
 * schema against the table's (a new field only with ALLOW_FIELD_ADDITION, never a type change, no
 * field dropped), each value against its column's type, unknown keys, and a partition decorator's
 * rows against its day; applies the write disposition to the table or the one partition.
 */
import { type FieldSchema, JobFailure, normalType, partitionOf, type Row, sqlTypeName, type TableData, tableName } from './bigquery-model';

export interface LoadConfig {
  destinationTable?: { projectId?: string; datasetId?: string; tableId?: string };
  sourceFormat?: string;
  writeDisposition?: string;
  createDisposition?: string;
  schema?: { fields?: FieldSchema[] };
  schemaUpdateOptions?: string[];
  timePartitioning?: { type?: string; field?: string };
  clustering?: { fields?: string[] };
  ignoreUnknownValues?: boolean;
}

const invalid = (message: string): JobFailure => new JobFailure('invalid', message);

function parseValue(field: FieldSchema, value: unknown, line: number): unknown {
  if (value === null || value === undefined) {
    if (field.mode === 'REQUIRED') throw invalid(`Missing required field: ${field.name}. (row ${line})`);
    return null;
  }
  const type = normalType(field.type);
  const fail = (): never => {
    throw invalid(
      `Could not parse '${typeof value === 'string' ? value : JSON.stringify(value)}' as ${sqlTypeName(field.type)} for field ${field.name} (position ${line - 1}) starting at location 0`,
    );
  };
  switch (type) {
    case 'STRING':
      return typeof value === 'string' ? value : fail();
    case 'INTEGER': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
      return Number.isInteger(n) ? n : fail();
    }
    case 'NUMERIC': {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
      // NUMERIC keeps at most 9 digits after the point; more is a parse error, not a rounding.
      if (!/^-?\d+(\.\d{1,9})?(e[+-]?\d+)?$/i.test(text)) fail();
      const n = Number(text);
      return Number.isFinite(n) ? n : fail();
    }
    case 'FLOAT': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? n : fail();
    }
    case 'DATE': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return fail();
      const d = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : fail();
    }
    case 'TIMESTAMP': {
      const ms = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
      return Number.isFinite(ms) ? new Date(ms).toISOString() : fail();
    }
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fail();
    default:
      throw invalid(`Invalid field type ${field.type} for field ${field.name}.`);
  }
}

/** BigQuery's naming rule for columns. */
const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,299}$/;

export function checkFields(fields: FieldSchema[]): void {
  const seen = new Set<string>();
  for (const f of fields) {
    if (!COLUMN_NAME.test(f.name))
      throw invalid(
        `Invalid field name "${f.name}". Fields must contain only letters, numbers, and underscores, start with a letter or underscore, and be at most 300 characters long.`,
      );
    if (seen.has(f.name.toLowerCase())) throw invalid(`Field ${f.name} already exists in schema`);
    seen.add(f.name.toLowerCase());
    if (!normalType(f.type)) throw invalid(`Invalid field type ${f.type} for field ${f.name}.`);
  }
}

/** The table's schema after this load, or why the load is refused. */
export function mergeSchema(table: TableData, given: FieldSchema[] | undefined, options: string[], truncatesTable: boolean): FieldSchema[] {
  if (!given || given.length === 0) return table.fields;
  checkFields(given);
  if (truncatesTable) return given.map((f) => ({ ...f }));
  const byName = new Map(given.map((f) => [f.name.toLowerCase(), f]));
  for (const old of table.fields) {
    const now = byName.get(old.name.toLowerCase());
    if (!now) throw invalid(`Provided Schema does not match Table ${tableName(table)}. Field ${old.name} is missing in new schema`);
    if (normalType(now.type) !== normalType(old.type))
      throw invalid(
        `Provided Schema does not match Table ${tableName(table)}. Field ${old.name} has changed type from ${sqlTypeName(old.type)} to ${sqlTypeName(now.type)}`,
      );
  }
  const known = new Set(table.fields.map((f) => f.name.toLowerCase()));
  const added = given.filter((f) => !known.has(f.name.toLowerCase()));
  if (added.length && !options.includes('ALLOW_FIELD_ADDITION'))
    throw invalid(`Provided Schema does not match Table ${tableName(table)}. Cannot add fields (field: ${added[0].name})`);
  if (added.some((f) => f.mode === 'REQUIRED'))
    throw invalid(`Cannot add required fields to an existing schema. (field: ${added[0].name})`);
  return [...table.fields.map((f) => ({ ...f, description: byName.get(f.name.toLowerCase())?.description ?? f.description })), ...added];
}

export function parseRows(text: string, fields: FieldSchema[], ignoreUnknown: boolean): Row[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const rows: Row[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (_) {
      throw invalid(
        `Error while reading data, error message: JSON table encountered too many errors, giving up. Rows: ${i + 1}; errors: 1. JSON parsing error in row starting at position ${i}: Parser terminated before end of string`,
      );
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalid(`JSON parsing error in row starting at position ${i}: Only objects may be loaded as rows.`);
    const row: Row = {};
    for (const [key, value] of Object.entries(parsed as Row)) {
      const field = byName.get(key);
      if (!field) {
        if (ignoreUnknown) continue;
        throw invalid(
          `Error while reading data, error message: JSON parsing error in row starting at position ${i}: No such field: ${key}.`,
        );
      }
      row[key] = parseValue(field, value, i + 1);
    }
    for (const f of fields) if (!(f.name in row)) row[f.name] = parseValue(f, null, i + 1);
    rows.push(row);
  });
  return rows;
}

/** Applies the rows to the table (or to one day partition), after every check has passed. */
export function writeRows(table: TableData, rows: Row[], disposition: string, partition: string | null): void {
  if (partition !== null) {
    const strays = rows.filter((r) => partitionOf(table, r) !== partition);
    if (strays.length) throw invalid(`Some rows belong to different partitions rather than destination partition ${partition}`);
    const inPartition = table.rows.filter((r) => partitionOf(table, r) === partition);
    if (disposition === 'WRITE_EMPTY' && inPartition.length)
      throw new JobFailure('duplicate', `Partition ${tableName(table)}$${partition} is not empty.`);
    if (disposition === 'WRITE_TRUNCATE') table.rows = table.rows.filter((r) => partitionOf(table, r) !== partition);
    table.rows.push(...rows);
    return;
  }
  if (disposition === 'WRITE_EMPTY' && table.rows.length) throw new JobFailure('duplicate', `Already Exists: Table ${tableName(table)}`);
  if (disposition === 'WRITE_TRUNCATE') table.rows = [];
  table.rows.push(...rows);
}
