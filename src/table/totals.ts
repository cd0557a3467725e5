import type { ColumnSpec, ReportSpec } from '../catalog/types';
import { NUMERIC_TYPES } from './cells';
import { derivedFrom, SITE_FIELD, SITE_NAME_FIELD, type Table } from './types';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The label of a total row, and of the overall one in a table of several sites. */
export const TOTAL_LABEL = 'Total';
export const ALL_SITES_LABEL = 'All sites';

/**
 * One row standing for all of `table`'s rows, aligned with its columns. Additive metrics are
 * summed; ratios (RPM, RPS, CPM, pages per session) are recomputed from the summed parts, never
 * summed or averaged, so the total matches the dashboard; weighted metrics (bounce rate,
 * viewability) average by their weight. A cell is "" when the parts are not in the table (page rows
 * carry no sessions, so their RPM total is unknown), nothing can be computed, or the column is not
 * a metric.
 */
export function aggregateRow(table: Table, spec: ReportSpec): unknown[] {
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

  return table.columns.map((column): unknown => {
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
}

/** The first dimension column (device, date, page...), where a total row says "Total"; -1 if none. */
function labelColumn(table: Table, spec: ReportSpec): number {
  const byField = new Map<string, ColumnSpec>(spec.columns.map((c) => [c.field, c]));
  return table.columns.findIndex((c) => {
    if (c.field === SITE_FIELD || c.field === SITE_NAME_FIELD) return false;
    const known = byField.get(c.field);
    return known ? known.total.kind === 'none' && !NUMERIC_TYPES.has(known.type) : false;
  });
}

/** A report that can be totalled: rows of metrics, not the account reports. */
export function canTotal(spec: ReportSpec): boolean {
  return spec.shape === 'rows' && spec.dateFamily !== null;
}

/** A table's rows grouped by site, in order (one group when there is no Site column). */
export function siteGroups(table: Table): Array<{ site: unknown; name: unknown; rows: unknown[][] }> {
  const siteAt = table.columns.findIndex((c) => c.field === SITE_FIELD);
  const nameAt = table.columns.findIndex((c) => c.field === SITE_NAME_FIELD);
  if (siteAt < 0) return [{ site: '', name: '', rows: table.rows }];
  const groups: Array<{ site: unknown; name: unknown; rows: unknown[][] }> = [];
  for (const row of table.rows) {
    const last = groups[groups.length - 1];
    if (last && last.site === row[siteAt]) last.rows.push(row);
    else groups.push({ site: row[siteAt], name: nameAt >= 0 ? row[nameAt] : '', rows: [row] });
  }
  return groups;
}

export interface TotalsPlan {
  /** Per site then overall (multi-site), or one overall row; each labelled. */
  rows: Array<{ kind: 'site' | 'overall'; site: unknown; rows: unknown[][]; label: unknown[] }>;
}

/**
 * The total rows a table gets, each with the rows it stands for and its label cells: with several
 * sites, a "Total" after each site's rows (reports with a dimension) and the overall total ("All
 * sites" in the Site column, or "Total" there when the report has no dimension). A single-site
 * report of one summary row gets none: it is its own total.
 */
export function planTotals(table: Table, spec: ReportSpec): TotalsPlan {
  if (!canTotal(spec)) return { rows: [] };
  const siteAt = table.columns.findIndex((c) => c.field === SITE_FIELD);
  const nameAt = table.columns.findIndex((c) => c.field === SITE_NAME_FIELD);
  const label = labelColumn(table, spec);
  if (siteAt < 0 && label < 0) return { rows: [] };
  const labelled = (site: unknown, name: unknown): unknown[] => {
    const cells: unknown[] = table.columns.map(() => '');
    if (siteAt >= 0) cells[siteAt] = site;
    if (nameAt >= 0) cells[nameAt] = name;
    if (label >= 0) cells[label] = TOTAL_LABEL;
    return cells;
  };
  const plan: TotalsPlan = { rows: [] };
  if (siteAt >= 0 && label >= 0) {
    for (const group of siteGroups(table))
      plan.rows.push({ kind: 'site', site: group.site, rows: group.rows, label: labelled(group.site, group.name) });
  }
  plan.rows.push({
    kind: 'overall',
    site: siteAt >= 0 ? (label >= 0 ? ALL_SITES_LABEL : TOTAL_LABEL) : '',
    rows: table.rows,
    label: labelled(siteAt >= 0 ? (label >= 0 ? ALL_SITES_LABEL : TOTAL_LABEL) : '', ''),
  });
  return plan;
}

/** A total row: the aggregate of `rows` under the plan's label cells. */
export function totalOf(table: Table, spec: ReportSpec, rows: unknown[][], label: unknown[]): unknown[] {
  const cells = aggregateRow({ columns: table.columns, rows }, spec);
  return cells.map((cell, i) => (label[i] !== '' ? label[i] : cell));
}

/** The single total row of a table: "Total" in its first empty cell. */
export function totalRow(table: Table, spec: ReportSpec): unknown[] {
  const cells = aggregateRow(table, spec);
  if (cells[0] === '') cells[0] = TOTAL_LABEL;
  return cells;
}

/**
 * The table with its total rows: each site's after that site's rows, the overall one last. How
 * many rows are totals is returned too (the note and the row count say so).
 */
export function withTotals(table: Table, spec: ReportSpec): { table: Table; totals: number } {
  const plan = planTotals(table, spec);
  if (!plan.rows.length) return { table, totals: 0 };
  const rows: unknown[][] = [];
  for (const item of plan.rows) {
    if (item.kind === 'site') rows.push(...item.rows);
    rows.push(totalOf(table, spec, item.rows, item.label));
  }
  if (!plan.rows.some((r) => r.kind === 'site')) rows.splice(0, 0, ...table.rows);
  return { table: derivedFrom([table], { columns: table.columns, rows }), totals: plan.rows.length };
}
