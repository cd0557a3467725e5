/**
 * The emulated SpreadsheetApp: one in-memory spreadsheet, its Ui recorder, and JSON snapshots.
 * See README.md for what behaves like Sheets and what is simplified.
 */
import type { Counters } from '../counters';
import { createSpreadsheetApp } from './app';
import type { Context, Facade } from './context';
import type { GridRect } from './metadata-model';
import { createRange } from './range';
import { createSheet } from './sheet';
import type { SheetModel } from './sheet-model';
import { restoreSpreadsheet, snapshotSpreadsheet, type SpreadsheetJson } from './snapshot';
import { createSpreadsheet } from './spreadsheet';
import { EmulatedSpreadsheet } from './spreadsheet-model';
import { createUiRecorder, type UiRecorder } from './ui';

export { EmulatedSpreadsheet } from './spreadsheet-model';
export type { Coercion } from './spreadsheet-model';
export type { UiRecorder, RecordedMenu, RecordedHtml, RecordedAlert, RecordedToast, MenuItem } from './ui';
export type { CellKind, Scalar } from './cell';
export type { SpreadsheetJson } from './snapshot';
export { parseA1, cellA1, rangeA1, columnToLetters, lettersToColumn } from './a1';
export { displayValue } from './number-format';

export interface SpreadsheetServiceOptions {
  id?: string;
  name?: string;
  timeZone: string;
  counters: Counters;
  permission: () => 'full' | 'readOnly';
  now: () => number;
  owner: string;
}

/**
 * The model, which also answers every Apps Script Spreadsheet method (getSheetByName, getRange...)
 * through the emulated API: same permissions and counters as script code.
 */
export type EmulatedSpreadsheetWithApi = EmulatedSpreadsheet & GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface SpreadsheetService {
  /** Cast by the caller to GoogleAppsScript.Spreadsheet.SpreadsheetApp. */
  SpreadsheetApp: unknown;
  spreadsheet: EmulatedSpreadsheetWithApi;
  ui: UiRecorder;
  snapshot(): SpreadsheetJson;
  restore(state: unknown): void;
}

export function createSpreadsheetService(opts: SpreadsheetServiceOptions): SpreadsheetService {
  const model = new EmulatedSpreadsheet(opts);
  const ui = createUiRecorder(opts.permission);
  const sheetFacades = new WeakMap<SheetModel, Facade>();
  const sheetOfFacade = new WeakMap<object, SheetModel>();
  const rectOfFacade = new WeakMap<object, GridRect>();
  let spreadsheetFacade: Facade | undefined;

  const ctx: Context = {
    model,
    counters: opts.counters,
    permission: opts.permission,
    ui,
    spreadsheet: () => (spreadsheetFacade ??= createSpreadsheet(ctx)),
    sheet(sheet) {
      let f = sheetFacades.get(sheet);
      if (!f) {
        f = createSheet(ctx, sheet);
        sheetFacades.set(sheet, f);
        sheetOfFacade.set(f, sheet);
      }
      return f;
    },
    range(rect) {
      const f = createRange(ctx, rect);
      rectOfFacade.set(f, { ...rect });
      return f;
    },
    rectOf(range) {
      const rect = typeof range === 'object' && range !== null ? rectOfFacade.get(range) : undefined;
      if (!rect) throw new Error('Invalid argument: range');
      return { ...rect };
    },
    sheetOf(sheet) {
      const s = typeof sheet === 'object' && sheet !== null ? sheetOfFacade.get(sheet) : undefined;
      if (!s || !model.sheets.includes(s)) throw new Error('Invalid argument: sheet');
      return s;
    },
  };

  // Model members first; anything else is the Apps Script method of the same name.
  const spreadsheet = new Proxy(model, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || prop in target) return Reflect.get(target, prop, receiver);
      return Reflect.get(ctx.spreadsheet(), prop);
    },
  }) as EmulatedSpreadsheetWithApi;

  return {
    SpreadsheetApp: createSpreadsheetApp(ctx),
    spreadsheet,
    ui,
    snapshot: () => snapshotSpreadsheet(model),
    restore: (state) => restoreSpreadsheet(model, state),
  };
}
