/**
 * A history refresh that Google stops midway (its time limit, or a Sheets failure after the rows
 * were inserted) must not leave blank rows in the ledger. The write is failed at each of its
 * calls in turn: either the same run's error path settles it (Sheets answers again), or the
 * execution is dead (every later call fails too) and the next refresh settles it. Either way the
 * ledger ends as an uninterrupted refresh leaves it, with the user's cells beside the same rows.
 */
import type { Spreadsheet } from '../../src/platform/types';
import { upsertHistoryBlock, type HistoryBlockInput } from '../../src/sheet/upsert-history';
import type { BlockTable } from '../../src/sheet/report-table';
import { sheet, sheetClock, sheetEmulator } from './helpers';

const COLUMNS: BlockTable['columns'] = [
  { header: 'Date', field: 'date', type: 'text' },
  { header: 'Device', field: 'device', type: 'text' },
  { header: 'Earnings', field: 'earnings', type: 'currency', format: '$#,##0.00' },
];

const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}`;

function rows(days: number[], devices: string[], earnings: (d: number, device: string) => number): unknown[][] {
  return days.flatMap((d) => devices.map((device) => [day(d), device, earnings(d, device)]));
}

function input(table: unknown[][], windowStart: string | null): HistoryBlockInput {
  return {
    sheetName: 'History',
    blockId: 'ledger-1',
    table: { columns: COLUMNS, rows: table },
    keyColumns: [0, 1],
    dayColumn: 0,
    windowStart,
    dayOf: (cell) => (typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? cell : null),
    note: (facts) => `Device history (history)\n${facts.firstDay} to ${facts.lastDay}`,
    now: sheetClock,
  };
}

/** Five days of two devices, and the user's own note beside each row (column E). */
function ledger(): { ss: Spreadsheet } {
  const { ss } = sheetEmulator();
  upsertHistoryBlock(
    ss,
    input(
      rows([1, 2, 3, 4, 5], ['desktop', 'mobile'], (d) => d),
      null,
    ),
  );
  const history = sheet(ss, 'History');
  const stored = history.getRange(2, 1, 10, 2).getValues();
  history.getRange(2, 5, 10, 1).setValues(stored.map(([d, device]) => [`mine: ${d} ${device}`]));
  return { ss };
}

/** The refresh: days 3-5 revised, a tablet row appearing on days 3 and 4 (inserted), days 6-7 new. */
const REFRESH = input(
  [...rows([3, 4, 5, 6, 7], ['desktop', 'mobile'], (d) => d * 10), ...rows([3, 4], ['tablet'], (d) => d * 100)],
  day(3),
);

const MUTATING = /^(set|insert|delete|add|remove|clear|append|move)/;

/**
 * The spreadsheet as the writer sees it, except that the `failAt`-th call that changes anything
 * (on the spreadsheet, a sheet, a range, a named range or a metadata entry) throws; `dead`: every
 * later one throws too, as in an execution Google has stopped. Reads pass through.
 */
function failing(ss: Spreadsheet, failAt: number, dead: boolean): { ss: Spreadsheet; failed(): boolean } {
  let calls = 0;
  let failed = false;
  const originals = new WeakMap<object, object>();
  const unwrap = (arg: unknown): unknown => (typeof arg === 'object' && arg !== null ? (originals.get(arg) ?? arg) : arg);
  const wrap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(wrap);
    if (typeof value !== 'object' || value === null || Object.prototype.toString.call(value) !== '[object Object]') return value;
    const proxy = new Proxy(value, {
      get(target, prop) {
        const member = Reflect.get(target, prop);
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) => {
          if (typeof prop === 'string' && MUTATING.test(prop)) {
            calls++;
            if (calls === failAt || (dead && failed)) {
              failed = true;
              throw new Error('Service Spreadsheets timed out while accessing document');
            }
          }
          return wrap((member as (...a: unknown[]) => unknown).apply(target, args.map(unwrap)));
        };
      },
    });
    originals.set(proxy, value);
    return proxy;
  };
  return { ss: wrap(ss) as Spreadsheet, failed: () => failed };
}

/** The ledger's rows with the user's column beside them. */
function contents(ss: Spreadsheet): unknown[][] {
  const history = sheet(ss, 'History');
  const last = history.getLastRow();
  return history.getRange(1, 1, last, 5).getValues();
}

function expectNoBlankRows(ss: Spreadsheet): void {
  const [header, ...body] = contents(ss);
  expect(header.slice(0, 3)).toEqual(['Date', 'Device', 'Earnings']);
  expect(body.filter((r) => r.slice(0, 3).every((v) => v === ''))).toEqual([]);
}

/** Every user note still sits beside the row it was typed beside. */
function expectNotesAligned(ss: Spreadsheet): void {
  for (const row of contents(ss).slice(1)) if (row[4] !== '') expect(row[4]).toBe(`mine: ${row[0]} ${row[1]}`);
}

const expected = (() => {
  const { ss } = ledger();
  upsertHistoryBlock(ss, REFRESH);
  return contents(ss);
})();

describe('upsertHistoryBlock: a write interrupted at each step', () => {
  test('the uninterrupted refresh the others must match: tablet rows inserted beside their days, new days appended', () => {
    expect(expected.map((r) => `${r[0]} ${r[1]} ${r[2]}`)).toEqual([
      'Date Device Earnings',
      '2026-10-01 desktop 1',
      '2026-10-01 mobile 1',
      '2026-10-02 desktop 2',
      '2026-10-02 mobile 2',
      '2026-10-03 desktop 30',
      '2026-10-03 mobile 30',
      '2026-10-03 tablet 300',
      '2026-10-04 desktop 40',
      '2026-10-04 mobile 40',
      '2026-10-04 tablet 400',
      '2026-10-05 desktop 50',
      '2026-10-05 mobile 50',
      '2026-10-06 desktop 60',
      '2026-10-06 mobile 60',
      '2026-10-07 desktop 70',
      '2026-10-07 mobile 70',
    ]);
  });

  for (const dead of [false, true]) {
    const how = dead ? 'the execution dies there; the next refresh' : 'the same run';
    test(`failed at each change in turn: ${how} leaves no blank row and the notes beside their rows`, () => {
      let steps = 0;
      for (let failAt = 1; ; failAt++) {
        const { ss } = ledger();
        const run = failing(ss, failAt, dead);
        let threw = false;
        try {
          upsertHistoryBlock(run.ss, REFRESH);
        } catch (_) {
          threw = true;
        }
        if (!run.failed()) break; // past the last change: the refresh went through
        expect(threw).toBe(true);
        steps++;
        if (!dead) {
          expectNoBlankRows(ss);
          expectNotesAligned(ss);
        }
        // The next refresh (Sheets answering again) completes the ledger as if nothing had happened.
        upsertHistoryBlock(ss, REFRESH);
        expect({ failAt, ledger: contents(ss) }).toEqual({ failAt, ledger: expected });
        expect(
          sheet(ss, 'History')
            .getDeveloperMetadata()
            .map((m) => m.getKey()),
        ).not.toContainEqual(expect.stringContaining('journal'));
      }
      // The journal, two row inserts, the values, their formats, the named range, the note, the journal's removal.
      expect(steps).toBeGreaterThanOrEqual(8);
    });
  }
});

describe('upsertHistoryBlock: an interrupted append and a note typed below the ledger before the next run', () => {
  // Days 6 and 7 only: four rows appended below the ledger's ten, none inserted.
  const APPEND = input(
    rows([6, 7], ['desktop', 'mobile'], (d) => d * 10),
    day(6),
  );

  test('the ledger never takes in the blank rows the dead run left, nor the note', () => {
    let checked = 0;
    for (let failAt = 1; ; failAt++) {
      const { ss } = ledger();
      const run = failing(ss, failAt, true);
      try {
        upsertHistoryBlock(run.ss, APPEND);
      } catch (_) {
        // The execution died there.
      }
      if (!run.failed()) break;
      const history = sheet(ss, 'History');
      // The dead run's rows never arrived: someone types below the ledger, where its last row would have gone.
      if (history.getRange('A15').getValue() !== '') continue;
      history.getRange('A15').setValue('check October');
      checked++;
      try {
        upsertHistoryBlock(ss, APPEND);
      } catch (_) {
        // Refused (the note is where the new rows go): nothing is overwritten.
      }
      const named = ss.getRangeByName('CR_ledger_2d_1')!;
      const block = named.getValues();
      expect({ failAt, blank: block.filter((r) => r.slice(0, 3).every((v) => v === '')).length }).toEqual({ failAt, blank: 0 });
      expect(block.flat()).not.toContain('check October');
      expect(history.getRange('A15').getValue()).toBe('check October');
    }
    expect(checked).toBeGreaterThan(0);
  });
});
