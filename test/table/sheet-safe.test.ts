import { findReport } from '../../src/catalog/reports';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { stackTables, toTable } from '../../src/table';
import { sheetEmulator, shown, sheetClock } from '../sheet/helpers';

const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const pages = findReport('pages/performance')!;
const hostile = [
  {
    pageUrl: '=IMPORTXML("http://x","//a")',
    author: '2024',
    cpm: { value: '+x', score: 3 },
    rpm: '@x',
    mystery: '-5 apples',
    flag: 'TRUE',
  },
  { pageUrl: '/plain/', author: 'true', cpm: 12.5, rpm: 25, mystery: "'quoted", flag: ' 1/2' },
];

/** What the sheet shows for each data row (header excluded), by header. */
function written(table: Parameters<typeof writeReportBlock>[1]['table']): Array<Record<string, string>> {
  const { ss } = sheetEmulator();
  const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Out', blockId: 'b', table, note: 'n' });
  const [header, ...rows] = shown(ss, 'Out', result.range);
  return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
}

describe('sheet-safe tables: one pass from API rows to what setValues gets', () => {
  it('shows every hostile text exactly as sent, the same as the writer converting it', () => {
    const safe = toTable(pages, hostile, { toDate, forSheet: true });
    const plain = toTable(pages, hostile, { toDate });
    expect(safe.sheetSafe).toBe(true);
    expect(plain.sheetSafe).toBeUndefined();
    const shownSafe = written(safe);
    expect(shownSafe).toEqual(written(plain));
    expect(shownSafe[0]).toMatchObject({
      'Page URL': '=IMPORTXML("http://x","//a")',
      Author: '2024',
      CPM: '+x',
      RPM: '@x',
      Mystery: '-5 apples',
      Flag: 'TRUE',
    });
    expect(shownSafe[1]).toMatchObject({ Author: 'true', Mystery: "'quoted", Flag: ' 1/2' });
  });

  it('keeps every row its own text when texts repeat down a column, escaped or not', () => {
    // A text column reuses the row before's string for the same text: runs, a text coming back
    // after another, and a formula-looking text repeated must each still show as sent.
    const urls = ['/a/', '/a/', '=1+1', '=1+1', '/b/', '/a/', '=1+1', '', '', '/a/', '2024', '2024'];
    const rows = urls.map((pageUrl, i) => ({ pageUrl, author: i % 3 ? 'Ana Souza' : 'Sam O’Connor', earnings: i }));
    const shownUrls = written(toTable(pages, rows, { toDate, forSheet: true })).map((r) => [r['Page URL'], r.Author]);
    expect(shownUrls).toEqual(urls.map((u, i) => [u, i % 3 ? 'Ana Souza' : 'Sam O’Connor']));
  });

  it('passes the rows on without copying them (the grid holds the same row arrays)', () => {
    const safe = toTable(pages, hostile, { toDate, forSheet: true });
    const { ss } = sheetEmulator();
    const grids: unknown[][][] = [];
    // Rows are staged on a hidden sheet before they are copied into place: watch every sheet made.
    const insertSheet = ss.insertSheet.bind(ss) as (...a: unknown[]) => GoogleAppsScript.Spreadsheet.Sheet;
    (ss as unknown as { insertSheet: unknown }).insertSheet = (...args: unknown[]) => {
      const sheet = insertSheet(...args);
      const getRange = sheet.getRange.bind(sheet) as (...a: number[]) => GoogleAppsScript.Spreadsheet.Range;
      (sheet as unknown as { getRange: unknown }).getRange = (...a: number[]) => {
        const range = getRange(...a);
        const setValues = range.setValues.bind(range);
        range.setValues = (grid: unknown[][]) => (grids.push(grid), setValues(grid));
        return range;
      };
      return sheet;
    };
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Out', blockId: 'b', table: safe, note: 'n' });
    expect(grids.flat().slice(1)).toEqual(safe.rows);
    expect(grids.flat()[1]).toBe(safe.rows[0]);
  });

  it('stays safe, and is not escaped twice, when several sites are stacked', () => {
    const tables = ['=site', 'site-2'].map((siteId) => toTable(pages, hostile, { toDate, forSheet: true, siteId }));
    const stacked = stackTables(tables, ['=site', 'site-2']);
    expect(stacked.sheetSafe).toBe(true);
    const rows = written(stacked);
    expect(rows.map((r) => r.Site)).toEqual(['=site', '=site', 'site-2', 'site-2']);
    expect(rows[0]['Page URL']).toBe('=IMPORTXML("http://x","//a")');
  });
});
