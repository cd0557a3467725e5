import type { ReportSpec } from '../catalog/types';
import type { DayShift } from '../dates/compare-period';
import { isDate } from '../shared/user-input';
import { NUMERIC_TYPES, type ToDate } from './cells';
import { aggregateRow, planTotals, siteGroups, totalOf } from './totals';
import { derivedFrom, SITE_FIELD, type Table, type TableColumn } from './types';

/**
 * A report compared with an earlier period: rows matched by their dimensions (site, device,
 * country, page...), a daily series day by day; for each metric its value, the previous value, the
 * change and the change as a fraction. Used by CREATOR_COMPARE, the builder's "Compare with" and
 * saved reports, and by alerts (which read `changeOf`).
 */
export interface CompareInput {
  spec: ReportSpec;
  current: Table;
  previous: Table;
  /** Maps a current day to the day it is compared with, and back. */
  shift: DayShift;
  /** The `YYYY-MM-DD` a date cell shows; null when it holds no day. */
  dayOf(cell: unknown): string | null;
  toDate: ToDate;
  /** Adds compared total rows (per site and overall), each side totalled on its own. */
  totals?: boolean;
  /**
   * The current rows only (a limited pull: "top N, each beside its own earlier value"): previous
   * rows whose key no current row has are left out, of the rows and of the previous totals, so
   * both sides of a total cover the same rows.
   */
  currentRowsOnly?: boolean;
}

export const CHANGE_FRACTION_FORMAT = '0.0%';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The change from `previous` to `current`, and as a fraction of `previous` (-0.2 is a 20 % drop).
 * Blank when either side is missing; the fraction is blank when the previous value is 0, never
 * Infinity or NaN.
 */
export function changeOf(current: unknown, previous: unknown): { change: number | ''; fraction: number | '' } {
  if (!isNumber(current) || !isNumber(previous)) return { change: '', fraction: '' };
  const change = current - previous;
  // Compared tables may go to the sheet as they are (sheet-safe): no Infinity reaches a cell.
  if (!Number.isFinite(change)) return { change: '', fraction: '' };
  return { change, fraction: previous === 0 ? '' : change / Math.abs(previous) };
}

type Role = 'key' | 'day' | 'metric' | 'other';

function roleOf(column: TableColumn, keys: ReadonlySet<string>): Role {
  if (column.field === SITE_FIELD) return 'key';
  if (keys.has(column.field)) return column.type === 'date' ? 'day' : 'key';
  if (NUMERIC_TYPES.has(column.type) && !column.field.endsWith('.score')) return 'metric';
  return 'other';
}

/** The fields a row is matched by: the catalog's dimensions, or its text, URL and date columns. */
export function dimensionFields(spec: ReportSpec): string[] {
  if (spec.dimensions) return [...spec.dimensions];
  return spec.columns.filter((c) => c.type === 'text' || c.type === 'url' || c.type === 'date').map((c) => c.field);
}

function unionColumns(a: Table, b: Table): TableColumn[] {
  const columns = [...a.columns];
  for (const column of b.columns) if (!columns.some((c) => c.field === column.field)) columns.push(column);
  return columns;
}

function realign(table: Table, columns: TableColumn[]): Table {
  const at = columns.map((c) => table.columns.findIndex((own) => own.field === c.field));
  return derivedFrom([table], { columns, rows: table.rows.map((row) => at.map((i) => (i >= 0 ? row[i] : ''))) });
}

/** Each column, and after a day its previous day, after a metric its previous value, change and change %. */
function comparedColumns(columns: TableColumn[], roles: Role[]): TableColumn[] {
  const outColumns: TableColumn[] = [];
  columns.forEach((column, i) => {
    outColumns.push(column);
    if (roles[i] === 'day') {
      outColumns.push({ ...column, header: `Previous ${column.header.toLowerCase()}`, field: `${column.field}.previous` });
    } else if (roles[i] === 'metric') {
      outColumns.push(
        { ...column, header: `${column.header} previous`, field: `${column.field}.previous` },
        { ...column, header: `${column.header} change`, field: `${column.field}.change` },
        { header: `${column.header} change %`, field: `${column.field}.changeFraction`, type: 'number', format: CHANGE_FRACTION_FORMAT },
      );
    }
  });
  return outColumns;
}

/** One compared row from the current and previous rows of a key (either may be missing). */
function rowComparer(
  roles: Role[],
  { shift, dayOf, toDate }: Pick<CompareInput, 'shift' | 'dayOf' | 'toDate'>,
): (now: unknown[] | null, then: unknown[] | null) => unknown[] {
  return (now: unknown[] | null, then: unknown[] | null): unknown[] => {
    const out: unknown[] = [];
    roles.forEach((role, i) => {
      if (role === 'metric') {
        const value = now ? now[i] : '';
        const before = then ? then[i] : '';
        const { change, fraction } = changeOf(value, before);
        out.push(value, before, change, fraction);
        return;
      }
      if (role === 'day') {
        const nowDay = now ? dayOf(now[i]) : null;
        const thenDay = then ? dayOf(then[i]) : null;
        const partner = (day: string | null, move: (d: string) => string | null) => {
          const moved = day === null ? null : move(day);
          return moved === null ? '' : toDate(moved);
        };
        // A total row's "Total" stays in the date column; its previous date stays blank.
        out.push(
          now ? now[i] : thenDay !== null ? partner(thenDay, shift.forward) : then![i],
          then && thenDay !== null ? then[i] : partner(nowDay, shift.back),
        );
        return;
      }
      out.push(now && now[i] !== '' ? now[i] : then ? then[i] : '');
    });
    return out;
  };
}

/** The compared table; `totalRows` of its rows are totals (with `totals`). */
export function compareTables(input: CompareInput): Table & { totalRows: number } {
  const { spec, shift, dayOf } = input;
  const columns = unionColumns(input.current, input.previous);
  const current = realign(input.current, columns);
  const previous = realign(input.previous, columns);
  const keys = new Set(dimensionFields(spec));
  const roles = columns.map((c) => roleOf(c, keys));
  const siteAt = columns.findIndex((c) => c.field === SITE_FIELD);
  const dayAt = roles.indexOf('day');

  const outColumns = comparedColumns(columns, roles);

  /** The current-side day a row stands for (a previous row's day moved forward). */
  const currentDay = (row: unknown[], side: 'current' | 'previous'): string | null => {
    if (dayAt < 0) return null;
    const day = dayOf(row[dayAt]);
    if (day === null || side === 'current') return day;
    return shift.forward(day);
  };

  const keyOf = (row: unknown[], side: 'current' | 'previous'): string =>
    JSON.stringify(
      roles.map((role, i) => {
        if (role === 'key') return cellKey(row[i]);
        if (role !== 'day') return null;
        const day = currentDay(row, side);
        // A previous day with no partner (29 February a year on) stays on its own.
        return day ?? `${side}:${cellKey(row[i])}`;
      }),
    );

  const groups = new Map<string, { current: unknown[][]; previous: unknown[][] }>();
  const groupOf = (key: string) => {
    let group = groups.get(key);
    if (!group) {
      group = { current: [], previous: [] };
      groups.set(key, group);
    }
    return group;
  };
  for (const row of current.rows) groupOf(keyOf(row, 'current')).current.push(row);
  const currentKeys = new Set(groups.keys());
  const matched = input.currentRowsOnly ? previous.rows.filter((row) => currentKeys.has(keyOf(row, 'previous'))) : previous.rows;
  for (const row of matched) groupOf(keyOf(row, 'previous')).previous.push(row);

  // Several rows with one key on a side (URL variants, rows without a page) count as one row,
  // with ratios recomputed from their summed parts.
  const one = (rows: unknown[][]): unknown[] | null => {
    if (rows.length === 0) return null;
    if (rows.length === 1) return rows[0];
    const merged = aggregateRow({ columns, rows }, spec);
    return merged.map((cell, i) => (roles[i] === 'metric' ? cell : rows[0][i]));
  };

  const compareRow = rowComparer(roles, input);

  const siteRank = new Map<string, number>();
  const comboRank = new Map<string, number>();
  const ranked = [...groups.values()].map((group, appearance) => {
    const sample = group.current[0] ?? group.previous[0];
    const site = siteAt >= 0 ? cellKey(sample[siteAt]) : '';
    if (!siteRank.has(site)) siteRank.set(site, siteRank.size);
    const combo = JSON.stringify(roles.map((role, i) => (role === 'key' ? cellKey(sample[i]) : null)));
    if (!comboRank.has(combo)) comboRank.set(combo, comboRank.size);
    const side = group.current.length ? 'current' : 'previous';
    const day = currentDay(sample, side) ?? (dayAt >= 0 ? (dayOf(sample[dayAt]) ?? '') : '');
    return { group, appearance, site: siteRank.get(site)!, combo: comboRank.get(combo)!, day };
  });
  // A daily series reads in date order (within each site and dimension); other rows keep the
  // current period's order, with rows only the previous period has after them.
  ranked.sort(
    (a, b) =>
      a.site - b.site ||
      (dayAt >= 0 ? a.combo - b.combo || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) : 0) ||
      a.appearance - b.appearance,
  );
  const rows = ranked.map(({ group }) => compareRow(one(group.current), one(group.previous)));
  const table = derivedFrom([input.current, input.previous], { columns: outColumns, rows });
  if (!input.totals) return { ...table, totalRows: 0 };
  const all = withComparedTotals(table, input.spec, current, { ...previous, rows: matched }, compareRow);
  return { ...table, rows: all, totalRows: all.length - rows.length };
}

/** Compared totals: each side totalled on its own (ratios from its own sums), then compared. */
function withComparedTotals(
  compared: Table,
  spec: ReportSpec,
  current: Table,
  previous: Table,
  compareRow: (now: unknown[] | null, then: unknown[] | null) => unknown[],
): unknown[][] {
  const now = planTotals(current, spec).rows;
  const then = planTotals(previous, spec).rows;
  const siteAt = compared.columns.findIndex((c) => c.field === SITE_FIELD);
  const find = (item: (typeof now)[number]) => then.find((t) => t.kind === item.kind && t.site === item.site) ?? null;
  const totalRows = now.map((item) => {
    const match = find(item);
    return {
      item,
      row: compareRow(totalOf(current, spec, item.rows, item.label), match ? totalOf(previous, spec, match.rows, match.label) : null),
    };
  });
  // Sites only the previous period has get their total too.
  for (const item of then) {
    if (!now.some((n) => n.kind === item.kind && n.site === item.site)) {
      totalRows.splice(totalRows.length - 1, 0, { item, row: compareRow(null, totalOf(previous, spec, item.rows, item.label)) });
    }
  }
  const out: unknown[][] = [];
  if (siteAt >= 0 && totalRows.some((t) => t.item.kind === 'site')) {
    for (const group of siteGroups(compared)) {
      out.push(...group.rows);
      const total = totalRows.find((t) => t.item.kind === 'site' && t.item.site === group.site);
      if (total) out.push(total.row);
    }
  } else {
    out.push(...compared.rows);
  }
  for (const total of totalRows) if (total.item.kind === 'overall') out.push(total.row);
  return out;
}

/** A cell as part of a match key: a day's instant, text as it is. */
function cellKey(cell: unknown): string {
  if (isDate(cell)) return `d${cell.getTime()}`;
  return typeof cell === 'string' ? cell : JSON.stringify(cell);
}
