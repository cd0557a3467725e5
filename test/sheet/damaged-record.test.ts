import { blockRangeName } from '../../src/sheet/block-ownership';
import { recordKey } from '../../src/sheet/block-record';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { pagesTable, sheet, sheetEmulator } from './helpers';

/**
 * A block's record is developer metadata under a key of ours (block-record.ts), which another
 * script or a damaged copy may fill with something we never wrote. A record whose counts are no
 * counts (a band of 0 or fewer rows, rows past any sheet) is none of ours: the block is checked by
 * its shape, and the refresh writes the new report, not a refusal naming a range like A1:C0 or a
 * loop that never ends.
 */
function refreshedOver(stored: string) {
  const { ss } = sheetEmulator();
  const write = (rows: number) =>
    writeReportBlock(ss, { now: () => 0, sheetName: 'Pages', blockId: 'r1', table: pagesTable(rows), note: 'n' });
  write(400);
  const s = sheet(ss, 'Pages');
  const key = recordKey(blockRangeName('r1'));
  for (const meta of s.getDeveloperMetadata()) if (meta.getKey() === key) meta.remove();
  s.addDeveloperMetadata(key, stored);
  write(410);
  return s
    .getRange(400, 1, 13, 3)
    .getValues()
    .map((row) => row[0]);
}

describe('a damaged record under the block record key', () => {
  it.each([
    ['a band of no rows', '{"v":2,"rows":401,"cols":3,"band":0,"rowHashes":["a"]}'],
    ['a band of fewer than no rows', '{"v":2,"rows":401,"cols":3,"band":-3,"rowHashes":["a","b"]}'],
    ['a band of part of a row', '{"v":2,"rows":401,"cols":3,"band":0.5,"rowHashes":["a"]}'],
    ['rows past any sheet', '{"v":2,"rows":1e308,"cols":3,"band":null}'],
  ])('%s: the refresh writes the new report', (_, stored) => {
    expect(refreshedOver(stored)).toEqual([...Array.from({ length: 12 }, (_, i) => `Page ${399 + i}`), '']);
  });
});
