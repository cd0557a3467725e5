import { readRecord } from '../../src/sheet/block-record';
import { fingerprint } from '../../src/sheet/block-hasher';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet, sheetClock, sheetEmulator } from './helpers';

/**
 * The writer records a block from what it sent instead of reading it back. The promise: that
 * record is the one a read-back of the block gives, for every kind of value the writer sends, so a
 * refresh never takes the report's own cells for the user's edits; and a refresh reads the block
 * once (its check for typed-over cells), a first pull not at all.
 */
const day = (d: number) => new Date(Date.UTC(2026, 9, d, 4)); // midnight in New York

/** Every kind of value a table hands the writer, in a text column and in other columns. */
function everyKind(rows: number, unknownText = 'n/a'): BlockTable {
  const texts = [
    'plain',
    '',
    '2024',
    '007',
    '1/2',
    '=SUM(A1:A2)',
    '+1-cheap-trick',
    '-3',
    '@mention',
    "'quoted",
    'TRUE',
    ' spaced ',
    'ünïcødé ✓',
    'x'.repeat(60_000),
    '2026-10-01',
  ];
  return {
    columns: [
      { header: 'Day', field: 'date', type: 'date' },
      { header: 'Page URL', field: 'pageUrl', type: 'url' },
      { header: 'Earnings', field: 'earnings', type: 'currency', format: '$#,##0.00' },
      { header: 'Pageviews', field: 'pageviews', type: 'integer' },
      { header: 'Share', field: 'share', type: 'percent' },
      { header: 'Flag', field: 'flag', type: 'boolean' },
      { header: '=Odd header', field: 'odd', type: 'text' },
      { header: 'Unknown', field: 'unknown', type: 'unknown' },
    ],
    rows: Array.from({ length: rows }, (_, i) => [
      i % 5 === 0 ? '' : day(1 + (i % 28)),
      texts[i % texts.length],
      [0, -0, 1.5, -2.25, 0.1 + 0.2, 1e21, 5e-324, 123456789.123456][i % 8],
      i % 3 === 0 ? '' : i * 100,
      i / 1000,
      i % 2 === 0,
      texts[(i + 3) % texts.length],
      i % 4 === 0 ? unknownText : 'kept',
    ]),
  };
}

function write(ss: ReturnType<typeof sheetEmulator>['ss'], table: BlockTable) {
  return writeReportBlock(ss, { now: sheetClock, sheetName: 'Kinds', blockId: 'k1', table, note: 'every kind' });
}

describe('the record of what was written is the record of what reads back', () => {
  it.each([
    ['a first write into a new sheet (direct)', 1],
    ['a refresh (staged, then copied into place)', 2],
  ])('every kind of value: %s', (_, writes) => {
    const { ss } = sheetEmulator();
    const table = everyKind(45);
    for (let i = 0; i < writes; i++) write(ss, table);
    const s = sheet(ss, 'Kinds');
    const rect = { row: 1, col: 1, rows: 46, cols: 8 };
    // The record also says where the block was written (a deleted named range is looked for there).
    const at = { row: rect.row, col: rect.col };
    // And the columns' number formats, which a read does not give (a later refresh compares them).
    const formats = expect.any(String);
    expect(readRecord(s, 'CR_k1')).toEqual({ ...fingerprint(s, rect, { head: 1, tail: 0 }, true), at, formats });
    // And with formulas read too, as an older refresh did: a block the writer wrote holds none.
    expect(readRecord(s, 'CR_k1')).toEqual({ ...fingerprint(s, rect, { head: 1, tail: 0 }), at, formats });
  });

  it('a first pull reads nothing back; a refresh reads the block once, values only', () => {
    const { emu, ss } = sheetEmulator();
    emu.resetCounters();
    write(ss, everyKind(45));
    expect(emu.counters.readCells).toBe(0);
    emu.resetCounters();
    write(ss, everyKind(45));
    // The check for typed-over cells: the 46 x 8 block once (plus a few cells of the target area).
    expect(emu.counters.readCells).toBeGreaterThanOrEqual(46 * 8);
    expect(emu.counters.readCells).toBeLessThan(2 * 46 * 8);
  });

  it('value-like text sent as it is (an unknown column) is read back instead, and refreshes still pass', () => {
    const { emu, ss } = sheetEmulator();
    const table = everyKind(20, '1,234');
    emu.resetCounters();
    write(ss, table);
    // Sheets may make "1,234" a number: the writer reads the block back rather than guess.
    expect(emu.counters.readCells).toBe(21 * 8);
    const s = sheet(ss, 'Kinds');
    expect(s.getRange('H2').getValue()).toBe(1234);
    expect(write(ss, table).rows).toBe(20);
    expect(write(ss, table).rows).toBe(20);
  });
});
