/** The emulated Sheet. */
import { parseA1 } from './a1';
import { clearCellFormat } from './cell';
import { badArguments, typeName, type Context, type Facade } from './context';
import { sheetChartMethods } from './charts';
import { guard } from './guard';
import { developerMetadataFacade, metadataFinder, namedRangeFacade } from './metadata';
import type { Dimension } from './metadata-model';
import type { SheetModel } from './sheet-model';

export function createSheet(ctx: Context, sheet: SheetModel): Facade {
  const { model } = ctx;
  let self: Facade;

  const range = (row: number, col: number, numRows = 1, numCols = 1): Facade => {
    sheet.checkBounds(row, col, numRows, numCols);
    return ctx.range({ sheet, row, col, numRows, numCols });
  };
  const rangeA1 = (a1: string): Facade => {
    const parsed = parseA1(a1);
    if (!parsed) throw new Error('Range not found');
    const target = parsed.sheet === undefined ? sheet : model.sheetByName(parsed.sheet);
    if (!target) throw new Error('Range not found');
    if (target !== sheet) return (ctx.sheet(target).getRange as (a: string) => Facade)(a1);
    const row = parsed.row ?? 1;
    const col = parsed.col ?? 1;
    return range(row, col, (parsed.endRow ?? sheet.maxRows) - row + 1, (parsed.endCol ?? sheet.maxCols) - col + 1);
  };
  const ownMetadata = () => model.metadata.filter((m) => m.location.type === 'SHEET' && m.location.sheet === sheet);
  const positive = (n: unknown, method: string) => {
    if (typeof n !== 'number' || !Number.isInteger(n)) throw badArguments(`Sheet.${method}`, typeName(n));
  };
  // Rows and columns insert and delete alike: only the sheet's extent and the words differ.
  const extent = (dim: Dimension) =>
    dim === 'ROWS'
      ? { max: sheet.maxRows, frozen: sheet.frozenRows, noun: 'rows' }
      : { max: sheet.maxCols, frozen: sheet.frozenCols, noun: 'columns' };
  const insertAfter = (dim: Dimension, method: string, after: unknown, howMany: unknown): Facade => {
    positive(after, method);
    positive(howMany, method);
    const { max, noun } = extent(dim);
    if ((after as number) < 1 || (after as number) > max) throw new Error(`Those ${noun} are out of bounds.`);
    model.insertLines(sheet, dim, after as number, howMany as number);
    return self;
  };
  const deleteLines = (dim: Dimension, method: string, start: unknown, howMany: unknown): Facade => {
    positive(start, method);
    positive(howMany, method);
    const s0 = start as number;
    const n = howMany as number;
    const { max, frozen, noun } = extent(dim);
    if (s0 < 1 || s0 + n - 1 > max) throw new Error(`Those ${noun} are out of bounds.`);
    if (n >= max - frozen) throw new Error(`Sorry, it is not possible to delete all non-frozen ${noun}.`);
    model.deleteLines(sheet, dim, s0, n);
    return self;
  };

  const s: Facade = {
    toString: () => 'Sheet',
    getName: () => sheet.name,
    setName: (name: unknown) => {
      if (typeof name !== 'string' || !name.trim()) throw badArguments('Sheet.setName', typeName(name));
      model.renameSheet(sheet, name);
      return self;
    },
    getSheetId: () => sheet.id,
    getSheetName: () => sheet.name,
    getIndex: () => model.sheets.indexOf(sheet) + 1,
    getParent: () => ctx.spreadsheet(),
    activate: () => {
      model.activeSheet = sheet;
      if (model.activationShowsSheet) sheet.hidden = false;
      return self;
    },

    getRange: (a: unknown, b?: number, c?: number, d?: number) => {
      if (typeof a === 'string') return rangeA1(a);
      if (typeof a !== 'number' || typeof b !== 'number') throw badArguments('Sheet.getRange', typeName(a));
      return range(a, b, c ?? 1, d ?? 1);
    },
    getDataRange: () => range(1, 1, Math.max(1, sheet.lastRow()), Math.max(1, sheet.lastColumn())),
    getLastRow: () => sheet.lastRow(),
    getLastColumn: () => sheet.lastColumn(),
    getMaxRows: () => sheet.maxRows,
    getMaxColumns: () => sheet.maxCols,

    insertRowsAfter: (after: unknown, howMany: unknown) => insertAfter('ROWS', 'insertRowsAfter', after, howMany),
    insertRowsBefore: (before: unknown, howMany: unknown) => {
      positive(before, 'insertRowsBefore');
      positive(howMany, 'insertRowsBefore');
      model.insertLines(sheet, 'ROWS', (before as number) - 1, howMany as number);
      return self;
    },
    insertColumnsAfter: (after: unknown, howMany: unknown) => insertAfter('COLUMNS', 'insertColumnsAfter', after, howMany),
    deleteRows: (start: unknown, howMany: unknown = 1) => deleteLines('ROWS', 'deleteRows', start, howMany),
    deleteRow: (r: unknown) => (s.deleteRows as (a: unknown, b: unknown) => Facade)(r, 1),
    deleteColumns: (start: unknown, howMany: unknown = 1) => deleteLines('COLUMNS', 'deleteColumns', start, howMany),
    deleteColumn: (c: unknown) => (s.deleteColumns as (a: unknown, b: unknown) => Facade)(c, 1),
    insertColumnsBefore: (before: unknown, howMany: unknown) => {
      positive(before, 'insertColumnsBefore');
      positive(howMany, 'insertColumnsBefore');
      model.insertLines(sheet, 'COLUMNS', (before as number) - 1, howMany as number);
      return self;
    },
    appendRow: (values: unknown) => {
      if (!Array.isArray(values)) throw badArguments('Sheet.appendRow', typeName(values));
      const row = sheet.lastRow() + 1;
      // appendRow is the one write that grows the sheet by itself.
      if (row > sheet.maxRows) model.insertLines(sheet, 'ROWS', sheet.maxRows, row - sheet.maxRows);
      if (values.length > sheet.maxCols) model.insertLines(sheet, 'COLUMNS', sheet.maxCols, values.length - sheet.maxCols);
      ctx.counters.setValuesCalls++;
      ctx.counters.setValuesCells += values.length;
      values.forEach((v, j) => model.writeInput(sheet, row, j + 1, v));
      return self;
    },

    setFrozenRows: (n: unknown) => {
      positive(n, 'setFrozenRows');
      if ((n as number) < 0 || (n as number) >= sheet.maxRows) throw new Error('Those rows are out of bounds.');
      sheet.frozenRows = n as number;
    },
    getFrozenRows: () => sheet.frozenRows,
    setFrozenColumns: (n: unknown) => {
      positive(n, 'setFrozenColumns');
      if ((n as number) < 0 || (n as number) >= sheet.maxCols) throw new Error('Those columns are out of bounds.');
      sheet.frozenCols = n as number;
    },
    getFrozenColumns: () => sheet.frozenCols,

    clear: () => {
      sheet.forEachCell((_, r, c) => model.clearContent(sheet, r, c));
      sheet.forEachCell(clearCellFormat);
      return self;
    },
    clearContents: () => {
      sheet.forEachCell((_, r, c) => model.clearContent(sheet, r, c));
      return self;
    },
    clearFormats: () => {
      sheet.forEachCell(clearCellFormat);
      return self;
    },
    clearNotes: () => {
      sheet.forEachCell((cell) => delete cell.note);
      return self;
    },

    getNamedRanges: () => model.namedRanges.filter((n) => n.rect.sheet === sheet).map((n) => namedRangeFacade(ctx, n)),
    addDeveloperMetadata: (key: unknown, valueOrVisibility?: unknown, visibility?: unknown) => {
      ctx.counters.metadataCalls++;
      model.addMetadata({ type: 'SHEET', sheet }, key, valueOrVisibility, visibility);
      return self;
    },
    getDeveloperMetadata: () => (ctx.counters.metadataCalls++, ownMetadata().map((m) => developerMetadataFacade(ctx, m))),
    createDeveloperMetadataFinder: () =>
      metadataFinder(ctx, () => model.metadata.filter((m) => 'sheet' in m.location && m.location.sheet === sheet)),

    setColumnWidth: (column: unknown, width: unknown) => {
      positive(column, 'setColumnWidth');
      sheet.columnWidths[column as number] = Number(width);
      return self;
    },
    setColumnWidths: (start: unknown, count: unknown, width: unknown) => {
      positive(start, 'setColumnWidths');
      for (let i = 0; i < Number(count); i++) sheet.columnWidths[(start as number) + i] = Number(width);
      return self;
    },
    getColumnWidth: (column: number) => sheet.columnWidths[column] ?? 100,
    autoResizeColumns: (start: unknown, count: unknown) => {
      positive(start, 'autoResizeColumns');
      positive(count, 'autoResizeColumns');
      sheet.autoResized.push([start as number, count as number]);
      return self;
    },
    autoResizeColumn: (column: unknown) => {
      positive(column, 'autoResizeColumn');
      sheet.autoResized.push([column as number, 1]);
      return self;
    },

    hideSheet: () => {
      if (model.sheets.filter((x) => !x.hidden && x !== sheet).length === 0)
        throw new Error("You can't hide all the sheets in a document.");
      sheet.hidden = true;
      if (model.activeSheet === sheet) model.activeSheet = model.sheets.find((x) => !x.hidden)!;
      return self;
    },
    showSheet: () => {
      sheet.hidden = false;
      return self;
    },
    isSheetHidden: () => sheet.hidden,
    setTabColor: (color: unknown) => {
      sheet.tabColor = color === null ? null : String(color);
      return self;
    },
    getTabColor: () => sheet.tabColor,
    ...sheetChartMethods(ctx, sheet),
  };
  self = guard('Sheet', s, ctx.permission);
  return self;
}
