/**
 * Embedded charts: Sheet.newChart() builders (with the as*Chart() shortcuts), insertChart,
 * getCharts, updateChart, removeChart, and EmbeddedChart.modify(). Ranges move with row and column
 * inserts and deletes like named ranges do; a chart's data ranges never follow a block that a
 * script rewrites larger or smaller, which is why the add-on rebinds them itself.
 */
import { badArguments, typeName, type Context, type Facade } from './context';
import { CHART_TYPES, copyDraft, type ChartDraft, type ChartModel, type ChartTypeName } from './chart-model';
import { makeEnum, isEnumValue, enumName } from './enums';
import { guard } from './guard';
import type { SheetModel } from './sheet-model';

export const ChartType = makeEnum(...CHART_TYPES);

function chartTypeOf(value: unknown): ChartTypeName {
  const name = isEnumValue(value) ? enumName(value) : typeof value === 'string' ? value : '';
  if (!(CHART_TYPES as readonly string[]).includes(name)) throw badArguments('EmbeddedChartBuilder.setChartType', typeName(value));
  return name as ChartTypeName;
}

function whole(n: unknown, method: string, min: number): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min) throw badArguments(method, typeName(n));
  return n;
}

/** JSON-only option values: what Sheets keeps of a chart's options. */
function optionValue(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

export function chartBuilder(ctx: Context, start: ChartDraft): Facade {
  const draft = copyDraft(start);
  let self: Facade;
  const as = (type: ChartTypeName) => () => {
    draft.type = type;
    return self;
  };
  const b: Facade = {
    toString: () => 'EmbeddedChartBuilder',
    addRange: (range: unknown) => {
      draft.ranges.push(ctx.rectOf(range));
      return self;
    },
    removeRange: (range: unknown) => {
      const r = ctx.rectOf(range);
      draft.ranges = draft.ranges.filter(
        (x) => !(x.sheet === r.sheet && x.row === r.row && x.col === r.col && x.numRows === r.numRows && x.numCols === r.numCols),
      );
      return self;
    },
    clearRanges: () => {
      draft.ranges = [];
      return self;
    },
    getRanges: () => draft.ranges.map((r) => ctx.range(r)),
    setChartType: (type: unknown) => {
      draft.type = chartTypeOf(type);
      return self;
    },
    getChartType: () => ChartType[draft.type],
    setOption: (option: unknown, value: unknown) => {
      if (typeof option !== 'string' || !option) throw badArguments('EmbeddedChartBuilder.setOption', typeName(option));
      draft.options[option] = optionValue(value);
      return self;
    },
    setTitle: (title: unknown) => {
      draft.options.title = String(title);
      return self;
    },
    setPosition: (row: unknown, col: unknown, offsetX: unknown, offsetY: unknown) => {
      const m = 'EmbeddedChartBuilder.setPosition';
      draft.position = { row: whole(row, m, 1), col: whole(col, m, 1), offsetX: whole(offsetX, m, 0), offsetY: whole(offsetY, m, 0) };
      return self;
    },
    setNumHeaders: (n: unknown) => {
      draft.numHeaders = whole(n, 'EmbeddedChartBuilder.setNumHeaders', -1);
      return self;
    },
    setTransposeRowsAndColumns: (transpose: unknown) => {
      draft.transpose = transpose === true;
      return self;
    },
    getContainer: () => containerInfo(draft),
    asAreaChart: as('AREA'),
    asBarChart: as('BAR'),
    asColumnChart: as('COLUMN'),
    asLineChart: as('LINE'),
    asPieChart: as('PIE'),
    asScatterChart: as('SCATTER'),
    asTableChart: as('TABLE'),
    build: () => chartFacade(ctx, copyDraft(draft)),
  };
  self = guard('EmbeddedChartBuilder', b, ctx.permission);
  return self;
}

function containerInfo(chart: ChartDraft): Facade {
  return {
    toString: () => 'ContainerInfo',
    getAnchorRow: () => chart.position.row,
    getAnchorColumn: () => chart.position.col,
    getOffsetX: () => chart.position.offsetX,
    getOffsetY: () => chart.position.offsetY,
  };
}

/** The draft behind an EmbeddedChart facade (what insertChart and updateChart take). */
const draftOfFacade = new WeakMap<object, ChartDraft>();

export function draftOf(chart: unknown): ChartDraft {
  const draft = typeof chart === 'object' && chart !== null ? draftOfFacade.get(chart) : undefined;
  if (!draft) throw new Error('Invalid argument: chart');
  return draft;
}

export function chartFacade(ctx: Context, draft: ChartDraft): Facade {
  const c: Facade = {
    toString: () => 'EmbeddedChart',
    getChartId: () => draft.id,
    getId: () => (draft.id === null ? null : `u${draft.id}`),
    getRanges: () => draft.ranges.map((r) => ctx.range(r)),
    getOptions: () => ({ toString: () => 'ChartOptions', get: (option: string) => draft.options[option] ?? null }),
    getContainerInfo: () => containerInfo(draft),
    getNumHeaders: () => draft.numHeaders,
    getTransposeRowsAndColumns: () => draft.transpose,
    modify: () => chartBuilder(ctx, draft),
  };
  const facade = guard('EmbeddedChart', c, ctx.permission);
  draftOfFacade.set(facade, draft);
  return facade;
}

export function newDraft(sheet: SheetModel): ChartDraft {
  return {
    id: null,
    sheet,
    type: 'LINE',
    ranges: [],
    options: {},
    position: { row: 1, col: 1, offsetX: 0, offsetY: 0 },
    numHeaders: -1,
    transpose: false,
  };
}

/** The Sheet methods for charts, bound to one sheet. */
export function sheetChartMethods(ctx: Context, sheet: SheetModel): Facade {
  const { model } = ctx;
  const onSheet = () => model.charts.filter((c) => c.sheet === sheet);
  return {
    newChart: () => chartBuilder(ctx, newDraft(sheet)),
    insertChart: (chart: unknown) => {
      const draft = draftOf(chart);
      if (draft.id !== null && model.charts.some((c) => c.id === draft.id)) throw new Error('This chart is already in the sheet.');
      const stored: ChartModel = { ...copyDraft(draft), id: model.nextChartId++, sheet };
      model.charts.push(stored);
      draft.id = stored.id;
    },
    getCharts: () => onSheet().map((c) => chartFacade(ctx, copyDraft(c))),
    updateChart: (chart: unknown) => {
      const draft = draftOf(chart);
      const i = model.charts.findIndex((c) => c.id === draft.id && c.sheet === sheet);
      if (i < 0) throw new Error('The chart to update is not in this sheet.');
      model.charts[i] = { ...copyDraft(draft), id: model.charts[i].id, sheet };
    },
    removeChart: (chart: unknown) => {
      const draft = draftOf(chart);
      const before = model.charts.length;
      model.charts = model.charts.filter((c) => !(c.id === draft.id && c.sheet === sheet));
      if (model.charts.length === before) throw new Error('The chart to remove is not in this sheet.');
    },
  };
}
