import type { Sheet, Spreadsheet } from '../../src/platform/types';
import { beginBlockWrite } from '../../src/sheet/block-write';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { hookedAfter, pagesTable, refusal, sheet, sheetEmulator } from './helpers';

/**
 * Attacks on a pausable first pull into a new sheet, which promotes its staging sheet
 * (staging-promote.ts). Killed by Google's time limit at any step of that promotion, the user's
 * sheets stay as they were: no sheet of the report's name is left behind (hidden or not), and the
 * next run writes the report. Paused while the user makes a sheet of that name, it is not promoted
 * over it: their sheet is written into when there is room, refused untouched when their cells are
 * in the way, and either way no staging sheet is left.
 */
const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 21, 15);
const now = (): number => clock;
const table = pagesTable(300);

function begin(ss: Spreadsheet, resume?: { staging: string; rows: number }, live = false) {
  return beginBlockWrite(ss, {
    resume,
    sheetName: 'Pages',
    blockId: 'r1',
    columns: table.columns,
    now,
    pausable: true,
    runId: 'run-1',
    runIsLive: () => live,
  });
}

function pausedWrite(ss: Spreadsheet, resume?: { staging: string; rows: number }) {
  const w = begin(ss, resume);
  w.appendRows(resume ? [] : table.rows, table.rows.length);
  return w;
}

const hiddenSheets = (ss: Spreadsheet): string[] =>
  ss
    .getSheets()
    .filter((s) => s.isSheetHidden())
    .map((s) => s.getName());

/** A first pull's promotion killed by the time limit right after its step `method`. */
function killedPromotion(method: keyof Sheet) {
  clock = Date.UTC(2026, 10, 21, 15);
  const { emu, ss } = sheetEmulator();
  let armed = false;
  const killing = hookedAfter(
    ss,
    method,
    () => armed,
    () => emu.clock.advance(7 * 60_000),
  );
  emu.runAs({ mode: 'full' }, () => {
    const w = pausedWrite(killing);
    armed = true;
    expect(() => w.commit('first')).toThrow();
  });
  return { emu, ss };
}

describe('a promoted first pull killed midway', () => {
  // The steps of promoteStaging: renamed; its record written; frozen header (before it is unmarked).
  it.each(['setName', 'addDeveloperMetadata', 'setFrozenRows'] as const)(
    'after %s leaves no sheet of the name, and the next run writes it',
    (method) => {
      const { emu, ss } = killedPromotion(method);
      const visible = ss
        .getSheets()
        .filter((s) => !s.isSheetHidden())
        .map((s) => s.getName());
      expect(visible).not.toContain('Pages');
      // Hours later the user runs it again (a sweep runs first).
      clock += 2 * HOUR;
      emu.runAs({ mode: 'full' }, () => {
        writeReportBlock(ss, { now, sheetName: 'Other', blockId: 'r2', table: pagesTable(3), note: 'other' });
        pausedWrite(ss).commit('second');
      });
      const pages = sheet(ss, 'Pages');
      expect(pages.isSheetHidden()).toBe(false);
      expect(pages.getRange('A2').getValue()).toBe('Page 1');
      expect(pages.getRange(1, 1).getNote()).toBe('second');
      expect(hiddenSheets(ss)).toEqual([]);
    },
  );

  it('after its rename in a continued run (its staging kept for a day) lets the next run write it', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { emu, ss } = sheetEmulator();
    let armed = false;
    const killing = hookedAfter(
      ss,
      'setName',
      () => armed,
      () => emu.clock.advance(7 * 60_000),
    );
    const staged = emu.runAs({ mode: 'full' }, () => pausedWrite(killing).pause());
    if (!staged) throw new Error('nothing staged');
    clock += HOUR;
    emu.runAs({ mode: 'full' }, () => {
      const w = pausedWrite(killing, staged);
      armed = true;
      expect(() => w.commit('first')).toThrow();
    });
    clock += 2 * HOUR;
    emu.runAs({ mode: 'full' }, () => {
      pausedWrite(ss).commit('second');
    });
    expect(sheet(ss, 'Pages').isSheetHidden()).toBe(false);
    expect(sheet(ss, 'Pages').getRange('A301').getValue()).toBe('Page 300');
    expect(hiddenSheets(ss)).toEqual([]);
  });
});

describe('a promoted first pull killed once renamed, run again within minutes', () => {
  // Before the sweep may take its sheet (6 minutes): renamed, then its record written (before it is unmarked).
  it.each(['setName', 'setFrozenRows'] as const)('after %s is finished by the next run, which writes it', (method) => {
    const { emu, ss } = killedPromotion(method);
    clock += 60_000;
    const changed = pagesTable(300, (i) => `Page ${i} renamed`);
    emu.runAs({ mode: 'full' }, () => writeReportBlock(ss, { now, sheetName: 'Pages', blockId: 'r1', table: changed, note: 'second' }));
    const pages = sheet(ss, 'Pages');
    expect(pages.isSheetHidden()).toBe(false);
    expect(pages.getRange('A301').getValue()).toBe('Page 300 renamed');
    expect(pages.getRange(1, 1).getNote()).toBe('second');
    // Hours later another report's write sweeps leftovers: the report's sheet is none.
    clock += 2 * HOUR;
    emu.runAs({ mode: 'full' }, () =>
      writeReportBlock(ss, { now, sheetName: 'Other', blockId: 'r2', table: pagesTable(3), note: 'other' }),
    );
    expect(sheet(ss, 'Pages').getRange('A2').getValue()).toBe('Page 1 renamed');
    expect(hiddenSheets(ss)).toEqual([]);
  });
});

function pausedThenResumed(ss: Spreadsheet, meanwhile: () => void) {
  clock = Date.UTC(2026, 10, 21, 15);
  const first = begin(ss, undefined, true);
  first.appendRows(table.rows.slice(0, 150), table.rows.length);
  const staged = first.pause();
  if (!staged) throw new Error('nothing staged');
  meanwhile();
  clock += HOUR;
  const next = begin(ss, staged, true);
  next.appendRows(table.rows.slice(150), table.rows.length);
  return next;
}

const stagingLeft = (ss: Spreadsheet) => ss.getSheets().filter((s) => s.getName().startsWith('CR staging')).length;

describe('a continued first pull while another report writes', () => {
  it("is not swept by that write's sweep in the midst of its promotion", () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { ss } = sheetEmulator();
    let armed = false;
    // Another execution's write (its own sweep first) lands between the promotion's steps.
    const meanwhile = () => {
      armed = false;
      writeReportBlock(ss, { now, sheetName: 'Other', blockId: 'r2', table: pagesTable(3), note: 'other' });
    };
    const hooked = hookedAfter(ss, 'setName', () => armed, meanwhile);
    const staged = pausedWrite(hooked).pause();
    if (!staged) throw new Error('nothing staged');
    clock += HOUR;
    const w = pausedWrite(hooked, staged);
    armed = true;
    w.commit('done');
    expect(sheet(ss, 'Pages').isSheetHidden()).toBe(false);
    expect(sheet(ss, 'Pages').getRange('A301').getValue()).toBe('Page 300');
  });
});

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
    expect(sheet(ss, 'Pages').getRange('A301').getValue()).toBe('Page 300');
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
