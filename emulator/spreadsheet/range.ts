/** The emulated Range: a fixed rectangle on a sheet. */
import { rangeA1 } from './a1';
import { clearCellFormat, type Cell } from './cell';
import { badArguments, typeName, type Context, type Facade } from './context';
import { guard } from './guard';
import { developerMetadataFacade, metadataFinder } from './metadata';
import type { GridRect, MetadataModel } from './metadata-model';
import { DEFAULT_FORMAT } from './number-format';

function checkShape(grid: unknown, rect: GridRect, method: string): unknown[][] {
  if (!Array.isArray(grid) || grid.some((row) => !Array.isArray(row))) throw badArguments(`Range.${method}`, typeName(grid));
  if (grid.length !== rect.numRows)
    throw new Error(
      `The number of rows in the data does not match the number of rows in the range. The data has ${grid.length} but the range has ${rect.numRows}.`,
    );
  for (const row of grid as unknown[][]) {
    if (row.length !== rect.numCols)
      throw new Error(
        `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${rect.numCols}.`,
      );
  }
  return grid as unknown[][];
}

export function createRange(ctx: Context, rect: GridRect): Facade {
  const { model, counters } = ctx;
  const { sheet, row, col, numRows, numCols } = rect;
  const cells = numRows * numCols;

  /** Reads are counted: Google charges for every cell read (the cost model, bench/README.md). */
  const read = <T>(f: (cell: Cell | undefined) => T): T[][] => {
    counters.readCalls++;
    counters.readCells += cells;
    const out: T[][] = [];
    for (let i = 0; i < numRows; i++) {
      const line: T[] = new Array(numCols);
      const r = sheet.rows[row + i - 1];
      for (let j = 0; j < numCols; j++) line[j] = f(r?.[col + j - 1]);
      out.push(line);
    }
    return out;
  };
  const readOne = <T>(f: (cell: Cell | undefined) => T): T => {
    counters.readCalls++;
    counters.readCells++;
    return f(sheet.cell(row, col));
  };
  const each = (f: (cell: Cell, i: number, j: number) => void) => {
    for (let i = 0; i < numRows; i++) for (let j = 0; j < numCols; j++) f(sheet.ensure(row + i, col + j), i, j);
  };
  const eachExisting = (f: (cell: Cell) => void) => {
    for (let i = 0; i < numRows; i++)
      for (let j = 0; j < numCols; j++) {
        const c = sheet.cell(row + i, col + j);
        if (c) f(c);
      }
  };
  const write = (grid: unknown[][]) => {
    model.checkWriteFault();
    counters.setValuesCalls++;
    counters.setValuesCells += cells;
    for (let i = 0; i < numRows; i++) for (let j = 0; j < numCols; j++) model.writeInput(sheet, row + i, col + j, grid[i][j]);
  };
  const fill = (v: unknown): unknown[][] => Array.from({ length: numRows }, () => new Array(numCols).fill(v));
  const setEach = (f: (cell: Cell, v: unknown) => void, grid: unknown[][]) => each((c, i, j) => f(c, grid[i][j]));

  const clearContent = () => {
    for (let i = 0; i < numRows; i++) for (let j = 0; j < numCols; j++) model.clearContent(sheet, row + i, col + j);
  };
  const clearFormat = () => eachExisting(clearCellFormat);

  /** Developer metadata sits on whole rows or columns: which of the two this range is, if either. */
  const lineLocation = (): { type: 'ROW' | 'COLUMN'; start: number; count: number } | null => {
    if (col === 1 && numCols === sheet.maxCols) return { type: 'ROW', start: row, count: numRows };
    if (row === 1 && numRows === sheet.maxRows) return { type: 'COLUMN', start: col, count: numCols };
    return null;
  };
  const ownMetadata = (): MetadataModel[] => {
    const loc = lineLocation();
    if (!loc) return [];
    return model.metadata.filter(
      (m) =>
        m.location.type === loc.type &&
        'start' in m.location &&
        m.location.sheet === sheet &&
        m.location.start === loc.start &&
        m.location.count === loc.count,
    );
  };

  let self: Facade;
  const range: Facade = {
    toString: () => 'Range',
    getSheet: () => ctx.sheet(sheet),
    getRow: () => row,
    getColumn: () => col,
    getRowIndex: () => row,
    getLastRow: () => row + numRows - 1,
    getLastColumn: () => col + numCols - 1,
    getNumRows: () => numRows,
    getNumColumns: () => numCols,
    getHeight: () => numRows,
    getWidth: () => numCols,
    getA1Notation: () => rangeA1(row, col, numRows, numCols),
    getGridId: () => sheet.id,

    getValues: () => read((c) => model.readValue(c)),
    getValue: () => readOne((c) => model.readValue(c)),
    getDisplayValues: () => read((c) => model.readDisplay(c)),
    getDisplayValue: () => readOne((c) => model.readDisplay(c)),
    setValues: (values: unknown) => {
      write(checkShape(values, rect, 'setValues'));
      return self;
    },
    setValue: (value: unknown) => {
      write(fill(value));
      return self;
    },
    isBlank: () => read((c) => (c ? c.formula === undefined && c.value === '' : true)).every((r) => r.every(Boolean)),

    getFormulas: () => read((c) => c?.formula ?? ''),
    getFormula: () => readOne((c) => c?.formula ?? ''),
    setFormula: (formula: unknown) => {
      if (typeof formula !== 'string') throw badArguments('Range.setFormula', typeName(formula));
      write(fill(formula));
      return self;
    },
    setFormulas: (formulas: unknown) => {
      write(checkShape(formulas, rect, 'setFormulas'));
      return self;
    },

    getNumberFormats: () => read((c) => c?.format ?? DEFAULT_FORMAT),
    getNumberFormat: () => sheet.cell(row, col)?.format ?? DEFAULT_FORMAT,
    setNumberFormat: (format: unknown) => {
      counters.setNumberFormatsCalls++;
      each((c) => (c.format = String(format)));
      return self;
    },
    setNumberFormats: (formats: unknown) => {
      const grid = checkShape(formats, rect, 'setNumberFormats');
      counters.setNumberFormatsCalls++;
      counters.numberFormatGridCells += cells;
      setEach((c, v) => (c.format = String(v)), grid);
      return self;
    },

    getFontWeights: () => read((c) => c?.fontWeight ?? 'normal'),
    getFontWeight: () => sheet.cell(row, col)?.fontWeight ?? 'normal',
    setFontWeight: (w: unknown) => {
      each((c) => (w === null ? delete c.fontWeight : (c.fontWeight = String(w))));
      return self;
    },
    setFontWeights: (grid: unknown) => {
      setEach((c, w) => (w === null ? delete c.fontWeight : (c.fontWeight = String(w))), checkShape(grid, rect, 'setFontWeights'));
      return self;
    },
    getFontSize: () => sheet.cell(row, col)?.fontSize ?? 10,
    setFontSize: (size: unknown) => {
      if (size !== null && (typeof size !== 'number' || !Number.isInteger(size) || size < 1))
        throw badArguments('Range.setFontSize', typeName(size));
      each((c) => (size === null ? delete c.fontSize : (c.fontSize = size as number)));
      return self;
    },
    getFontColor: () => sheet.cell(row, col)?.fontColor ?? '#000000',
    setFontColor: (color: unknown) => {
      each((c) => (color === null ? delete c.fontColor : (c.fontColor = String(color))));
      return self;
    },

    getNote: () => readOne((c) => c?.note ?? ''),
    getNotes: () => read((c) => c?.note ?? ''),
    setNote: (note: unknown) => {
      each((c) => (note === null || note === '' ? delete c.note : (c.note = String(note))));
      return self;
    },
    setNotes: (notes: unknown) => {
      setEach((c, n) => (n === null || n === '' ? delete c.note : (c.note = String(n))), checkShape(notes, rect, 'setNotes'));
      return self;
    },
    clearNote: () => {
      eachExisting((c) => delete c.note);
      return self;
    },

    getBackground: () => sheet.cell(row, col)?.background ?? '#ffffff',
    getBackgrounds: () => read((c) => c?.background ?? '#ffffff'),
    setBackground: (color: unknown) => {
      each((c) => (color === null ? delete c.background : (c.background = String(color))));
      return self;
    },
    setBackgrounds: (grid: unknown) => {
      setEach((c, v) => (v === null ? delete c.background : (c.background = String(v))), checkShape(grid, rect, 'setBackgrounds'));
      return self;
    },
    getHorizontalAlignment: () => sheet.cell(row, col)?.horizontalAlignment ?? 'general',
    setHorizontalAlignment: (a: unknown) => {
      each((c) => (a === null ? delete c.horizontalAlignment : (c.horizontalAlignment = String(a))));
      return self;
    },
    getWrap: () => sheet.cell(row, col)?.wrap ?? true,
    setWrap: (w: unknown) => {
      each((c) => (c.wrap = Boolean(w)));
      return self;
    },

    clear: (options?: { contentsOnly?: boolean; formatOnly?: boolean; commentsOnly?: boolean }) => {
      const only = options && (options.contentsOnly || options.formatOnly || options.commentsOnly);
      if (!only || options!.contentsOnly) clearContent();
      if (!only || options!.formatOnly) clearFormat();
      if (options?.commentsOnly) eachExisting((c) => delete c.note);
      return self;
    },
    clearContent: () => {
      clearContent();
      return self;
    },
    clearFormat: () => {
      clearFormat();
      return self;
    },

    /**
     * copyTo(destination[, options]): one server-side copy of values, formulas, formats and notes,
     * all at once (a copy that fails changes nothing). The destination's top-left cell decides
     * where; the source's size how much.
     */
    copyTo: (destination: unknown, options?: unknown) => {
      const dest = ctx.rectOf(destination);
      dest.sheet.checkBounds(dest.row, dest.col, numRows, numCols);
      model.checkWriteFault();
      const only = options && typeof options === 'object' ? (options as { contentsOnly?: boolean; formatOnly?: boolean }) : {};
      model.copyCells(rect, dest.sheet, dest.row, dest.col, only);
      counters.copyCalls++;
      counters.copyCells += cells;
      return self;
    },
    /** sort(column | {column, ascending} | [...]): reorders the range's rows, as a user's sort does. */
    sort: (spec: unknown) => {
      model.sortRows(rect, spec);
      return self;
    },

    offset: (rowOffset: number, columnOffset: number, nRows?: number, nCols?: number) => {
      const r = row + rowOffset;
      const c = col + columnOffset;
      const h = nRows ?? numRows;
      const w = nCols ?? numCols;
      sheet.checkBounds(r, c, h, w);
      return ctx.range({ sheet, row: r, col: c, numRows: h, numCols: w });
    },
    getCell: (r: number, c: number) => {
      if (r < 1 || c < 1 || r > numRows || c > numCols) throw new Error('Cell reference out of range');
      return ctx.range({ sheet, row: row + r - 1, col: col + c - 1, numRows: 1, numCols: 1 });
    },
    activate: () => {
      model.activeSheet = sheet;
      return self;
    },

    addDeveloperMetadata: (key: unknown, valueOrVisibility?: unknown, visibility?: unknown) => {
      const loc = lineLocation();
      if (!loc)
        throw new Error(
          'Adding developer metadata to arbitrary ranges is not currently supported. Developer metadata may only be added to the top-level spreadsheet, an individual sheet, or an entire row or column.',
        );
      counters.metadataCalls++;
      model.addMetadata({ ...loc, sheet }, key, valueOrVisibility, visibility);
      return self;
    },
    getDeveloperMetadata: () => (counters.metadataCalls++, ownMetadata().map((m) => developerMetadataFacade(ctx, m))),
    createDeveloperMetadataFinder: () => metadataFinder(ctx, ownMetadata),
  };
  self = guard('Range', range, ctx.permission);
  return self;
}
