/**
 * A refresh paused between executions hashes its rows in the old record's bands (staged-hashes.ts,
 * carryBand), fixed at its first stop. A report that was small and grew far past that band by its
 * last execution (the API served many more rows than it said at first) would end with a record of
 * thousands of bands: more than Google stores in a developer metadata value (30,000 characters),
 * so its commit would fail every time. Its record is read back in bands of its own size instead.
 */
import type { Spreadsheet } from '../../src/platform/types';
import { beginBlockWrite } from '../../src/sheet/block-write';
import type { StagedSoFar } from '../../src/sheet/block-place';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet, sheetEmulator } from './helpers';

/** Google's cap on one developer metadata value. */
const METADATA_CHARS = 30_000;
const now = (): number => Date.UTC(2026, 10, 21, 15);
const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
const rowsOf = (n: number): Array<[string, number]> => Array.from({ length: n }, (_, i) => [`d${i + 1}`, i + 1]);
const refresh = (ss: Spreadsheet, rows: Array<[string, number]>) =>
  writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: { columns, rows }, note: 'refresh' });

describe('a paused refresh that grew far past the old block', () => {
  it('is committed with a record Google can store, which its next refresh finds as written', () => {
    const { ss } = sheetEmulator();
    refresh(ss, rowsOf(100));
    const begin = (resume?: StagedSoFar) =>
      beginBlockWrite(ss, { sheetName: 'Days', blockId: 'r1', columns, now, pausable: true, runId: 'run', resume });
    const first = begin();
    first.appendRows(rowsOf(30));
    const kept = first.pause() ?? undefined;
    const last = begin(kept);
    last.appendRows(rowsOf(20_000).slice(30));
    expect(last.commit('paused refresh').range).toBe('A1:B20001');

    const s = sheet(ss, 'Days');
    expect(s.getRange(2, 1, 20_000, 2).getValues()).toEqual(rowsOf(20_000));
    const stored = s.getDeveloperMetadata().map((m) => (m.getValue() ?? '').length);
    expect(Math.max(...stored)).toBeLessThanOrEqual(METADATA_CHARS);

    // Its next refresh finds the block as recorded: no edit is reported, the new rows land.
    refresh(ss, rowsOf(20_005));
    expect(s.getRange(20_002, 1, 5, 2).getValues()).toEqual(rowsOf(20_005).slice(20_000));
  });
});
