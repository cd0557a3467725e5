import type { Spreadsheet } from '../../src/platform/types';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { pagesTable, sheet, sheetEmulator } from './helpers';

/**
 * A refresh that leaves the unchanged top rows where they are (commit-span.ts) still shows
 * exactly what a write of the new report from scratch shows. The edit check reads values only, so
 * a number format, a colour or a font weight the user gave report cells leaves the block "the
 * same": the whole copy used to replace them; the rows left in place must not keep them.
 */
let clock = Date.UTC(2026, 10, 21, 15);
const now = (): number => clock;
const write = (ss: Spreadsheet, table: BlockTable) =>
  writeReportBlock(ss, { now, sheetName: 'Pages', blockId: 'r1', table, note: `at ${clock}` });

function refreshed(meddle: (ss: Spreadsheet) => void) {
  clock = Date.UTC(2026, 10, 21, 15);
  const { ss } = sheetEmulator();
  write(ss, pagesTable(400));
  meddle(ss);
  clock += 86_400_000;
  write(ss, pagesTable(410));
  const fresh = sheetEmulator().ss;
  write(fresh, pagesTable(410));
  const look = (s: Spreadsheet) => {
    const range = sheet(s, 'Pages').getRange(1, 1, 412, 3);
    return {
      values: range.getValues(),
      formats: range.getNumberFormats(),
      formulas: range.getFormulas(),
      weights: range.getFontWeights(),
      backgrounds: range.getBackgrounds(),
    };
  };
  return { got: look(ss), want: look(fresh) };
}

describe('a refresh copies only the rows that changed, and shows exactly the new report', () => {
  it("a number format the user gave a report cell is the report's again", () => {
    const { got, want } = refreshed((ss) => sheet(ss, 'Pages').getRange('B2:C3').setNumberFormat('0.00%'));
    expect(got.formats).toEqual(want.formats);
    expect(got.values).toEqual(want.values);
  });

  it('a header the user unbolded and a row they coloured look as a fresh write leaves them', () => {
    const { got, want } = refreshed((ss) => {
      sheet(ss, 'Pages').getRange('A1:C1').setFontWeight('normal');
      sheet(ss, 'Pages').getRange('A5:C5').setBackground('#ffff00');
    });
    expect(got.weights).toEqual(want.weights);
    expect(got.backgrounds).toEqual(want.backgrounds);
  });
});
