import type { Execution } from '../platform/execution';
import type { PropertyStore, Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, readOwned } from '../sheet/block-ownership';
import { readBindings, writeBindings, type Binding, type ChartBinding, type TileBinding } from './binding-store';
import { tileCells } from './tile-cells';
import { demoStore, isDemo } from '../settings/demo-flag';

/**
 * After a block is written: each chart bound to it gets ranges over exactly the block's rows now
 * (Sheets does not stretch a chart when a script writes more rows, nor shrink it), and each tile
 * shows the block's Total row. A chart or sheet the user deleted drops its binding; nothing else
 * on the user's sheets is touched.
 */
interface BlockData {
  sheet: Sheet;
  row: number;
  col: number;
  headers: string[];
  /** Data rows, Total rows excluded. */
  dataRows: number;
  total: unknown[] | null;
}

const isTotal = (row: unknown[]): boolean =>
  (typeof row[0] === 'string' && /^Total\b/.test(row[0])) || (typeof row[1] === 'string' && /^Total\b/.test(row[1]));

function readBlock(spreadsheet: Spreadsheet, blockId: string): BlockData | null {
  const owned = readOwned(spreadsheet, blockRangeName(blockId));
  if (!owned) return null;
  const { sheet, rect } = owned;
  const values = sheet.getRange(rect.row, rect.col, rect.rows, rect.cols).getValues();
  const [header, ...rows] = values;
  let dataRows = rows.length;
  while (dataRows > 0 && isTotal(rows[dataRows - 1])) dataRows--;
  // The overall total is the last one (several sites add a Total per site before it).
  const total = dataRows < rows.length ? rows[rows.length - 1] : null;
  return { sheet, row: rect.row, col: rect.col, headers: header.map(String), dataRows, total };
}

function sheetById(spreadsheet: Spreadsheet, id: number): Sheet | null {
  return spreadsheet.getSheets().find((s) => s.getSheetId() === id) ?? null;
}

function applyChart(spreadsheet: Spreadsheet, block: BlockData, binding: ChartBinding): boolean {
  const host = sheetById(spreadsheet, binding.sheetId);
  const chart = host?.getCharts().find((c) => c.getChartId() === binding.chartId);
  if (!host || !chart) return false;
  let builder = chart.modify().clearRanges();
  const missing = binding.headers.filter((header) => block.headers.indexOf(header) < 0);
  // A column the API stopped sending is left out rather than drawn from a neighbour; without its
  // first column (the dates, the devices) a chart would plot values against nothing: none is drawn.
  const drawn = missing.indexOf(binding.headers[0]) >= 0 ? [] : binding.headers.filter((header) => missing.indexOf(header) < 0);
  for (const header of drawn) {
    builder = builder.addRange(block.sheet.getRange(block.row, block.col + block.headers.indexOf(header), block.dataRows + 1, 1));
  }
  if (binding.title) {
    const note = missing.length ? ` (not shown: the report has no ${missing.join(' or ')} column)` : '';
    builder = builder.setOption('title', binding.title + note);
  }
  host.updateChart(builder.build());
  return true;
}

/** Whether the binding stays, and as what (an old tile comes back with its named range). */
function applyTile(spreadsheet: Spreadsheet, blockId: string, block: BlockData, binding: TileBinding): TileBinding | null {
  const cells = tileCells(spreadsheet, blockId, binding, sheetById(spreadsheet, binding.sheetId));
  if (cells === 'gone') return null;
  if (cells === 'not-ours') return binding;
  const cell = (header: string | undefined): unknown => {
    const at = header === undefined ? -1 : block.headers.indexOf(header);
    const value = at >= 0 && block.total ? block.total[at] : '';
    return typeof value === 'number' && Number.isFinite(value) ? value : '';
  };
  cells.sheet.getRange(cells.row, cells.col).setValue(cell(binding.header));
  if (cells.changeRow !== null) cells.sheet.getRange(cells.changeRow, cells.col).setValue(cell(binding.changeHeader));
  return cells.upgraded ?? binding;
}

/**
 * Where the bindings of the document's blocks are kept: the document's properties, or in demo mode
 * the demo's own records (src/settings/demo-flag.ts), where the dashboard wrote them.
 */
function bindingStore(ex: Execution): PropertyStore | null {
  return isDemo(ex) ? demoStore(ex) : ex.platform.documentProperties;
}

export function applyBindings(ex: Execution, blockId: string): void {
  const store = bindingStore(ex);
  const spreadsheet = ex.platform.spreadsheet();
  if (!store || !spreadsheet) return;
  const bindings = readBindings(store, blockId);
  if (bindings.length === 0) return;
  const block = readBlock(spreadsheet, blockId);
  if (!block) return;
  const kept: Binding[] = [];
  let changed = false;
  for (const b of bindings) {
    const now = b.kind === 'chart' ? (applyChart(spreadsheet, block, b) ? b : null) : applyTile(spreadsheet, blockId, block, b);
    if (now) kept.push(now);
    changed = changed || now !== b;
  }
  if (!changed) return;
  try {
    writeBindings(store, blockId, kept);
  } catch (_) {
    // A full store: an old tile's named range is found by its name next time all the same.
  }
}

/**
 * A block whose refresh failed keeps its last data, and its charts keep drawing it: each chart's
 * title says that it was not refreshed and why, until a refresh works (applyChart sets the title
 * back). Never throws: the failure itself is what the caller reports.
 */
export function showNotRefreshed(ex: Execution, blockId: string, message: string): void {
  try {
    const store = bindingStore(ex);
    const spreadsheet = ex.platform.spreadsheet();
    if (!store || !spreadsheet) return;
    for (const binding of readBindings(store, blockId)) {
      if (binding.kind !== 'chart' || !binding.title) continue;
      const host = sheetById(spreadsheet, binding.sheetId);
      const chart = host?.getCharts().find((c) => c.getChartId() === binding.chartId);
      if (!host || !chart) continue;
      host.updateChart(
        chart
          .modify()
          .setOption('title', `${binding.title} (${notRefreshed(message)})`)
          .build(),
      );
    }
  } catch (_) {
    // Sheets failing too: the status sheet still has the error.
  }
}

/** "not refreshed: <why>", the why cut to a length a chart title shows. */
function notRefreshed(message: string): string {
  const why = message.length > 160 ? `${message.slice(0, 157)}...` : message;
  return `not refreshed: ${why}`;
}
