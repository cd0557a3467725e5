import type { Spreadsheet } from '../../src/platform/types';
import { MAX_FINGERPRINT_CELLS, recordKey, rowsNow } from '../../src/sheet/block-record';
import { blockRangeName } from '../../src/sheet/block-ownership';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet, sheetEmulator } from './helpers';

/**
 * A block too big to read back (past MAX_FINGERPRINT_CELLS) is vouched for by one sample row per
 * band (commit-span.ts). Records stored before 05ff8b2 sampled the middle of a short last band;
 * this version samples the middle of a whole band, or the block's last row. A refresh that changes
 * nothing (a past month) must still leave such a block's rows in place, not copy every cell each
 * time because its last band's sample is looked for in another row.
 */
const now = (): number => Date.UTC(2026, 10, 21, 15);
const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
const table = (dataRows: number): BlockTable => ({ columns, rows: Array.from({ length: dataRows }, (_, i) => [`d${i + 1}`, i + 1]) });
const write = (ss: Spreadsheet, t: BlockTable, note: string) =>
  writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: t, note });
// Header included: (data rows + 1) x 2 cells, one row past what is read whole; its last band is short.
const dataRows = MAX_FINGERPRINT_CELLS / 2;

describe('a big block recorded with the earlier sample rows', () => {
  it('is refreshed unchanged without copying its rows', () => {
    const { emu, ss } = sheetEmulator();
    write(ss, table(dataRows), 'first');
    const s = sheet(ss, 'Days');
    const meta = s.getDeveloperMetadata().find((m) => m.getKey() === recordKey(blockRangeName('r1')));
    if (!meta) throw new Error('no record');
    const { samplesAt, ...record } = JSON.parse(meta.getValue() ?? '{}') as {
      rows: number;
      band: number;
      samples: string[];
      samplesAt?: number;
    };
    expect(samplesAt).toBe(2);
    // As the earlier version sampled it: the middle of the last band's own rows.
    const last = Math.floor((record.rows - 1) / record.band) * record.band;
    expect(record.rows - last).toBeLessThan(record.band);
    const earlier = last + Math.floor((record.rows - last) / 2);
    record.samples[record.samples.length - 1] = rowsNow(s, { col: 1, cols: 2 }, 1 + earlier, 1)[0];
    meta.setValue(JSON.stringify(record));

    emu.resetCounters();
    write(ss, table(dataRows), 'second');
    expect(s.getRange(1, 1).getNote()).toBe('second');
    expect(s.getRange(dataRows + 1, 1, 1, 2).getValues()).toEqual([[`d${dataRows}`, dataRows]]);
    expect(emu.counters.copyCells).toBe(0);
  });
});
