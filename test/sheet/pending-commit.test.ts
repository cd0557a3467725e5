import { createEmulator } from '../../emulator';
import type { ServiceCosts } from '../../emulator/service-costs';
import type { Spreadsheet } from '../../src/platform/types';
import { handOverBlock } from '../../src/sheet/block-handover';
import { MAX_FINGERPRINT_CELLS } from '../../src/sheet/block-record';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { hookedAfter, pagesTable, refusal, sheet } from './helpers';

/**
 * A refresh's staged commit is one copy onto the user's sheet, then its bookkeeping (named range,
 * record). Google's time limit can kill the execution between the two (the copy of a big block is
 * most of an execution). The promise: the next refresh works, the user sees its data, no cell of
 * theirs beside or below the block is lost and no row is doubled; a value they typed over the
 * report since is still refused, never overwritten; and a run killed before its copy leaves the
 * old block to be refreshed as ever. The kills are the emulator's limits mode: the copy is priced
 * past six minutes, so it lands and the execution dies at once, as on Google.
 */
const MINUTE = 60_000;

function limitsEmulator() {
  const costs: ServiceCosts = { prices: { copyCalls: 7 * MINUTE }, scale: 0 };
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network in writer tests');
      },
    },
    timeZone: 'Europe/London',
    serviceCosts: costs,
  });
  const ss = emu.platform().spreadsheet();
  if (!ss) throw new Error('emulator has no active spreadsheet');
  const now = (): number => emu.clock.now();
  /** A refresh of block r1 on Pages in an execution of its own. */
  const refresh = (table: BlockTable, note: string, on: Spreadsheet = ss, blockId = 'r1') =>
    emu.runAs({ mode: 'full' }, () => writeReportBlock(on, { now, sheetName: 'Pages', blockId, table, note }));
  /** A refresh killed right after its commit's copy landed. */
  const killedAfterCopy = (table: BlockTable, note: string, blockId = 'r1') => {
    costs.scale = 1;
    expect(() => refresh(table, note, ss, blockId)).toThrow();
    costs.scale = 0;
  };
  return { emu, ss, refresh, killedAfterCopy };
}

const tagged = (rows: number, tag: string) => pagesTable(rows, (i) => `${tag} page ${i}`);

/** Column A of Pages from row 1 to `last`, as the user sees it. */
const columnA = (ss: Spreadsheet, last: number) =>
  sheet(ss, 'Pages')
    .getRange(1, 1, last, 1)
    .getDisplayValues()
    .map((r) => r[0]);

const expectedA = (rows: number, tag: string, last: number) =>
  Array.from({ length: last }, (_, i) => (i === 0 ? 'Page URL' : i <= rows ? `${tag} page ${i}` : ''));

const hiddenSheets = (ss: Spreadsheet) =>
  ss
    .getSheets()
    .filter((s) => s.isSheetHidden())
    .map((s) => s.getName());

describe('a refresh killed right after its commit copied the block into place', () => {
  it('is followed by a refresh that works, the newest rows shown once and the user’s cells kept', () => {
    const { ss, refresh, killedAfterCopy } = limitsEmulator();
    refresh(tagged(10, 'old'), 'first');
    const s = sheet(ss, 'Pages');
    s.getRange('F2').setValue('beside');
    s.getRange('A40').setValue('below');

    killedAfterCopy(tagged(20, 'mid'), 'second');
    // The copy landed before the kill: the user already sees the killed run's rows.
    expect(columnA(ss, 22)).toEqual(expectedA(20, 'mid', 22));

    refresh(tagged(25, 'new'), 'third');
    expect(columnA(ss, 39)).toEqual(expectedA(25, 'new', 39));
    expect(s.getRange('A40').getValue()).toBe('below');
    expect(s.getRange('F2').getValue()).toBe('beside');
    expect(s.getRange(1, 1).getNote()).toBe('third');
    expect(hiddenSheets(ss)).toEqual([]);
    expect(ss.getNamedRanges().map((n) => n.getName())).toEqual(['CR_r1']);

    // And the one after: the block is the report's own again, shrinking leaves nothing behind.
    refresh(tagged(5, 'last'), 'fourth');
    expect(columnA(ss, 39)).toEqual(expectedA(5, 'last', 39));
    expect(s.getRange('A40').getValue()).toBe('below');
  });

  it('that only added rows (the old rows unchanged above them) is followed by a refresh that works', () => {
    const { ss, refresh, killedAfterCopy } = limitsEmulator();
    refresh(tagged(100, 'day'), 'first');
    // Every old row as it was, five new ones below: the old block still reads as before the copy.
    killedAfterCopy(tagged(105, 'day'), 'second');
    expect(columnA(ss, 107)).toEqual(expectedA(105, 'day', 107));

    refresh(tagged(110, 'day'), 'third');
    expect(columnA(ss, 112)).toEqual(expectedA(110, 'day', 112));
    expect(sheet(ss, 'Pages').getRange(1, 1).getNote()).toBe('third');
    expect(hiddenSheets(ss)).toEqual([]);
  });

  it('still refuses a value the user typed over the report since, and overwrites nothing', () => {
    const { ss, refresh, killedAfterCopy } = limitsEmulator();
    refresh(tagged(10, 'old'), 'first');
    killedAfterCopy(tagged(20, 'mid'), 'second');
    const s = sheet(ss, 'Pages');
    s.getRange('B5').setValue(12345);

    expect(refusal(() => refresh(tagged(20, 'new'), 'third'))).toMatch(/The report was not written, so nothing there was overwritten/);
    expect(s.getRange('B5').getValue()).toBe(12345);
    expect(columnA(ss, 22)).toEqual(expectedA(20, 'mid', 22));

    // Undone, the block is the killed run's again, and refreshes.
    s.getRange('B5').setValue(6);
    refresh(tagged(20, 'new'), 'third');
    expect(columnA(ss, 22)).toEqual(expectedA(20, 'new', 22));
  });

  it('that revised one row in the middle (its last rows as before) is followed by a refresh that works', () => {
    const { ss, refresh, killedAfterCopy } = limitsEmulator();
    refresh(pagesTable(200), 'first');
    // A past day's pageviews revised: same shape, same last rows, one band of difference.
    const revised = pagesTable(200);
    revised.rows[50][2] = 7;
    killedAfterCopy(revised, 'second');
    const s = sheet(ss, 'Pages');
    expect(s.getRange(52, 3).getValue()).toBe(7);
    // The report's own revised row is no edit of the user's: the next refresh writes, with its note.
    refresh(revised, 'third');
    expect(s.getRange(52, 3).getValue()).toBe(7);
    expect(s.getRange(1, 1).getNote()).toBe('third');
  });
});

/** A refresh of `killed` over `first`, killed right after the commit stored what it is about to do, before its copy. */
function killedBeforeCopy(first: BlockTable, killed: BlockTable) {
  const made = limitsEmulator();
  const { emu, ss, refresh } = made;
  refresh(first, 'first');
  let armed = true;
  // Killed once the commit stored what it is about to do (its staging sheet's mark is no kill point).
  const killing = hookedAfter(
    ss,
    'addDeveloperMetadata',
    ([key]) => armed && String(key).startsWith('creator.commit.'),
    () => {
      armed = false;
      emu.clock.advance(7 * MINUTE);
    },
  );
  expect(() => refresh(killed, 'second', killing)).toThrow();
  expect(armed).toBe(false);
  return made;
}

describe('a block killed after its copy and then handed to another report', () => {
  it('is refreshed by that report (a saved report adopting the builder’s block)', () => {
    const { ss, refresh, killedAfterCopy } = limitsEmulator();
    refresh(tagged(10, 'old'), 'first', ss, 'builder');
    killedAfterCopy(tagged(20, 'mid'), 'second', 'builder');
    expect(handOverBlock(ss, sheet(ss, 'Pages'), 'builder', 'r1')).toBe(true);
    refresh(tagged(25, 'new'), 'third');
    expect(columnA(ss, 27)).toEqual(expectedA(25, 'new', 27));
    expect(ss.getNamedRanges().map((n) => n.getName())).toEqual(['CR_r1']);
  });
});

describe('a refresh killed before its copy', () => {
  /** `killed`: the refresh that dies (default: more rows than the block's 10). */
  function killedBeforeCopy10(killed = tagged(20, 'mid')) {
    const made = killedBeforeCopy(tagged(10, 'old'), killed);
    expect(columnA(made.ss, 22)).toEqual(expectedA(10, 'old', 22));
    return made;
  }

  it('leaves the old block, which the next refresh replaces', () => {
    const { ss, refresh } = killedBeforeCopy10();
    refresh(tagged(25, 'new'), 'third');
    expect(columnA(ss, 27)).toEqual(expectedA(25, 'new', 27));
    expect(sheet(ss, 'Pages').getRange(1, 1).getNote()).toBe('third');
  });

  it('leaves the old block whole when the rows it kept are the killed run’s first rows: none is left behind', () => {
    const { ss, refresh } = killedBeforeCopy10(tagged(5, 'old'));
    refresh(tagged(25, 'new'), 'third');
    expect(columnA(ss, 27)).toEqual(expectedA(25, 'new', 27));
    refresh(tagged(3, 'last'), 'fourth');
    expect(columnA(ss, 27)).toEqual(expectedA(3, 'last', 27));
  });

  it('that revised one row in the middle leaves the old block, which the next refresh replaces', () => {
    const revised = pagesTable(200);
    revised.rows[50][2] = 7;
    const { ss, refresh } = killedBeforeCopy(pagesTable(200), revised);
    const s = sheet(ss, 'Pages');
    expect(s.getRange(52, 3).getValue()).toBe(5_100);
    refresh(revised, 'third');
    expect(s.getRange(52, 3).getValue()).toBe(7);
    expect(s.getRange(1, 1).getNote()).toBe('third');
  });

  it('leaves the cells the killed run meant to fill to the user: what they type there is refused, kept', () => {
    const { ss, refresh } = killedBeforeCopy10();
    sheet(ss, 'Pages').getRange('A15').setValue('mine');
    expect(refusal(() => refresh(tagged(20, 'new'), 'third'))).toMatch(/has other content in A15/);
    expect(sheet(ss, 'Pages').getRange('A15').getValue()).toBe('mine');
    expect(columnA(ss, 12)).toEqual(expectedA(10, 'old', 12));
  });
});

describe('a block too big to read whole, killed around its copy', () => {
  // Past MAX_FINGERPRINT_CELLS its record is checked by shape; its last rows tell which block is there.
  const rows = MAX_FINGERPRINT_CELLS / 2;
  const days = (dataRows: number, tag: string): BlockTable => ({
    columns: [
      { header: 'Day', field: 'day', type: 'string' },
      { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
    ],
    rows: Array.from({ length: dataRows }, (_, i) => [`${tag} ${i + 1}`, i + 1]),
  });

  it('is followed by a refresh that works, the newest rows shown once', () => {
    const { ss, refresh, killedAfterCopy } = limitsEmulator();
    refresh(days(rows, 'old'), 'first');
    killedAfterCopy(days(rows + 10, 'mid'), 'second');
    expect(
      sheet(ss, 'Pages')
        .getRange(rows + 11, 1)
        .getValue(),
    ).toBe(`mid ${rows + 10}`);
    refresh(days(rows + 20, 'new'), 'third');
    const s = sheet(ss, 'Pages');
    expect(
      s
        .getRange(rows + 19, 1, 3, 1)
        .getValues()
        .flat(),
    ).toEqual([`new ${rows + 18}`, `new ${rows + 19}`, `new ${rows + 20}`]);
    expect(s.getLastRow()).toBe(rows + 21);
    expect(s.getRange(2, 1).getValue()).toBe('new 1');
    expect(s.getRange(1, 1).getNote()).toBe('third');
  });

  it('killed before it, leaves cells typed below the old block to the user', () => {
    const { ss, refresh } = killedBeforeCopy(days(rows, 'old'), days(rows + 10, 'mid'));
    const s = sheet(ss, 'Pages');
    // An edit in the old block's last rows, which the shape check alone cannot see, and a cell below it.
    s.getRange(rows + 1, 2).setValue(7);
    s.insertRowsAfter(s.getMaxRows(), 10);
    s.getRange(rows + 5, 1).setValue('mine');
    expect(refusal(() => refresh(days(rows + 20, 'new'), 'third'))).toMatch(/has other content in A500005/);
    expect(s.getRange(rows + 5, 1).getValue()).toBe('mine');
    expect(s.getRange(2, 1).getValue()).toBe('old 1');
  });
});
