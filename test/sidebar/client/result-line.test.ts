import { resultLine } from '../../../src/sidebar/client/report-section';
import type { RunReportResult } from '../../../src/shared/types';

const result = (sheetName: string): RunReportResult => ({
  sheetName,
  range: 'A1:O7',
  rows: 6,
  startDate: '2026-10-01',
  endDate: '2026-10-06',
  dataThrough: '2026-10-06',
  seconds: 0.4,
  truncated: false,
});

describe("the Run's line for what it wrote", () => {
  test('names the range as Sheets would take it back: a quote in the sheet name doubled', () => {
    expect(resultLine(result("Bob's pages"))).toBe(
      "Wrote 6 rows to 'Bob''s pages'!A1:O7 in under a second. Dates 2026-10-01 to 2026-10-06. Data through 2026-10-06.",
    );
    expect(resultLine(result('Pages'))).toMatch(/^Wrote 6 rows to 'Pages'!A1:O7 /);
  });
});
