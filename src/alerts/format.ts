import type { ColumnSpec } from '../catalog/types';
import { percentText } from '../shared/percent-text';
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
      // Written as a fraction (0.584) so Sheets' % format works; a reader expects 58.40%, as the cell shows it.
      return percentText(value, { places: 2, fixed: true });
    default:
      return `${sign}${thousands(abs, 2)}`;
  }
}

/** -0.2345 -> "-23.5%"; a rise gets its plus sign. */
export function formatFraction(fraction: number): string {
  return percentText(fraction, { places: 1, plus: true });
}

/** "2026-11-21", or "2026-11-15 to 2026-11-21". */
export function span(p: { startDate: string; endDate: string }): string {
  return p.startDate === p.endDate ? p.startDate : `${p.startDate} to ${p.endDate}`;
}
