/**
 * The edit check's read of the old block is bounded by the execution's time, not only by its cell
 * count. At 15 times the model a 60,000-row block's read (900,000 cells, 337 s) fills a whole
 * execution, so a report that size was refused every day while a 240,000-row one, past the cell
 * count and never read, refreshed. Now its commit goes without the read when no execution could
 * hold it, checking the block by its shape as a bigger one is; where the read fits it still runs,
 * and a value typed over a report cell is still refused.
 */
import { legacyFingerprint } from '../../src/sheet/block-record-v1';
import type { Sheet } from '../../src/platform/types';
import { buildBundle, type World, type WorldState } from '../hardening/world';
import { BIG_SAVED, bigSheet as big, fireSchedule, limitedWorld as worldOf, sheetNames, statusOf } from './run-helpers';

const ROWS = 60_000;
const HOUR = 3_600_000;

const limitedWorld = (from?: WorldState) => worldOf(ROWS, { from });

/** The block's data rows, their distinct count, and the note on its first cell (the refresh time is in it). */
function block(world: World): { rows: number; distinct: number; note: string } {
  const values = big(world)
    .getRange('A:O')
    .getValues()
    .filter((row: unknown[]) => row[0] !== '');
  return {
    rows: values.length - 1,
    distinct: new Set(values.slice(1).map((row: unknown[]) => JSON.stringify(row))).size,
    note: big(world).getRange(1, 1).getNote(),
  };
}

/** Hourly runs until the block's note changes (at most `most`); how many it took. */
function runUntilRefreshed(world: World, before: string, most = 4): number {
  for (let executions = 1; executions <= most; executions++) {
    expect(fireSchedule(world).killed).toBeNull();
    if (big(world).getRange(1, 1).getNote() !== before) return executions;
    expect(statusOf(world).Outcome).toBe('Continuing');
    world.emu.clock.advance(HOUR);
  }
  throw new Error(`not refreshed after ${most} runs: ${String(statusOf(world)['Last error'])}`);
}

/** The saved report after its first pull at the model's prices, with the user's notes beside it. */
let pulled: WorldState;
let firstNote: string;
beforeAll(() => {
  buildBundle();
  const { world } = limitedWorld();
  expect(world.sidebar('saveReport', [BIG_SAVED])).toMatchObject({ ok: true });
  world.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
  expect(fireSchedule(world).killed).toBeNull();
  expect(block(world)).toMatchObject({ rows: ROWS, distinct: ROWS });
  world.emu.runAs({ mode: 'full' }, () => {
    big(world).getRange('Q1').setValue('My notes');
    big(world).getRange('Q2').setValue('check the top pages');
  });
  firstNote = block(world).note;
  pulled = world.save();
}, 300_000);

describe('a refresh whose edit check could never fit an execution beside its copy', () => {
  it('at 15 times the model, commits without the read instead of being refused every day, the user\u2019s cells kept', () => {
    const { world, costs } = limitedWorld(pulled);
    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    // Staged (140 s) and copied (135 s) in one execution: staging keeps no time back for a commit
    // judged on its own, which here goes without the read (337 s, more than any execution holds).
    expect(runUntilRefreshed(world, firstNote)).toBe(1);
    expect(statusOf(world).Outcome).toBe('OK');
    const now = block(world);
    expect(now).toMatchObject({ rows: ROWS, distinct: ROWS });
    expect(now.note).toMatch(/Refreshed/);
    expect(big(world).getRange('Q1:Q2').getValues()).toEqual([['My notes'], ['check the top pages']]);
    expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  }, 300_000);

  it('at 15 times the model, a block an older version recorded (version 1) commits unread too, not killed reading it', () => {
    const { world, costs } = limitedWorld(pulled);
    // The record as the previous version left it: the version-1 form of the same cells.
    world.emu.runAs({ mode: 'full' }, () => {
      const sheet = big(world) as unknown as Sheet;
      const meta = sheet.getDeveloperMetadata().find((m) => m.getKey().startsWith('creator.block.'));
      if (!meta) throw new Error('no block record');
      const v1 = legacyFingerprint(sheet, { row: 1, col: 1, rows: ROWS + 1, cols: 15 });
      meta.setValue(JSON.stringify({ rows: v1.rows, cols: v1.cols, band: v1.band, rowHashes: v1.rowHashes, colHashes: v1.colHashes }));
    });
    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    runUntilRefreshed(world, firstNote);
    expect(statusOf(world).Outcome).toBe('OK');
    expect(block(world)).toMatchObject({ rows: ROWS, distinct: ROWS });
    expect(big(world).getRange('Q1:Q2').getValues()).toEqual([['My notes'], ['check the top pages']]);
    expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  }, 300_000);

  it('at 15 times the model, still checks the shape: a row inserted inside the block is refused, nothing overwritten', () => {
    const { world, costs } = limitedWorld(pulled);
    world.emu.runAs({ mode: 'full' }, () => {
      big(world).insertRowsAfter(100, 1);
      big(world).getRange('A101').setValue('my row');
    });
    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    // The rows are staged first; the shape is checked at the commit.
    for (let run = 0; run < 4 && statusOf(world).Outcome !== 'Failed'; run++) {
      expect(fireSchedule(world).killed).toBeNull();
      world.emu.clock.advance(HOUR);
    }
    expect(statusOf(world).Outcome).toBe('Failed');
    expect(String(statusOf(world)['Last error'])).toMatch(/1 row inserted inside the report's block/);
    expect(big(world).getRange('A101').getValue()).toBe('my row');
    expect(block(world).note).toBe(firstNote);
  }, 300_000);

  it.each([28, 30])(
    'at %i times the model, where no execution holds the copy beside the rest of the commit, is refused as too large: never killed, never continued every hour',
    (scale) => {
      const { world, costs } = limitedWorld(pulled);
      costs.scale = scale;
      world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
      // At 30 times, the copy alone (900,000 cells at 0.3 ms: 270 s) fits beside what a fresh
      // execution spends first (about a minute at this pace) with seconds to spare, too few for the
      // commit's other calls and the run's record after it. At 28, the whole commit fits a tenth's
      // share of an execution but not beside the minute a fresh one spends first, as every one will.
      for (let run = 0; run < 6 && statusOf(world).Outcome !== 'Failed'; run++) {
        expect(fireSchedule(world).killed).toBeNull();
        world.emu.clock.advance(HOUR);
      }
      expect(statusOf(world).Outcome).toBe('Failed');
      expect(String(statusOf(world)['Last error'])).toMatch(
        /^This report has 60,000 rows of 15 columns \(900,015 cells\): .* more than one execution has for it .* history report/,
      );
      expect(block(world)).toMatchObject({ rows: ROWS, distinct: ROWS, note: firstNote });
      expect(big(world).getRange('Q1:Q2').getValues()).toEqual([['My notes'], ['check the top pages']]);
      expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
      const kept = world.emu.runAs({}, () => world.emu.globals.PropertiesService.getDocumentProperties().getKeys());
      expect(kept.filter((k: string) => k.startsWith('cr.continue.'))).toEqual([]);
    },
    300_000,
  );

  it('where the read fits (the model\u2019s own prices), a value typed over a report cell is still refused and kept', () => {
    const { world } = limitedWorld(pulled);
    world.emu.runAs({ mode: 'full' }, () => big(world).getRange('C10').setValue(12345));
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    expect(fireSchedule(world).killed).toBeNull();
    expect(statusOf(world).Outcome).toBe('Failed');
    expect(String(statusOf(world)['Last error'])).toMatch(/^Sheet 'Big' has cells edited in C1:C\d+, inside the report's block/);
    expect(big(world).getRange('C10').getValue()).toBe(12345);
    expect(block(world).note).toBe(firstNote);
  }, 300_000);
});
