/** The SpreadsheetApp global. */
import type { Context, Facade } from './context';
import { DeveloperMetadataLocationType, DeveloperMetadataVisibility, Dimension, WrapStrategy } from './enums';
import { guard } from './guard';

export function createSpreadsheetApp(ctx: Context): Facade {
  const app: Facade = {
    toString: () => 'SpreadsheetApp',
    DeveloperMetadataVisibility,
    DeveloperMetadataLocationType,
    Dimension,
    WrapStrategy,
    getActiveSpreadsheet: () => ctx.spreadsheet(),
    getActive: () => ctx.spreadsheet(),
    getActiveSheet: () => ctx.sheet(ctx.model.activeSheet),
    getUi: () => {
      if (ctx.permission() === 'readOnly') throw new Error('Cannot call SpreadsheetApp.getUi() from this context.');
      return ctx.ui.ui;
    },
    // Real Sheets applies pending writes here; the emulator applies them at once.
    flush: () => undefined,
  };
  return guard('SpreadsheetApp', app, ctx.permission);
}
