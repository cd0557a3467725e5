/** Embedded charts as the spreadsheet model keeps them: type, data ranges, options, position. */
import { spanAfterDelete, spanAfterInsert, type Dimension, type GridRect } from './metadata-model';
import type { SheetModel } from './sheet-model';

/** Charts.ChartType names the emulator accepts. */
export const CHART_TYPES = ['AREA', 'BAR', 'COLUMN', 'LINE', 'PIE', 'SCATTER', 'TABLE', 'COMBO', 'SCORECARD'] as const;
export type ChartTypeName = (typeof CHART_TYPES)[number];

export interface ChartPosition {
  /** The cell the chart's top-left corner sits on, and the offset from it in pixels. */
  row: number;
  col: number;
  offsetX: number;
  offsetY: number;
}

export interface ChartModel {
  /** Stable, unique in the spreadsheet (EmbeddedChart.getChartId). */
  id: number;
  /** The sheet the chart sits on. Its ranges may be on other sheets. */
  sheet: SheetModel;
  type: ChartTypeName;
  ranges: GridRect[];
  /** setOption values, JSON-serialisable (title, colors, legend, width, height...). */
  options: Record<string, unknown>;
  position: ChartPosition;
  /** -1: Sheets guesses the header rows. */
  numHeaders: number;
  transpose: boolean;
}

/** A chart as a builder holds it: not in the sheet yet (id null) or a copy being modified. */
export type ChartDraft = Omit<ChartModel, 'id' | 'sheet'> & { id: number | null; sheet: SheetModel };

export function copyDraft(chart: ChartDraft): ChartDraft {
  return {
    ...chart,
    ranges: chart.ranges.map((r) => ({ ...r })),
    options: JSON.parse(JSON.stringify(chart.options)) as Record<string, unknown>,
    position: { ...chart.position },
  };
}

/**
 * A chart over the grid moves with its anchor cell, as in Sheets: rows or columns inserted before
 * it push it on; deleting its anchor's row or column puts it on the first line after the deleted ones.
 */
export function moveAnchor(chart: ChartModel, sheet: SheetModel, dim: Dimension, op: 'insert' | 'delete', at: number, count: number): void {
  if (chart.sheet !== sheet) return;
  const key = dim === 'ROWS' ? 'row' : 'col';
  const line = chart.position[key];
  const next = op === 'insert' ? spanAfterInsert(line, 1, at, count) : spanAfterDelete(line, 1, at, count);
  chart.position[key] = next ? next[0] : at;
}
