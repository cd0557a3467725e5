/** What the emulated objects share: the model, counters, permission, and facade factories. */
import type { Counters } from '../counters';
import type { Permission } from './guard';
import type { GridRect } from './metadata-model';
import type { SheetModel } from './sheet-model';
import type { EmulatedSpreadsheet } from './spreadsheet-model';
import type { UiRecorder } from './ui';

export type Facade = Record<string, unknown>;

export interface Context {
  model: EmulatedSpreadsheet;
  counters: Counters;
  permission: Permission;
  ui: UiRecorder;
  spreadsheet(): Facade;
  sheet(model: SheetModel): Facade;
  range(rect: GridRect): Facade;
  /** The rectangle behind a Range facade (for setNamedRange and friends). */
  rectOf(range: unknown): GridRect;
  /** The sheet behind a Sheet facade. */
  sheetOf(sheet: unknown): SheetModel;
}

/** Apps Script's own message when an argument has the wrong type. */
export function badArguments(method: string, got: string): Error {
  return new Error(`The parameters (${got}) don't match the method signature for SpreadsheetApp.${method}.`);
}

export function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return Array.isArray(v[0]) ? 'number[][]' : 'number[]';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'Boolean';
  return 'Object';
}
