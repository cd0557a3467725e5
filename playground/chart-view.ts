import type { ChartModel } from '../emulator/spreadsheet/chart-model';
import type { EmulatedSpreadsheet } from '../emulator/spreadsheet';
import { displayValue } from '../emulator/spreadsheet';
import type { SheetModel } from '../emulator/spreadsheet/sheet-model';

/**
 * What the playground page needs to draw a sheet's embedded charts: type, title, size, anchor,
 * and each range as one column of values (numbers stay numbers, the rest as the cell shows it).
 */
export interface ChartView {
  id: number;
  type: ChartModel['type'];
  title: string;
  row: number;
  col: number;
  width: number;
  height: number;
  columns: Array<{ header: string; values: Array<number | string> }>;
}

/** Grid rows a chart of this height covers (rows are 21 px high in the page). */
export const ROW_PX = 21;

export function chartViews(ss: EmulatedSpreadsheet, sheet: SheetModel): ChartView[] {
  return ss.charts
    .filter((c) => c.sheet === sheet)
    .map((c) => ({
      id: c.id,
      type: c.type,
      title: typeof c.options.title === 'string' ? c.options.title : '',
      row: c.position.row,
      col: c.position.col,
      width: typeof c.options.width === 'number' ? c.options.width : 480,
      height: typeof c.options.height === 'number' ? c.options.height : 300,
      columns: c.ranges.map((r) => {
        const cells: Array<number | string> = [];
        for (let i = 0; i < r.numRows; i++) {
          const cell = r.sheet.cell(r.row + i, r.col);
          const v = cell?.value ?? '';
          cells.push(typeof v === 'number' ? v : displayValue(v, cell?.format, ss.timeZone));
        }
        return { header: String(cells[0] ?? ''), values: cells.slice(1) };
      }),
    }));
}

/** The last grid row any chart reaches, so the page draws enough rows under it. */
export function chartRows(charts: ChartView[]): number {
  return charts.reduce((max, c) => Math.max(max, c.row + Math.ceil(c.height / ROW_PX)), 0);
}
