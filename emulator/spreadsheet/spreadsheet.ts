/** The emulated Spreadsheet (the one container document the add-on lives in). */
import { badArguments, typeName, type Context, type Facade } from './context';
import { guard } from './guard';
import { developerMetadataFacade, metadataFinder, namedRangeFacade } from './metadata';
import { recordToast } from './ui';

export function createSpreadsheet(ctx: Context): Facade {
  const { model } = ctx;
  let self: Facade;

  const insertSheet = (a?: unknown, b?: unknown) => {
    let name: string | undefined;
    let index: number | undefined;
    if (typeof a === 'number') index = a;
    else if (typeof a === 'string') {
      name = a;
      if (typeof b === 'number') index = b;
    } else if (a !== undefined) throw badArguments('Spreadsheet.insertSheet', typeName(a));
    const sheet = model.addSheet(name ?? model.nextDefaultSheetName(), index);
    // Sheets activates the sheet it just inserted.
    model.activeSheet = sheet;
    return ctx.sheet(sheet);
  };

  const sp: Facade = {
    toString: () => 'Spreadsheet',
    getId: () => model.id,
    getName: () => model.name,
    rename: (name: unknown) => {
      model.name = String(name);
    },
    getUrl: () => `https://docs.google.com/spreadsheets/d/${model.id}/edit`,
    getSpreadsheetTimeZone: () => model.timeZone,
    setSpreadsheetTimeZone: (tz: unknown) => {
      if (typeof tz !== 'string') throw badArguments('Spreadsheet.setSpreadsheetTimeZone', typeName(tz));
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
      } catch (_) {
        throw new Error(`Invalid argument: timeZone`);
      }
      model.timeZone = tz;
    },
    getSpreadsheetLocale: () => model.locale,
    setSpreadsheetLocale: (locale: unknown) => {
      model.locale = String(locale);
    },
    getOwner: () => ({ getEmail: () => (model.emailsHidden ? '' : model.owner), toString: () => 'User' }),
    // Sheets lists the owner among the editors.
    getEditors: () => {
      if (!model.editorsListed) throw new Error('You do not have permission to call Spreadsheet.getEditors.');
      return [model.owner, ...model.editorEmails().filter((e) => e !== model.owner)].map((e) => ({
        getEmail: () => (model.emailsHidden ? '' : e),
        toString: () => 'User',
      }));
    },

    getSheets: () => model.sheets.map((s) => ctx.sheet(s)),
    getNumSheets: () => model.sheets.length,
    getSheetByName: (name: unknown) => {
      const s = model.sheetByName(String(name));
      return s ? ctx.sheet(s) : null;
    },
    getSheetById: (id: unknown) => {
      const s = model.sheetById(Number(id));
      return s ? ctx.sheet(s) : null;
    },
    insertSheet,
    deleteSheet: (sheet: unknown) => {
      model.removeSheet(ctx.sheetOf(sheet));
    },
    getActiveSheet: () => ctx.sheet(model.activeSheet),
    setActiveSheet: (sheet: unknown) => {
      const s = ctx.sheetOf(sheet);
      model.activeSheet = s;
      if (model.activationShowsSheet) s.hidden = false;
      return ctx.sheet(s);
    },

    getRange: (a1: unknown) => {
      if (typeof a1 !== 'string') throw badArguments('Spreadsheet.getRange', typeName(a1));
      return (ctx.sheet(model.activeSheet).getRange as (a: string) => Facade)(a1);
    },
    getRangeByName: (name: unknown) => {
      const n = model.namedRange(String(name));
      return n ? ctx.range({ ...n.rect }) : null;
    },
    setNamedRange: (name: unknown, range: unknown) => {
      if (typeof name !== 'string') throw badArguments('Spreadsheet.setNamedRange', typeName(name));
      model.defineNamedRange(name, ctx.rectOf(range));
    },
    getNamedRanges: () => model.namedRanges.map((n) => namedRangeFacade(ctx, n)),
    removeNamedRange: (name: unknown) => {
      model.dropNamedRange(String(name));
    },

    addDeveloperMetadata: (key: unknown, valueOrVisibility?: unknown, visibility?: unknown) => {
      ctx.counters.metadataCalls++;
      model.addMetadata({ type: 'SPREADSHEET' }, key, valueOrVisibility, visibility);
      return self;
    },
    getDeveloperMetadata: () => {
      ctx.counters.metadataCalls++;
      return model.metadata.filter((m) => m.location.type === 'SPREADSHEET').map((m) => developerMetadataFacade(ctx, m));
    },
    createDeveloperMetadataFinder: () => metadataFinder(ctx, () => model.metadata),

    toast: (message: unknown, title?: unknown, seconds?: unknown) => {
      recordToast(ctx.ui, message, title, seconds);
    },
  };
  self = guard('Spreadsheet', sp, ctx.permission);
  return self;
}
