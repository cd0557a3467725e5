import type { Spreadsheet } from '../../src/platform/types';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { pagesTable, sheet, sheetEmulator, shown, sheetClock } from './helpers';
import { caught } from '../api/helpers/caught';

/**
 * The spreadsheet as the writer sees it, except that the Nth setValues call from now on fails
 * (Sheets can time out or hit a quota mid-write). Reads and every other call pass through.
 */
function failingOnSetValues(ss: Spreadsheet, failAt: number): Spreadsheet {
  let calls = 0;
  // The emulator recognises its own Range objects (setNamedRange): hand it back the originals.
  const originals = new WeakMap<object, object>();
  const unwrap = (arg: unknown): unknown => (typeof arg === 'object' && arg !== null ? (originals.get(arg) ?? arg) : arg);
  const wrapRange = (range: object): object => {
    const proxy = new Proxy(range, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === 'setValues') {
          return (grid: unknown[][]) => {
            calls++;
            if (calls === failAt) throw new Error('Service Spreadsheets timed out while accessing document');
            return (value as (g: unknown[][]) => unknown).call(target, grid);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    originals.set(proxy, range);
    return proxy;
  };
  const wrapSheet = (s: object | null): object | null => {
    if (!s) return s;
    const proxy = new Proxy(s, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === 'getRange') return (...args: unknown[]) => wrapRange((value as (...a: unknown[]) => object).apply(target, args));
        return typeof value === 'function'
          ? (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args.map(unwrap))
          : value;
      },
    });
    originals.set(proxy, s);
    return proxy;
  };
  return new Proxy(ss, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop === 'getSheetByName' || prop === 'insertSheet') {
        return (...args: unknown[]) => wrapSheet((value as (...a: unknown[]) => object).apply(target, args));
      }
      if (typeof value === 'function')
        return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args.map(unwrap));
      return value;
    },
  }) as Spreadsheet;
}

describe('writeReportBlock: a write that fails midway (all-or-nothing)', () => {
  it('leaves the previous block, its formats and its note exactly in place, and the next run completes', () => {
    const { ss } = sheetEmulator();
    const old = pagesTable(25_000, (i) => `Old ${i}`);
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: old, note: 'old note' });

    const bigger = pagesTable(30_000, (i) => `New ${i}`);
    // The header with the first call's rows is staged, the second call's fail.
    expect(() =>
      writeReportBlock(failingOnSetValues(ss, 2), { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: bigger, note: 'new note' }),
    ).toThrow(/failed midway; the previous data is still in place/);

    expect(shown(ss, 'Pages', 'A1:C2')).toEqual([
      ['Page URL', 'Earnings', 'Pageviews'],
      ['Old 1', '$1.50', '100'],
    ]);
    expect(shown(ss, 'Pages', 'A25001')).toEqual([['Old 25000']]);
    // Not even grown: the target is untouched until the whole block is staged.
    expect(sheet(ss, 'Pages').getMaxRows()).toBe(25_001);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe('old note');
    // No staging sheet is left behind.
    expect(ss.getSheets().map((x) => x.getName())).toEqual(['Sheet1', 'Pages']);

    const retry = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: bigger, note: 'new note' });
    expect(retry.range).toBe('A1:C30001');
    expect(shown(ss, 'Pages', 'A30001')).toEqual([['New 30000']]);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe('new note');
  });

  it('keeps hostile old text as text when the rewrite fails', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Pages',
      blockId: 'r1',
      table: pagesTable(2, () => '=IMPORTXML("x","//a")'),
      note: 'n',
    });
    expect(() =>
      writeReportBlock(failingOnSetValues(ss, 1), { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(5), note: 'n' }),
    ).toThrow(/failed midway/);
    const s = sheet(ss, 'Pages');
    expect(s.getRange('A2:A3').getFormulas()).toEqual([[''], ['']]);
    expect(shown(ss, 'Pages', 'A2:A3')).toEqual([['=IMPORTXML("x","//a")'], ['=IMPORTXML("x","//a")']]);
  });

  it('a first write that fails leaves no sheet behind, and a retry meets no conflict with itself', () => {
    const { ss } = sheetEmulator();
    const error = caught(() =>
      writeReportBlock(failingOnSetValues(ss, 2), {
        now: sheetClock,
        sheetName: 'Pages',
        blockId: 'r1',
        table: pagesTable(25_000),
        note: 'n',
      }),
    );
    // Its own code: the user can run it again (not INTERNAL, which means a bug).
    expect(error.code).toBe('WRITE_FAILED');
    expect(error.message).toBe("Writing to sheet 'Pages' failed midway; the previous data is still in place. Try again.");
    expect(ss.getSheets().map((x) => x.getName())).toEqual(['Sheet1']);
    expect(writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(25_000), note: 'n' }).rows).toBe(
      25_000,
    );
  });
});
