import type { ColumnSpec, ReportSpec } from '../catalog/types';
import type { Table } from './types';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A total row aligned with the table's columns. Additive metrics are summed; ratios (RPM, RPS,
 * CPM, pages per session) are recomputed from the summed parts, never summed or averaged, so the
 * total matches the dashboard; weighted metrics (bounce rate, viewability) average by their
 * weight. A cell is "" when the parts are not in the table (page rows carry no sessions, so
 * their RPM total is unknown) or nothing can be computed. The first cell reads "Total" when empty.
 */
export function totalRow(table: Table, spec: ReportSpec): unknown[] {
  const byField = new Map<string, ColumnSpec>(spec.columns.map((c) => [c.field, c]));
  const index = new Map<string, number>(table.columns.map((c, i) => [c.field, i]));
  // Earnings is the numerator of several ratios: each field is summed over the rows once.
  const sums = new Map<string, number | null>();
  const sumOf = (field: string): number | null => {
    const known = sums.get(field);
    if (known !== undefined) return known;
    const i = index.get(field);
    let total: number | null = null;
    if (i !== undefined) {
      for (const row of table.rows) {
        const cell = row[i];
        if (isNumber(cell)) total = (total ?? 0) + cell;
      }
    }
    sums.set(field, total);
    return total;
  };

  const cells = table.columns.map((column): unknown => {
    const rule = byField.get(column.field)?.total;
    if (!rule || spec.shape === 'date-bounds') return '';
    switch (rule.kind) {
      case 'sum':
        return sumOf(column.field) ?? '';
      case 'ratio': {
        const numerator = sumOf(rule.numerator);
        const denominator = sumOf(rule.denominator);
        if (numerator === null || denominator === null || denominator === 0) return '';
        return (numerator / denominator) * rule.scale;
      }
      case 'weighted': {
        const v = index.get(column.field);
        const w = index.get(rule.weight);
        if (v === undefined || w === undefined) return '';
        let weighted = 0;
        let weights = 0;
        for (const row of table.rows) {
          if (isNumber(row[v]) && isNumber(row[w])) {
            weighted += (row[v] as number) * (row[w] as number);
            weights += row[w] as number;
          }
        }
        return weights === 0 ? '' : weighted / weights;
      }
      default:
        return '';
    }
  });
  if (cells[0] === '') cells[0] = 'Total';
  return cells;
}
