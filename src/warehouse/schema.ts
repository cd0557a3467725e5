import type { ColumnSpec, ColumnType, ReportSpec } from '../catalog/types';
import { HISTORY_DATE_FIELD } from '../catalog/history';
import { dimensionFields, SITE_FIELD, SITE_NAME_FIELD, type TableColumn } from '../table';
import { CreatorError } from '../shared/errors';
import type { BigQueryField } from '../platform/types';
import { columnNames } from './column-names';

/**
 * A report's BigQuery schema, from the catalog: one column per field (types from the catalog,
 * each with its description), plus site_id, site_name, the date (or period_start/period_end for
 * a report without one) and exported_at. The key a MERGE matches on is site, date and the
 * report's dimensions.
 */

export type WarehouseType = 'STRING' | 'INT64' | 'NUMERIC' | 'FLOAT64' | 'DATE' | 'BOOL' | 'TIMESTAMP';

export type ColumnSource =
  | { kind: 'cell'; at: number }
  | { kind: 'site' }
  | { kind: 'periodStart' }
  | { kind: 'periodEnd' }
  | { kind: 'exportedAt' }
  /** Always NULL (a one-site report carries no site name). */
  | { kind: 'none' };

export interface WarehouseColumn {
  name: string;
  type: WarehouseType;
  description: string;
  source: ColumnSource;
}

export interface WarehouseSchema {
  columns: WarehouseColumn[];
  /** Column names a row is matched on (site, day or period, dimensions). */
  keys: string[];
  /** The DAY-partitioning column: date, or period_end. */
  partitionBy: string;
  /** True when rows carry their own date; false for a period's rows (period_start/period_end). */
  dated: boolean;
}

/** Money is NUMERIC (exact cents when summed); ratios and percents FLOAT64 (recompute from sums). */
const TYPES: Record<ColumnType, WarehouseType> = {
  text: 'STRING',
  url: 'STRING',
  integer: 'INT64',
  number: 'FLOAT64',
  currency: 'NUMERIC',
  percent: 'FLOAT64',
  ratio: 'FLOAT64',
  date: 'DATE',
  boolean: 'BOOL',
};

export const warehouseType = (type: ColumnType): WarehouseType => TYPES[type];

function describe(spec: ReportSpec, column: TableColumn, catalog: ColumnSpec | undefined): string {
  if (!catalog) {
    const score = column.field.endsWith('.score') ? ' (the API\u2019s score for it)' : '';
    return `${column.header}${score}: API field ${column.field} of ${spec.label}.`;
  }
  const rule = catalog.total;
  const how =
    rule.kind === 'ratio'
      ? ` Recompute over several rows as SUM(${rule.numerator}) / SUM(${rule.denominator})${rule.scale !== 1 ? ` * ${rule.scale}` : ''}; never average it.`
      : rule.kind === 'weighted'
        ? ` Recompute over several rows weighted by ${rule.weight}; never average it.`
        : rule.kind === 'sum'
          ? ' Sums over rows.'
          : '';
  const unit = catalog.type === 'percent' ? ' A fraction (0.1 is 10%).' : catalog.type === 'currency' ? ' In US dollars.' : '';
  return `${catalog.header} (${spec.label}, API field ${catalog.field}).${unit}${how}`;
}

/** The schema of a table of these columns (as a pull or a ledger has them). */
export function schemaFor(spec: ReportSpec, columns: readonly TableColumn[]): WarehouseSchema {
  const dated = columns.some((c) => c.field === HISTORY_DATE_FIELD && c.type === 'date');
  const own = columns.map((c, at) => ({ c, at })).filter(({ c }) => c.field !== SITE_FIELD && c.field !== SITE_NAME_FIELD);
  const added = dated ? ['site_id', 'site_name', 'exported_at'] : ['site_id', 'site_name', 'period_start', 'period_end', 'exported_at'];
  const names = columnNames(
    own.map(({ c }) => c.field),
    added,
  );
  const siteName = columns.findIndex((c) => c.field === SITE_NAME_FIELD);
  const out: WarehouseColumn[] = [
    { name: 'site_id', type: 'STRING', description: 'The site\u2019s ID in the Creator Reporting API.', source: { kind: 'site' } },
    {
      name: 'site_name',
      type: 'STRING',
      description: 'The site\u2019s name when it was exported (empty for a one-site report).',
      source: siteName >= 0 ? { kind: 'cell', at: siteName } : { kind: 'none' },
    },
  ];
  if (!dated) {
    out.push(
      { name: 'period_start', type: 'DATE', description: 'The first day of the period the row covers.', source: { kind: 'periodStart' } },
      { name: 'period_end', type: 'DATE', description: 'The last day of the period the row covers.', source: { kind: 'periodEnd' } },
    );
  }
  for (const { c, at } of own) {
    const catalog = spec.columns.find((s) => s.field === c.field);
    out.push({
      name: names.get(c.field) ?? c.field,
      type: TYPES[c.type] ?? 'STRING',
      description: describe(spec, c, catalog),
      source: { kind: 'cell', at },
    });
  }
  out.push({ name: 'exported_at', type: 'TIMESTAMP', description: 'When the add-on exported the row.', source: { kind: 'exportedAt' } });
  const dims = dimensionFields(spec).filter((f) => f !== HISTORY_DATE_FIELD && own.some(({ c }) => c.field === f));
  const keys = [
    'site_id',
    ...(dated ? [names.get(HISTORY_DATE_FIELD) ?? 'date'] : ['period_start', 'period_end']),
    ...dims.map((f) => names.get(f) ?? f),
  ];
  return { columns: out, keys, partitionBy: dated ? (names.get(HISTORY_DATE_FIELD) ?? 'date') : 'period_end', dated };
}

export const toFields = (schema: WarehouseSchema): BigQueryField[] =>
  schema.columns.map((c) => ({ name: c.name, type: c.type, mode: 'NULLABLE', description: c.description }));

/** BigQuery reports types under legacy names (INTEGER, FLOAT, BOOLEAN). */
function sameType(a: string, b: string): boolean {
  const norm = (t: string) => ({ INTEGER: 'INT64', FLOAT: 'FLOAT64', BOOLEAN: 'BOOL' })[t.toUpperCase()] ?? t.toUpperCase();
  return norm(a) === norm(b);
}

/**
 * The table's fields after this export: its own, in its order, then the new ones (a field the API
 * added later is added, never dropped; a column the report no longer has stays, empty). A type
 * change is refused, naming the column.
 */
export function evolveFields(
  existing: BigQueryField[],
  wanted: BigQueryField[],
  table: string,
): { fields: BigQueryField[]; added: string[] } {
  const byName = new Map(wanted.map((f) => [f.name.toLowerCase(), f]));
  for (const old of existing) {
    const now = byName.get(old.name.toLowerCase());
    if (now && !sameType(now.type, old.type))
      throw new CreatorError(
        'WAREHOUSE',
        `The column ${old.name} of BigQuery table ${table} is ${old.type}, but the report now sends ${now.type} for it. BigQuery cannot change a column's type: export to a new table, or rename that column in BigQuery.`,
      );
  }
  const known = new Set(existing.map((f) => f.name.toLowerCase()));
  const added = wanted.filter((f) => !known.has(f.name.toLowerCase()));
  return {
    fields: [
      ...existing.map((f) => ({ name: f.name, type: f.type, mode: 'NULLABLE', ...(f.description ? { description: f.description } : {}) })),
      ...added,
    ],
    added: added.map((f) => f.name),
  };
}
