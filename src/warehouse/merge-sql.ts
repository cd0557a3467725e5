import type { BigQueryField } from '../platform/types';
import type { Destination } from './bigquery-errors';
import type { Extract } from './rows';
import type { WarehouseSchema } from './schema';

/** A text literal in GoogleSQL (site IDs, dates). */
export const sqlText = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const tableRef = (d: Destination, tableId = d.tableId): string => `\`${d.projectId}.${d.datasetId}.${tableId}\``;

/**
 * One MERGE per export: the staged rows replace the table's rows of the same site, day and
 * dimension; new ones are inserted; and a row of the export's sites and days that the export no
 * longer has (a page that vanished from a revised day) is deleted, so the table ends exactly as
 * the report. Rows outside the export's sites and days are never touched.
 */
export function mergeStatement(
  dest: Destination,
  stagingId: string,
  schema: WarehouseSchema,
  fields: BigQueryField[],
  extract: Extract,
): string {
  const on = schema.keys.map((k) => `t.\`${k}\` = s.\`${k}\``).join(' AND ');
  const set = fields
    .map((f) => f.name)
    .filter((n) => !schema.keys.includes(n))
    .map((n) => `\`${n}\` = s.\`${n}\``)
    .join(', ');
  const scope: string[] = [];
  if (extract.scope.sites.length) scope.push(`t.\`site_id\` IN (${extract.scope.sites.map(sqlText).join(', ')})`);
  if (schema.dated)
    scope.push(`t.\`${schema.partitionBy}\` BETWEEN DATE ${sqlText(extract.scope.from)} AND DATE ${sqlText(extract.scope.to)}`);
  else if (extract.period) {
    scope.push(`t.\`period_start\` = DATE ${sqlText(extract.period.start)}`);
    scope.push(`t.\`period_end\` = DATE ${sqlText(extract.period.end)}`);
  }
  return [
    `MERGE ${tableRef(dest)} AS t USING ${tableRef(dest, stagingId)} AS s`,
    `ON ${on}`,
    `WHEN MATCHED THEN UPDATE SET ${set}`,
    'WHEN NOT MATCHED THEN INSERT ROW',
    ...(scope.length > 1 ? [`WHEN NOT MATCHED BY SOURCE AND ${scope.join(' AND ')} THEN DELETE`] : []),
  ].join('\n');
}
