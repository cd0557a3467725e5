import { createEmulator, type Emulator, type EmulatorOptions } from '../../emulator';
import type { Sheet, Spreadsheet } from '../../src/platform/types';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';

/** The writer's clock in these tests: one fixed instant (test/sheet/staging-sweep.test.ts moves its own). */
export const sheetClock = (): number => Date.UTC(2026, 10, 21, 15);

/** An emulator with no network: the writer only needs the spreadsheet. */
export function sheetEmulator(opts: Pick<EmulatorOptions, 'variants'> = {}): { emu: Emulator; ss: Spreadsheet } {
  const emu = createEmulator({
    ...opts,
    transport: {
      send: () => {
        throw new Error('no network in writer tests');
      },
    },
    timeZone: 'Europe/London',
  });
  const ss = emu.platform().spreadsheet();
  if (!ss) throw new Error('emulator has no active spreadsheet');
  return { emu, ss };
}

export function sheet(ss: Spreadsheet, name: string): Sheet {
  const found = ss.getSheetByName(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
}

/** What a user sees in a range: the displayed text of each cell. */
export function shown(ss: Spreadsheet, sheetName: string, a1: string): string[][] {
  return sheet(ss, sheetName).getRange(a1).getDisplayValues();
}

export function pagesTable(rows: number, title = (i: number) => `Page ${i}`): BlockTable {
  return {
    columns: [
      { header: 'Page URL', field: 'pageUrl', type: 'url' },
      { header: 'Earnings', field: 'earnings', type: 'currency', format: '$#,##0.00' },
      { header: 'Pageviews', field: 'pageviews', type: 'integer', format: '#,##0' },
    ],
    rows: Array.from({ length: rows }, (_, i) => [title(i + 1), (i + 1) * 1.5, (i + 1) * 100]),
  };
}

/** The note the writer leaves on the pages block's header. */
export const PAGES_NOTE = 'Creator Reporting: Page performance';

/** A fresh spreadsheet with `rows` pages written as block r1 at A1 of the sheet Pages. */
export function pagesBlock(rows = 10): { emu: Emulator; ss: Spreadsheet; s: Sheet } {
  const { emu, ss } = sheetEmulator();
  writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(rows), note: PAGES_NOTE });
  return { emu, ss, s: sheet(ss, 'Pages') };
}

/** The message `run` refuses with; fails the test if it does not refuse. */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

/**
 * `ss` whose sheets' `method` runs `after` right after it ran, once `armed(its arguments)` says so: a kill (the
 * clock past 6 minutes, so every later change fails, as Google's kill does) or another execution.
 * Sheets reached through insertSheet, getSheetByName and getSheets are watched.
 */
export function hookedAfter(ss: Spreadsheet, method: keyof Sheet, armed: (args: unknown[]) => boolean, after: () => void): Spreadsheet {
  const wrapSheet = (s: Sheet): Sheet =>
    new Proxy(s, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (key === method && armed(args)) after();
          return out;
        };
      },
    });
  const watched = new Set<PropertyKey>(['insertSheet', 'getSheetByName', 'getSheets']);
  return new Proxy(ss, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (!watched.has(key)) return value.bind(target);
      return (...args: unknown[]) => {
        const found = (value as (...a: unknown[]) => Sheet | Sheet[] | null).apply(target, args);
        return Array.isArray(found) ? found.map(wrapSheet) : found && wrapSheet(found);
      };
    },
  });
}
