/**
 * The first pull into a new sheet writes its rows straight there as batches arrive (nothing to
 * protect, so no staging and no copy; a refresh is staged: streamed-pull.test.ts). These run the
 * built bundle in the emulator and look at what the user sees while the pull runs, after it fails,
 * and after Apps Script kills it midway (its time limit: no cleanup of any kind runs).
 *
 * A kill is the spreadsheet as it was at that moment: the emulator's state is saved while the pull
 * waits for a page and put back afterwards, so nothing the run did after it remains.
 */
import { buildBundle, expectClearMessage, type World } from '../hardening/world';
import { rowsPerCall } from '../../src/sheet/staged-values';
import { BIG, BIG_ROWS, bigPullFailingLate, connected, type LateFailure, MINUTE, run, sheetNames, values } from './run-helpers';

/** Rows of one setValues call of page performance's 15 columns (the header rides with the first). */
const WRITE_BATCH = rowsPerCall(15);
/** A report smaller than the rows a killed run had already written. */
const SMALLER = 5_000;

const namedRanges = (world: World): string[] => world.emu.spreadsheet.getNamedRanges().map((n) => n.getName());

beforeAll(async () => {
  await buildBundle();
}, 120_000);

describe('a first pull into a new sheet writes it directly', () => {
  /**
   * One pull of the big report for both tests: it fails at page LATE_PAGE, and the spreadsheet as
   * it was when that page was asked for is where Apps Script's time limit kills the second test's
   * run (the broken page comes after that moment, so the two runs are the same up to it).
   */
  let world: World;
  let late: LateFailure<{ names: string[]; rows: number; hidden: boolean }>;
  beforeAll(() => {
    world = connected();
    late = bigPullFailingLate(world, () => ({
      names: sheetNames(world),
      rows: values(world, 'Big').length,
      hidden: world.emu.spreadsheet.getSheetByName('Big')!.isSheetHidden(),
    }));
  }, 120_000);

  it('writes rows as they arrive into the new sheet, kept hidden until complete, with no staging sheet; a failure removes the sheet it made and says what it always said', () => {
    // Written straight into the new sheet, whole batches and the header, and never a staging sheet.
    const { failed, seen: during } = late;
    expect(during.names).toEqual(['Sheet1', 'Big']);
    expect(during.hidden).toBe(true);
    expect(during.rows).toBeGreaterThanOrEqual(WRITE_BATCH);
    expect(during.rows % WRITE_BATCH).toBe(0);
    expect(failed.ok).toBe(false);
    expectClearMessage(failed.message ?? '');
    expect(failed.message).toMatch(/could not be read/);
    // Nothing left: not the sheet, its rows, a named range or the sheet that was active.
    expect(late.afterFailure).toBe(late.before);

    world.emu.restore(late.failedAt);
    world.emu.resetCounters();
    expect(run(world, { ...BIG, options: { limit: BIG_ROWS } })).toEqual({ ok: true });
    expect(values(world, 'Big')).toHaveLength(BIG_ROWS + 1);
    expect(world.emu.spreadsheet.getSheetByName('Big')!.isSheetHidden()).toBe(false);
    // Every cell was written once: no copy of a staged block.
    expect(world.emu.counters.setValuesCells).toBe((BIG_ROWS + 1) * values(world, 'Big')[0].length);
  }, 120_000);

  it('killed midway: a hidden sheet holds the rows written so far; the next run completes the report, shows it, with no refusal and nothing left over', () => {
    world.emu.restore(late.killedAt);
    expect(values(world, 'Big').length).toBeGreaterThanOrEqual(WRITE_BATCH + 1);
    expect(world.emu.spreadsheet.getSheetByName('Big')!.isSheetHidden()).toBe(true);
    expect(namedRanges(world).filter((n) => n.endsWith('_pending'))).toHaveLength(1);

    world.emu.clock.advance(MINUTE);
    expect(run(world, { ...BIG, options: { limit: SMALLER } })).toEqual({ ok: true });
    const grid = values(world, 'Big');
    // The smaller report replaced the partial one: the killed run's rows below it are gone.
    expect(grid).toHaveLength(SMALLER + 1);
    expect(new Set(grid.slice(1).map((row) => row[0])).size).toBe(SMALLER);
    expect(world.emu.spreadsheet.getSheetByName('Big')!.getRange('A1').getNote()).toContain(`Rows: ${SMALLER} (limited`);
    expect(namedRanges(world).filter((n) => n.endsWith('_pending'))).toEqual([]);
    expect(sheetNames(world)).toEqual(['Sheet1', 'Big']);
    expect(world.emu.spreadsheet.getSheetByName('Big')!.isSheetHidden()).toBe(false);
  }, 120_000);
});
