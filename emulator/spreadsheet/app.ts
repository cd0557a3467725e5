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
    // Values are applied at once here; what a flush changes is which formulas become due (strict recalculation).
    flush: () => {
      ctx.counters.flushes++;
      ctx.counters.recalcBurstDenied += ctx.model.flush(true);
    },
  };
  return guard('SpreadsheetApp', app, ctx.permission);
}
