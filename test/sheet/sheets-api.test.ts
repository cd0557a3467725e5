import { serialNumbers } from '../../src/dates';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import type { BlockTable, WriteBlockInput } from '../../src/sheet/report-table';
import { pagesTable, sheet, sheetEmulator, shown, sheetClock } from './helpers';

type Mode = 'off' | 'on' | 'noScope';

/** A page table with a date column (as the API's modifiedDate) and text that must stay text. */
function datedTable(rows: number): BlockTable {
  const base = pagesTable(rows, (i) => (i === 1 ? '=HYPERLINK("x")' : `Page ${i}`));
  return {
    columns: [
      ...base.columns,
      { header: 'Modified', field: 'modifiedDate', type: 'date', format: 'yyyy-mm-dd' },
      { header: 'seen', field: 'seen', type: 'date' },
    ],
    rows: base.rows.map((row, i) => [...row, new Date(Date.UTC(2026, 0, 1 + (i % 28))), new Date(Date.UTC(2025, 0, 2))]),
  };
}

function write(mode: Mode, table: BlockTable) {
  const { emu, ss } = sheetEmulator({ sheetsAdvancedService: mode });
  const platform = emu.platform();
  const values = platform.sheetsValues();
  const input: WriteBlockInput = {
    now: sheetClock,
    sheetName: "Bob's pages",
    blockId: 'b',
    table,
    note: 'n',
    sheetsApi: values ? { values, serial: serialNumbers(platform, platform.timeZone()) } : null,
  };
  emu.resetCounters();
  const result = writeReportBlock(ss, input);
  return { emu, ss, result };
}

describe('writes through the Sheets advanced service where it is enabled', () => {
  it('shows the same cells, values and formats whether the service is on, off or lacks its scope', () => {
    const seen = (['off', 'on', 'noScope'] as Mode[]).map((mode) => {
      const { ss, result } = write(mode, datedTable(30));
      const s = sheet(ss, "Bob's pages");
      return {
        shown: shown(ss, "Bob's pages", result.range),
        values: s.getRange(result.range).getValues(),
        formats: s.getRange(result.range).getNumberFormats(),
      };
    });
    expect(seen[0].shown[1]).toEqual(['=HYPERLINK("x")', '$1.50', '100', '2026-01-01', '2025-01-02']);
    expect(seen[0].values[1][3]).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });

  it('uses the API, not setValues, when it is on; falls back to setValues without the scope', () => {
    // A first write into a new sheet goes straight there: with the service on, no setValues at all.
    const on = write('on', datedTable(30)).emu.counters;
    expect(on).toMatchObject({ setValuesCalls: 0, setValuesCells: 0, sheetsApiRequests: 1, sheetsApiCells: 31 * 5 });
    const noScope = write('noScope', datedTable(30)).emu.counters;
    expect(noScope).toMatchObject({ sheetsApiRequests: 0, setValuesCalls: 1, setValuesCells: 31 * 5 });
  });

  it('a refresh is staged through the API and put in place by one copy (counted as a write of its cells)', () => {
    const { emu, ss } = write('on', datedTable(30));
    const platform = emu.platform();
    const values = platform.sheetsValues()!;
    emu.resetCounters();
    writeReportBlock(ss, {
      now: sheetClock,
      sheetName: "Bob's pages",
      blockId: 'b',
      table: datedTable(20),
      note: 'n2',
      sheetsApi: { values, serial: serialNumbers(platform, platform.timeZone()) },
    });
    expect(emu.counters).toMatchObject({ setValuesCalls: 1, setValuesCells: 31 * 5, sheetsApiRequests: 1, sheetsApiCells: 21 * 5 });
    expect(shown(ss, "Bob's pages", 'A21:A22')).toEqual([['Page 20'], ['']]);
  });

  it('sends a 40,000-row block in requests of about 2 MB, a handful of them', () => {
    const { emu, ss, result } = write('on', datedTable(40_000));
    expect(result.rows).toBe(40_000);
    expect(emu.counters.sheetsApiRequests).toBeGreaterThanOrEqual(1);
    expect(emu.counters.sheetsApiRequests).toBeLessThanOrEqual(10);
    expect(emu.counters.sheetsApiCells).toBe(40_001 * 5);
    expect(shown(ss, "Bob's pages", 'A40001:E40001')).toEqual([['Page 40000', '$60,000.00', '4,000,000', '2026-01-16', '2025-01-02']]);
  });
});
