/**
 * The in-memory spreadsheet behind the emulated SpreadsheetApp: sheets, cells, named ranges,
 * developer metadata. Tests read it directly (values, errors, how input was coerced) without
 * touching the emulated API's counters or permissions.
 */
import { cellA1, parseA1, quoteSheetName } from './a1';
import { copyScalar, FORMAT_KEYS, hasContent, kindOf, type Cell, type CellKind, type Scalar } from './cell';
import { parseInput, type InputOutcome } from './input';
import {
  moveMetadata,
  moveRect,
  type Dimension,
  type GridRect,
  type MetadataLocation,
  type MetadataModel,
  type MetadataVisibility,
  type NamedRangeModel,
} from './metadata-model';
import { enumName, isEnumValue } from './enums';
import { displayValue, isDateFormat, isNumericFormat } from './number-format';
import { SheetModel } from './sheet-model';
import { moveAnchor, type ChartModel } from './chart-model';
import { fromSerial, toSerial } from '../time-zone';

export interface Coercion {
  sheet: string;
  a1: string;
  input: string;
  outcome: InputOutcome;
}

/** Kept bounded: big writes of numeric strings would otherwise grow it without end. */
const MAX_COERCIONS = 10000;

/** What a formula cell was last calculated from (strict recalculation). */
interface Calculated {
  formula: string;
  args: string;
}

/** Sheets is reported to strip the space after `=` when it stores a formula. */
export function normaliseFormula(formula: string): string {
  return formula.replace(/^=\s+/, '=');
}

export const CELL_LIMIT_MESSAGE = (limit: number) =>
  `This action would increase the number of cells in the workbook above the limit of ${limit} cells.`;

export class EmulatedSpreadsheet {
  id: string;
  name: string;
  timeZone: string;
  locale = 'en_US';
  readonly owner: string;
  readonly now: () => number;
  sheets: SheetModel[] = [];
  activeSheet: SheetModel;
  namedRanges: NamedRangeModel[] = [];
  metadata: MetadataModel[] = [];
  /** Embedded charts of every sheet. */
  charts: ChartModel[] = [];
  nextChartId = 1;
  /** Every string write Sheets did not keep as plain text (or kept only thanks to an escape). */
  coercions: Coercion[] = [];
  nextSheetId = 0;
  nextMetadataId = 1;
  /** Variants (see emulator/variants.ts), set by the emulator. */
  strictRecalculation = false;
  concurrentCustomFunctions = Infinity;
  cellLimit: number | null = null;
  activationShowsSheet = true;
  /** Who may edit it besides the owner (set by the emulator: its users, less those whose access was removed). */
  editorEmails: () => string[] = () => [];
  /** The `hiddenEmails` variant: Google gives users without their addresses. */
  emailsHidden = false;
  /** The `editorsListed` variant, off: getEditors() throws. */
  editorsListed = true;
  /** Writes not yet flushed (SpreadsheetApp.flush or the end of an execution applies them). */
  unflushed = false;
  private readonly calculated = new Map<Cell, Calculated>();
  private readonly pendingCells = new Set<Cell>();
  private readonly burstDenied = new Set<Cell>();
  /**
   * A test switch: the Nth setValues/copyTo call from now on throws `message` and writes nothing
   * (Sheets can time out or hit a quota mid-write). Null: writes never fail.
   */
  writeFault: { callsLeft: number; message: string } | null = null;

  constructor(opts: { id?: string; name?: string; timeZone: string; owner: string; now: () => number }) {
    this.id = opts.id ?? 'emulated-spreadsheet';
    this.name = opts.name ?? 'Untitled spreadsheet';
    this.timeZone = opts.timeZone;
    this.owner = opts.owner;
    this.now = opts.now;
    this.activeSheet = this.addSheet('Sheet1');
  }

  // ---- sheets -------------------------------------------------------------------------------

  addSheet(name: string, index = this.sheets.length): SheetModel {
    if (this.sheetByName(name)) throw duplicateSheet(name);
    this.checkCellLimit(1000 * 26);
    // Sheets gives the first sheet id 0 and random ids after; deterministic ids keep tests stable.
    const id = this.nextSheetId === 0 ? 0 : 100000000 + this.nextSheetId * 7919;
    this.nextSheetId++;
    const sheet = new SheetModel(name, id);
    this.sheets.splice(Math.max(0, Math.min(index, this.sheets.length)), 0, sheet);
    return sheet;
  }

  nextDefaultSheetName(): string {
    for (let n = this.sheets.length + 1; ; n++) if (!this.sheetByName(`Sheet${n}`)) return `Sheet${n}`;
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  sheetById(id: number): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  renameSheet(sheet: SheetModel, name: string): void {
    const other = this.sheetByName(name);
    if (other && other !== sheet) throw duplicateSheet(name);
    sheet.name = name;
  }

  removeSheet(sheet: SheetModel): void {
    if (this.sheets.length <= 1) throw new Error("You can't remove all the sheets in a document.");
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.namedRanges = this.namedRanges.filter((n) => n.rect.sheet !== sheet);
    this.metadata = this.metadata.filter((m) => !('sheet' in m.location) || m.location.sheet !== sheet);
    this.charts = this.charts.filter((c) => c.sheet !== sheet);
    for (const c of this.charts) c.ranges = c.ranges.filter((r) => r.sheet !== sheet);
    if (this.activeSheet === sheet) this.activeSheet = this.sheets[0];
  }

  // ---- cells --------------------------------------------------------------------------------

  /** A cell as typed by a user or written by setValue(s): coercion, spill interaction, log. */
  writeInput(sheet: SheetModel, row: number, col: number, raw: unknown): void {
    const existing = sheet.cell(row, col);
    const parsed = parseInput(raw, { format: existing?.format, timeZone: this.timeZone, now: this.now });
    if (parsed.outcome === 'empty') return this.clearContent(sheet, row, col);
    const cell = existing ?? sheet.ensure(row, col);
    this.unflushed = true;
    this.pendingCells.add(cell);
    if (cell.spillOf) this.blockSpill(cell.spillOf, row, col);
    if (parsed.formula !== undefined) {
      // A re-entered formula keeps its old result (and spill) until the next recalculation.
      if (cell.formula === undefined) this.clearSpill(cell);
      cell.formula = this.strictRecalculation ? normaliseFormula(parsed.formula) : parsed.formula;
    } else {
      this.clearSpill(cell);
      if (cell.formula !== undefined) delete cell.formula;
      if (cell.error !== undefined) delete cell.error;
      cell.value = parsed.value;
    }
    if (parsed.autoFormat) cell.format = parsed.autoFormat;
    if (typeof raw === 'string' && !['empty', 'value', 'text'].includes(parsed.outcome)) {
      this.coercions.push({ sheet: sheet.name, a1: cellA1(row, col), input: raw, outcome: parsed.outcome });
      if (this.coercions.length > MAX_COERCIONS) this.coercions.splice(0, this.coercions.length - MAX_COERCIONS);
    }
  }

  /** Empties a cell's content (keeps format and note). */
  clearContent(sheet: SheetModel, row: number, col: number): void {
    const cell = sheet.cell(row, col);
    if (!cell) return;
    if (cell.spillOf && cell.value !== '') {
      // Clearing a spilled value is a no-op in Sheets: the array owns it.
      return;
    }
    this.unflushed = true;
    this.pendingCells.add(cell);
    this.clearSpill(cell);
    delete cell.formula;
    delete cell.error;
    cell.value = '';
  }

  // ---- recalculation (strict variant) -------------------------------------------------------

  /**
   * Applies pending writes as Sheets does at a flush or at the end of an execution: a formula
   * cell whose normalised text differs from what it was last calculated from becomes due; one
   * that lost its formula (a placeholder) forgets it, so restoring the formula makes it due.
   * Text set and set back between two flushes is no change at all. With `burst`, cells made due
   * beyond the concurrency limit fail (too many custom functions started at once).
   */
  flush(burst: boolean): number {
    let due = 0;
    for (const cell of this.pendingCells) {
      const calc = this.calculated.get(cell);
      if (cell.formula === undefined) {
        this.calculated.delete(cell);
        continue;
      }
      if (calc?.formula === cell.formula) continue;
      this.calculated.delete(cell);
      due++;
      if (burst && this.strictRecalculation && due > this.concurrentCustomFunctions) this.burstDenied.add(cell);
    }
    this.pendingCells.clear();
    this.unflushed = false;
    return Math.max(0, due - (burst && this.strictRecalculation ? this.concurrentCustomFunctions : Infinity));
  }

  /** Whether the formula engine must evaluate this cell (always, unless strict). */
  isDue(cell: Cell, args: string): boolean {
    if (!this.strictRecalculation) return true;
    const calc = this.calculated.get(cell);
    return !calc || calc.formula !== cell.formula || calc.args !== args;
  }

  markCalculated(cell: Cell, args: string): void {
    if (cell.formula !== undefined) this.calculated.set(cell, { formula: cell.formula, args });
  }

  /** A cell a flush refused to start (strict): it shows the platform's error once. */
  takeBurstDenied(cell: Cell): boolean {
    return this.burstDenied.delete(cell);
  }

  /** Google's 10 M cells per spreadsheet, checked before growing by `more` cells. */
  checkCellLimit(more: number): void {
    if (this.cellLimit === null) return;
    const total = this.sheets.reduce((n, s) => n + s.maxRows * s.maxCols, 0);
    if (total + more > this.cellLimit) throw new Error(CELL_LIMIT_MESSAGE(this.cellLimit));
  }

  clearSpill(anchor: Cell): void {
    if (!anchor.spill) return;
    for (const c of anchor.spill) {
      if (c.spillOf === anchor) {
        c.value = '';
        delete c.spillOf;
      }
    }
    delete anchor.spill;
  }

  /** Data written into a spill area: the array formula errors, as Sheets does at once. */
  blockSpill(anchor: Cell, row: number, col: number): void {
    this.clearSpill(anchor);
    anchor.value = '#REF!';
    anchor.error = `Array result was not expanded because it would overwrite data in ${cellA1(row, col)}.`;
  }

  /** Stores a formula's computed result: a scalar, a 2-D array (spills), or an error. */
  writeFormulaResult(sheet: SheetModel, row: number, col: number, result: { grid: Scalar[][] } | { error: string; value: string }): void {
    const anchor = sheet.ensure(row, col);
    this.clearSpill(anchor);
    delete anchor.error;
    if ('error' in result) {
      anchor.value = result.value;
      anchor.error = result.error;
      return;
    }
    const grid = result.grid;
    const height = grid.length;
    const width = Math.max(...grid.map((r) => r.length));
    if (row + height - 1 > sheet.maxRows) {
      anchor.value = '#REF!';
      anchor.error = `Result was not automatically expanded, please insert more rows (${row + height - 1 - sheet.maxRows}).`;
      return;
    }
    if (col + width - 1 > sheet.maxCols) {
      anchor.value = '#REF!';
      anchor.error = `Result was not automatically expanded, please insert more columns (${col + width - 1 - sheet.maxCols}).`;
      return;
    }
    for (let i = 0; i < height; i++) {
      for (let j = 0; j < width; j++) {
        if (i === 0 && j === 0) continue;
        const target = sheet.cell(row + i, col + j);
        if (hasContent(target) || (target?.spillOf && target.spillOf !== anchor)) {
          anchor.value = '#REF!';
          anchor.error = `Array result was not expanded because it would overwrite data in ${cellA1(row + i, col + j)}.`;
          return;
        }
      }
    }
    anchor.value = grid[0][0] ?? '';
    const spill: Cell[] = [];
    for (let i = 0; i < height; i++) {
      for (let j = 0; j < width; j++) {
        if (i === 0 && j === 0) continue;
        const target = sheet.ensure(row + i, col + j);
        target.value = grid[i][j] ?? '';
        target.spillOf = anchor;
        spill.push(target);
      }
    }
    if (spill.length) anchor.spill = spill;
  }

  /** What getValues returns for a cell: the stored value, seen through its number format. */
  readValue(cell: Cell | undefined): Scalar {
    if (!cell) return '';
    const v = cell.value;
    if (typeof v === 'number' && isDateFormat(cell.format)) return new Date(fromSerial(v, this.timeZone));
    if (v instanceof Date && isNumericFormat(cell.format)) return toSerial(v.getTime(), this.timeZone);
    return copyScalar(v);
  }

  readDisplay(cell: Cell | undefined): string {
    return cell ? displayValue(cell.value, cell.format, this.timeZone) : '';
  }

  /** Called before each setValues/copyTo: throws when the armed write fault comes due. */
  checkWriteFault(): void {
    if (!this.writeFault) return;
    if (--this.writeFault.callsLeft > 0) return;
    const { message } = this.writeFault;
    this.writeFault = null;
    throw new Error(message);
  }

  // ---- copies and sorts --------------------------------------------------------------------

  /** Range.copyTo: every cell of `src` (empty ones too) onto the same-sized area at (row, col). */
  copyCells(src: GridRect, to: SheetModel, row: number, col: number, only: { contentsOnly?: boolean; formatOnly?: boolean } = {}): void {
    // The source is read whole first: it may overlap the destination. Hot on big blocks (every
    // committed block is copied from its staging sheet), so no spread objects and no deletes of
    // properties a cell does not have.
    const copies: Array<Cell | undefined> = new Array(src.numRows * src.numCols);
    let k = 0;
    for (let i = 0; i < src.numRows; i++) {
      const line = src.sheet.rows[src.row + i - 1];
      for (let j = 0; j < src.numCols; j++) {
        const c = line?.[src.col + j - 1];
        copies[k++] = c ? copyOf(c) : undefined;
      }
    }
    k = 0;
    for (let i = 0; i < src.numRows; i++)
      for (let j = 0; j < src.numCols; j++) {
        const from = copies[k++];
        const target = to.ensure(row + i, col + j);
        if (target.spillOf) this.blockSpill(target.spillOf, row + i, col + j);
        if (!only.formatOnly) {
          if (target.spill) this.clearSpill(target);
          if (target.formula !== undefined) delete target.formula;
          if (target.error !== undefined) delete target.error;
          target.value = from?.value ?? '';
          if (from?.formula !== undefined) target.formula = from.formula;
          if (from?.note !== undefined) target.note = from.note;
          else if (target.note !== undefined) delete target.note;
        }
        if (!only.contentsOnly) {
          // As clearCellFormat then the source's format, without deleting what is set again.
          const t = target as unknown as Record<string, unknown>;
          for (const key of FORMAT_KEYS) {
            const value = from && key !== 'fontSize' ? from[key] : undefined;
            if (value !== undefined) t[key] = value;
            else if (t[key] !== undefined) delete t[key];
          }
        }
      }
  }

  /** Range.sort: rows of the rect reordered by one or more columns (absolute column numbers). */
  sortRows(rect: GridRect, spec: unknown): void {
    const keys = (Array.isArray(spec) ? spec : [spec]).map((k) =>
      typeof k === 'number'
        ? { column: k, ascending: true }
        : { column: Number((k as { column: unknown }).column), ascending: (k as { ascending?: boolean }).ascending !== false },
    );
    for (const k of keys)
      if (k.column < rect.col || k.column >= rect.col + rect.numCols)
        throw new Error('The sort column must be within the specified range.');
    const rows: Array<Array<Cell | undefined>> = [];
    for (let i = 0; i < rect.numRows; i++) {
      const line: Array<Cell | undefined> = [];
      for (let j = 0; j < rect.numCols; j++) line.push(rect.sheet.cell(rect.row + i, rect.col + j));
      rows.push(line);
    }
    const rank = (v: Scalar): [number, number | string] =>
      v === ''
        ? [3, 0]
        : typeof v === 'number'
          ? [0, v]
          : v instanceof Date
            ? [0, v.getTime()]
            : typeof v === 'boolean'
              ? [2, v ? 1 : 0]
              : [1, v.toLowerCase()];
    rows.sort((a, b) => {
      for (const k of keys) {
        const [ka, va] = rank(a[k.column - rect.col]?.value ?? '');
        const [kb, vb] = rank(b[k.column - rect.col]?.value ?? '');
        // Empty cells go last whatever the order, as in Sheets.
        if (ka !== kb) return ka === 3 || kb === 3 ? ka - kb : (ka - kb) * (k.ascending ? 1 : -1);
        if (va !== vb) return (va < vb ? -1 : 1) * (k.ascending ? 1 : -1);
      }
      return 0;
    });
    rows.forEach((line, i) =>
      line.forEach((c, j) => {
        const r = rect.sheet.rows[rect.row + i - 1] ?? (rect.sheet.rows[rect.row + i - 1] = []);
        r[rect.col + j - 1] = c;
      }),
    );
  }

  // ---- rows and columns ---------------------------------------------------------------------

  insertLines(sheet: SheetModel, dim: Dimension, after: number, count: number): void {
    this.checkCellLimit(count * (dim === 'ROWS' ? sheet.maxCols : sheet.maxRows));
    if (dim === 'ROWS') sheet.insertRows(after, count);
    else sheet.insertColumns(after, count);
    for (const n of this.namedRanges) moveRect(n.rect, sheet, dim, 'insert', after, count);
    for (const m of this.metadata) moveMetadata(m, sheet, dim, 'insert', after, count);
    for (const c of this.charts) {
      for (const r of c.ranges) moveRect(r, sheet, dim, 'insert', after, count);
      moveAnchor(c, sheet, dim, 'insert', after, count);
    }
  }

  deleteLines(sheet: SheetModel, dim: Dimension, first: number, count: number): void {
    const removed = dim === 'ROWS' ? sheet.deleteRows(first, count) : sheet.deleteColumns(first, count);
    for (const cell of removed) {
      this.clearSpill(cell);
      if (cell.spillOf) {
        // Sheets recomputes the array; here the anchor keeps the cells still present.
        cell.spillOf.spill = cell.spillOf.spill?.filter((c) => c !== cell);
      }
    }
    this.namedRanges = this.namedRanges.filter((n) => moveRect(n.rect, sheet, dim, 'delete', first, count));
    this.metadata = this.metadata.filter((m) => moveMetadata(m, sheet, dim, 'delete', first, count));
    for (const c of this.charts) {
      c.ranges = c.ranges.filter((r) => moveRect(r, sheet, dim, 'delete', first, count));
      moveAnchor(c, sheet, dim, 'delete', first, count);
    }
  }

  // ---- developer metadata ------------------------------------------------------------------

  /** addDeveloperMetadata(key), (key, value), (key, visibility) and (key, value, visibility). */
  addMetadata(location: MetadataLocation, key: unknown, valueOrVisibility?: unknown, visibility?: unknown): MetadataModel {
    if (typeof key !== 'string' || !key) throw new Error('Invalid argument: key');
    let value: string | null = null;
    let vis: MetadataVisibility = 'DOCUMENT';
    if (isEnumValue(valueOrVisibility)) vis = enumName(valueOrVisibility) as MetadataVisibility;
    else {
      if (valueOrVisibility !== undefined && valueOrVisibility !== null) value = String(valueOrVisibility);
      if (isEnumValue(visibility)) vis = enumName(visibility) as MetadataVisibility;
    }
    const meta: MetadataModel = { id: this.nextMetadataId++, key, value, visibility: vis, location };
    this.metadata.push(meta);
    return meta;
  }

  // ---- named ranges -------------------------------------------------------------------------

  defineNamedRange(name: string, rect: GridRect): void {
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) || /^[A-Za-z]{1,3}[0-9]+$/.test(name) || /^(true|false)$/i.test(name) || name.length > 250)
      throw new Error(`Named range name "${name}" is not valid: use letters, numbers and underscores, not a cell reference.`);
    const existing = this.namedRanges.find((n) => n.name === name);
    if (existing) existing.rect = { ...rect };
    else this.namedRanges.push({ name, rect: { ...rect } });
  }

  namedRange(name: string): NamedRangeModel | undefined {
    return this.namedRanges.find((n) => n.name === name);
  }

  dropNamedRange(name: string): void {
    this.namedRanges = this.namedRanges.filter((n) => n.name !== name);
  }

  // ---- direct reads for tests and the formula engine ----------------------------------------

  /** Resolves "Sheet1!A1:B2" (or "A1:B2" on the active sheet) to a rectangle clipped to the sheet. */
  resolve(ref: string, defaultSheet: SheetModel = this.activeSheet): GridRect {
    const a1 = parseA1(ref);
    if (!a1) {
      const named = this.namedRange(ref);
      if (named) return { ...named.rect };
      throw new Error('Range not found');
    }
    const sheet = a1.sheet === undefined ? defaultSheet : this.sheetByName(a1.sheet);
    if (!sheet) throw new Error(`Range not found`);
    const row = a1.row ?? 1;
    const col = a1.col ?? 1;
    const endRow = a1.endRow ?? sheet.maxRows;
    const endCol = a1.endCol ?? sheet.maxCols;
    return { sheet, row, col, numRows: endRow - row + 1, numCols: endCol - col + 1 };
  }

  private grid<T>(ref: string, read: (cell: Cell | undefined) => T): T[][] {
    const r = this.resolve(ref);
    const out: T[][] = [];
    for (let i = 0; i < r.numRows; i++) {
      const line: T[] = [];
      for (let j = 0; j < r.numCols; j++) line.push(read(r.sheet.cell(r.row + i, r.col + j)));
      out.push(line);
    }
    return out;
  }

  private one(sheetName: string, a1: string): Cell | undefined {
    const r = this.resolve(`${quoteSheetName(sheetName)}!${a1}`);
    return r.sheet.cell(r.row, r.col);
  }

  /** getValues without counters or permissions: "Sheet1!A1:C3". */
  values(ref: string): Scalar[][] {
    return this.grid(ref, (c) => this.readValue(c));
  }

  displayValues(ref: string): string[][] {
    return this.grid(ref, (c) => this.readDisplay(c));
  }

  formulas(ref: string): string[][] {
    return this.grid(ref, (c) => c?.formula ?? '');
  }

  /** The message Sheets shows on hover over an error cell; null when the cell is not an error. */
  cellError(sheetName: string, a1: string): string | null {
    return this.one(sheetName, a1)?.error ?? null;
  }

  cellKind(sheetName: string, a1: string): CellKind {
    return kindOf(this.one(sheetName, a1));
  }

  note(sheetName: string, a1: string): string {
    return this.one(sheetName, a1)?.note ?? '';
  }

  numberFormat(sheetName: string, a1: string): string | undefined {
    return this.one(sheetName, a1)?.format;
  }

  /** Every formula cell in sheet order, row-major (the formula engine's work list). */
  formulaCells(): Array<{ sheet: SheetModel; row: number; col: number; formula: string }> {
    const out: Array<{ sheet: SheetModel; row: number; col: number; formula: string }> = [];
    for (const sheet of this.sheets)
      sheet.forEachCell((cell, row, col) => {
        if (cell.formula !== undefined) out.push({ sheet, row, col, formula: cell.formula });
      });
    return out;
  }
}

function duplicateSheet(name: string): Error {
  return new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
}

/** What copyTo takes from a source cell: content, note and format (not its spill). */
function copyOf(c: Cell): Cell {
  const copy: Cell = { value: copyScalar(c.value) };
  if (c.formula !== undefined) copy.formula = c.formula;
  if (c.note !== undefined) copy.note = c.note;
  for (const key of FORMAT_KEYS) if (c[key] !== undefined) (copy as unknown as Record<string, unknown>)[key] = c[key];
  return copy;
}
