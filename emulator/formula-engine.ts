/**
 * Evaluates custom-function formulas (`=NAME(arg, ...)`) in the emulated spreadsheet, the way
 * Sheets does for an add-on's custom functions: arguments resolved from cells and ranges, the call
 * made as a custom function (read-only services), the result spilled or shown as an error.
 * Arguments are literals, references, and nested calls of the few built-ins people pass as dates
 * (DATE, TODAY); operators are a parse error.
 */
import { cellA1, parseA1 } from './spreadsheet/a1';
import { localInstant, localParts } from './time-zone';
import type { Cell, Scalar } from './spreadsheet/cell';
import type { SheetModel } from './spreadsheet/sheet-model';
import type { EmulatedSpreadsheet } from './spreadsheet/spreadsheet-model';

export type FormulaArg =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'omitted' }
  /** `ref` is the A1 part without the sheet ("$A$1", "B2:C9"). */
  | { kind: 'ref'; sheet?: string; ref: string }
  /** A nested call, e.g. DATE(2026,10,1). */
  | { kind: 'call'; name: string; args: FormulaArg[] };

export interface ParsedFormula {
  name: string;
  args: FormulaArg[];
}

export class FormulaParseError extends Error {
  constructor(text: string, at: number) {
    super(`Formula parse error at position ${at + 1} in ${text}`);
    this.name = 'FormulaParseError';
  }
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?%?/i;
const NAME = /^[A-Za-z_][A-Za-z0-9_.]*/;
const UNQUOTED_SHEET = /^([A-Za-z0-9_.]+)!/;
const REF = /^\$?[A-Za-z]{0,3}\$?[0-9]*(:\$?[A-Za-z]{0,3}\$?[0-9]*)?/;

/** Parses `=NAME(arg, ...)`; throws FormulaParseError for anything else. */
export function parseFormula(text: string): ParsedFormula {
  let i = 0;
  const fail = (): never => {
    throw new FormulaParseError(text, i);
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  if (text[i] !== '=') fail();
  i++;
  ws();
  const name = NAME.exec(text.slice(i))?.[0] ?? fail();
  i += name.length;
  ws();
  const args = parseArgs();
  ws();
  if (i !== text.length) fail();
  return { name, args };

  /** `(arg, ...)` from the opening parenthesis on. */
  function parseArgs(): FormulaArg[] {
    if (text[i] !== '(') fail();
    i++;
    const list: FormulaArg[] = [];
    ws();
    if (text[i] === ')') {
      i++;
      return list;
    }
    for (;;) {
      list.push(parseArg());
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ')') {
        i++;
        return list;
      }
      fail();
    }
  }

  function parseArg(): FormulaArg {
    ws();
    const rest = text.slice(i);
    if (rest[0] === ',' || rest[0] === ')') return { kind: 'omitted' };
    if (rest[0] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) fail();
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          return { kind: 'string', value };
        }
        value += text[i++];
      }
    }
    const num = NUMBER.exec(rest);
    if (num) {
      i += num[0].length;
      const percent = num[0].endsWith('%');
      const n = Number(percent ? num[0].slice(0, -1) : num[0]);
      return { kind: 'number', value: percent ? n / 100 : n };
    }
    const bool = /^(TRUE|FALSE)(?![A-Za-z0-9_.!(:$])/i.exec(rest);
    if (bool) {
      i += bool[0].length;
      return { kind: 'boolean', value: bool[0].toUpperCase() === 'TRUE' };
    }
    const call = /^([A-Za-z_][A-Za-z0-9_.]*)\s*\(/.exec(rest);
    if (call) {
      i += call[1].length;
      ws();
      return { kind: 'call', name: call[1], args: parseArgs() };
    }
    let sheet: string | undefined;
    if (rest[0] === "'") {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= text.length) fail();
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            s += "'";
            j += 2;
            continue;
          }
          break;
        }
        s += text[j++];
      }
      if (text[j + 1] !== '!') fail();
      sheet = s;
      i = j + 2;
    } else {
      const unquoted = UNQUOTED_SHEET.exec(rest);
      if (unquoted) {
        sheet = unquoted[1];
        i += unquoted[0].length;
      }
    }
    const ref = REF.exec(text.slice(i))?.[0] ?? '';
    if (!ref || !parseA1(ref)) fail();
    i += ref.length;
    return sheet === undefined ? { kind: 'ref', ref } : { kind: 'ref', sheet, ref };
  }
}

export interface RecalcCell {
  sheet: string;
  a1: string;
  formula: string;
  /** What the cell shows now (the top-left value when the result spilled). */
  value: Scalar;
  /** The hover message of an error cell. */
  error?: string;
  rows: number;
  cols: number;
}

export interface RecalcReport {
  /** Every formula cell evaluated, in sheet order, row-major. */
  evaluated: RecalcCell[];
  /** The evaluated cells that ended as errors. */
  errors: RecalcCell[];
}

export interface RecalcOptions {
  /** `at`: the formula's own cell (what getActiveRange() may give the function). */
  runAsCustomFunction<T>(fn: () => T, at?: { sheet: string; row: number; col: number }): T;
  /** Google refuses bigger results ("Result too large"); null: no limit. */
  resultCellLimit?: number | null;
  /** Counts each custom-function call. */
  onCall?: () => void;
  /** Evaluate only formulas this accepts (by their text). */
  only?: (formula: string) => boolean;
}

type CustomFunctions = Record<string, (...args: unknown[]) => unknown>;

/** An argument that cannot be resolved: the cell shows this error without calling the function. */
class CellError {
  constructor(
    public readonly value: string,
    public readonly message: string,
  ) {}
}

function isDate(v: unknown): v is Date {
  return Object.prototype.toString.call(v) === '[object Date]';
}

/** A returned value as a cell value; Dates from the script's vm realm become host Dates. */
function toCell(v: unknown): Scalar {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? v : '#NUM!';
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (isDate(v)) return new Date((v as Date).getTime());
  return String(v);
}

/** A returned array as rows: 2-D as is (ragged rows padded), 1-D as one column. */
function toGrid(result: unknown[]): Scalar[][] {
  const rows = result.map((r) => (Array.isArray(r) ? r.map(toCell) : [toCell(r)]));
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => (r.length < width ? [...r, ...new Array<Scalar>(width - r.length).fill('')] : r));
}

function findFunction(functions: CustomFunctions, name: string): ((...args: unknown[]) => unknown) | undefined {
  if (typeof functions[name] === 'function') return functions[name];
  const upper = name.toUpperCase();
  const key = Object.keys(functions).find((k) => k.toUpperCase() === upper);
  return key === undefined ? undefined : functions[key];
}

function errorMessage(e: unknown): string {
  if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as Error).message;
  return String(e);
}

function resolveArg(spreadsheet: EmulatedSpreadsheet, home: SheetModel, arg: FormulaArg): unknown {
  switch (arg.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return arg.value;
    case 'omitted':
      return undefined;
    case 'call':
      return callBuiltIn(
        spreadsheet,
        arg.name,
        arg.args.map((a) => resolveArg(spreadsheet, home, a)),
      );
    default: {
      const sheet = arg.sheet === undefined ? home : spreadsheet.sheetByName(arg.sheet);
      if (!sheet) throw new CellError('#REF!', `Unresolved sheet name '${arg.sheet}'.`);
      const a1 = parseA1(arg.ref)!;
      const row = a1.row ?? 1;
      const col = a1.col ?? 1;
      const endRow = a1.endRow ?? sheet.maxRows;
      const endCol = a1.endCol ?? sheet.maxCols;
      if (endRow > sheet.maxRows || endCol > sheet.maxCols) throw new CellError('#REF!', 'Reference does not exist.');
      const read = (cell: Cell | undefined): Scalar => {
        // Errors propagate: Sheets does not call the function with an error argument.
        if (cell?.error) throw new CellError(String(cell.value), cell.error);
        return spreadsheet.readValue(cell);
      };
      // A one-cell reference arrives as a value, any larger range as a 2-D array.
      if (row === endRow && col === endCol) return read(sheet.cell(row, col));
      const out: Scalar[][] = [];
      for (let r = row; r <= endRow; r++) {
        const line: Scalar[] = [];
        for (let c = col; c <= endCol; c++) line.push(read(sheet.cell(r, c)));
        out.push(line);
      }
      return out;
    }
  }
}

/** The built-ins a date argument is usually written with; a date is its local midnight, as Sheets passes it. */
function callBuiltIn(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[]): Scalar {
  const upper = name.toUpperCase();
  const whole = (v: unknown): number => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw new CellError('#VALUE!', `Function ${upper} parameter expects number values.`);
    return Math.trunc(n);
  };
  if (upper === 'DATE' && args.length === 3) {
    const [y, m, d] = args.map(whole);
    return new Date(localInstant(spreadsheet.timeZone, y, m, d));
  }
  if (upper === 'TODAY' && args.length === 0) {
    const today = localParts(spreadsheet.now(), spreadsheet.timeZone);
    return new Date(localInstant(spreadsheet.timeZone, today.year, today.month, today.day));
  }
  if (upper === 'DATE' || upper === 'TODAY') throw new CellError('#N/A', `Wrong number of arguments to ${upper}.`);
  throw new CellError('#NAME?', `Unknown function: '${name}'.`);
}

type Outcome = { grid: Scalar[][] } | { error: string; value: string };

/** A formula ready to call, or the outcome it already has (parse error, unknown name, bad reference). */
type Prepared = { call: () => unknown; args: string } | { outcome: Outcome };

function prepare(spreadsheet: EmulatedSpreadsheet, functions: CustomFunctions, home: SheetModel, formula: string): Prepared {
  let parsed: ParsedFormula;
  try {
    parsed = parseFormula(formula);
  } catch (_) {
    return { outcome: { value: '#ERROR!', error: 'Formula parse error.' } };
  }
  const fn = findFunction(functions, parsed.name);
  if (!fn) return { outcome: { value: '#NAME?', error: `Unknown function: '${parsed.name}'.` } };
  let args: unknown[];
  try {
    args = parsed.args.map((a) => resolveArg(spreadsheet, home, a));
  } catch (e) {
    if (e instanceof CellError) return { outcome: { value: e.value, error: e.message } };
    throw e;
  }
  return { call: () => fn(...args), args: JSON.stringify(args) };
}

function evaluate(call: () => unknown, opts: RecalcOptions, at: { sheet: string; row: number; col: number }): Outcome {
  let result: unknown;
  opts.onCall?.();
  try {
    result = opts.runAsCustomFunction(call, at);
  } catch (e) {
    return { value: '#ERROR!', error: errorMessage(e) };
  }
  if (Array.isArray(result)) {
    const grid = toGrid(result);
    if (grid.length === 0 || grid[0].length === 0) return { value: '#N/A', error: 'The custom function returned an empty array.' };
    const limit = opts.resultCellLimit;
    if (limit != null && grid.length * grid[0].length > limit) return { value: '#ERROR!', error: 'Result too large' };
    return { grid };
  }
  return { grid: [[toCell(result)]] };
}

export const BURST_MESSAGE = 'Service invoked too many times in a short time: too many scripts running simultaneously for this user.';

/** Evaluates every formula cell (or those `only` accepts), in sheet order, row-major. */
export function recalculate(spreadsheet: EmulatedSpreadsheet, functions: CustomFunctions, opts: RecalcOptions): RecalcReport {
  const report: RecalcReport = { evaluated: [], errors: [] };
  for (const { sheet, row, col, formula } of spreadsheet.formulaCells()) {
    if (opts.only && !opts.only(formula)) continue;
    // An earlier formula in this pass may have replaced this cell's content.
    const home = sheet.cell(row, col);
    if (!home || home.formula !== formula) continue;
    const prepared = prepare(spreadsheet, functions, sheet, formula);
    const args = 'args' in prepared ? prepared.args : '';
    const denied = spreadsheet.takeBurstDenied(home);
    // Strict recalculation: an unchanged formula keeps its result.
    if (!denied && !spreadsheet.isDue(home, args)) continue;
    const outcome = denied
      ? { value: '#ERROR!', error: BURST_MESSAGE }
      : 'outcome' in prepared
        ? prepared.outcome
        : evaluate(prepared.call, opts, { sheet: sheet.name, row, col });
    spreadsheet.writeFormulaResult(sheet, row, col, outcome);
    spreadsheet.markCalculated(home, args);
    const cell = sheet.cell(row, col)!;
    const entry: RecalcCell = {
      sheet: sheet.name,
      a1: cellA1(row, col),
      formula,
      value: cell.value,
      rows: 'grid' in outcome && !cell.error ? outcome.grid.length : 1,
      cols: 'grid' in outcome && !cell.error ? outcome.grid[0].length : 1,
    };
    if (cell.error) {
      entry.error = cell.error;
      report.errors.push(entry);
    }
    report.evaluated.push(entry);
  }
  return report;
}
