import type { ColumnSpec } from '../catalog/types';
import { thousands } from '../shared/text-size';

/** Numbers as an e-mail or a status line shows them, in the column's own kind ($, counts, %). */
export function formatValue(value: number, column: ColumnSpec | undefined): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  switch (column?.type) {
    case 'currency':
      return `${sign}$${thousands(abs, column.field === 'rps' ? 4 : 2)}`;
    case 'integer':
      return `${sign}${thousands(abs, 0)}`;
    case 'percent':
      return `${sign}${abs.toFixed(2)}%`;
    default:
      return `${sign}${thousands(abs, 2)}`;
  }
}

/** -0.2345 -> "-23.5 %"; a rise gets its plus sign. */
export function formatFraction(fraction: number): string {
  const pct = Math.round(fraction * 1000) / 10;
  return `${pct > 0 ? '+' : ''}${pct} %`;
}

/** "2026-11-21", or "2026-11-15 to 2026-11-21". */
export function span(p: { startDate: string; endDate: string }): string {
  return p.startDate === p.endDate ? p.startDate : `${p.startDate} to ${p.endDate}`;
}
