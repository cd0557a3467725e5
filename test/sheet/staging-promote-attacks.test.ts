import type { Spreadsheet } from '../../src/platform/types';
import { beginBlockWrite } from '../../src/sheet/block-write';
import { pagesTable, refusal, sheet, sheetEmulator } from './helpers';

/**
 * A pausable first pull paused between executions while the user makes a sheet of the report's
 * name: its staging sheet is not promoted over it. Their sheet is written into when there is room,
 * refused untouched when their cells are in the way, and either way no staging sheet is left.
 */
const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 21, 15);
const now = (): number => clock;
const table = pagesTable(200);

function begin(ss: Spreadsheet, resume?: { staging: string; rows: number }) {
  return beginBlockWrite(ss, {
    sheetName: 'Pages',
    blockId: 'r1',
    columns: table.columns,
    now,
    pausable: true,
    runId: 'run-1',
    runIsLive: () => true,
    resume,
  });
}

function pausedThenResumed(ss: Spreadsheet, meanwhile: () => void) {
  clock = Date.UTC(2026, 10, 21, 15);
  const first = begin(ss);
  first.appendRows(table.rows.slice(0, 100), table.rows.length);
  const staged = first.pause();
  if (!staged) throw new Error('nothing staged');
  meanwhile();
  clock += HOUR;
  const next = begin(ss, staged);
  next.appendRows(table.rows.slice(100), table.rows.length);
  return next;
}

const stagingLeft = (ss: Spreadsheet) => ss.getSheets().filter((s) => s.getName().startsWith('CR staging')).length;

describe('a paused first pull whose sheet the user made meanwhile', () => {
  it('is written into that sheet, which keeps its ID, its place among the sheets and their cells', () => {
    const { ss } = sheetEmulator();
    let id = 0;
    const w = pausedThenResumed(ss, () => {
      const mine = ss.insertSheet('Pages', 0);
      mine.getRange('F3').setValue('mine');
      id = mine.getSheetId();
    });
    const result = w.commit('done');
    expect(result.sheetId).toBe(id);
    expect(ss.getSheets()[0].getName()).toBe('Pages');
    expect(sheet(ss, 'Pages').getRange('F3').getValue()).toBe('mine');
    expect(sheet(ss, 'Pages').getRange('A201').getValue()).toBe('Page 200');
    expect(stagingLeft(ss)).toBe(0);
  });

  it('is refused when their cells are where the block goes, their sheet untouched', () => {
    const { ss } = sheetEmulator();
    const w = pausedThenResumed(ss, () => ss.insertSheet('Pages').getRange('A5').setValue('mine'));
    expect(refusal(() => w.commit('done'))).toMatch(/other content in A5/);
    expect(sheet(ss, 'Pages').getDataRange().getValues()).toEqual([[''], [''], [''], [''], ['mine']]);
    expect(stagingLeft(ss)).toBe(0);
  });
});
