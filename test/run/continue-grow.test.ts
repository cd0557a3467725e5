/**
 * A refresh whose block grows into rows the sheet already has (the user added empty rows at the
 * bottom, or the report had shrunk and grows back) checks those rows for the user's content before
 * writing there. That check reads them (values and formulas); in the emulator's limits mode at 15
 * times the model it used to read 20,000 empty rows for 225 s no budget counted, and Google's
 * time limit killed the refresh, its staging sheet left behind. Empty rows past the sheet's last
 * content need no reading; content there is still found and refused.
 */
import { buildBundle, type World, type WorldState } from '../hardening/world';
import { BIG_SAVED, bigSheet as big, fireSchedule, limitedWorld, sheetNames, statusOf } from './run-helpers';

const BEFORE = 20_000;
const AFTER = 40_000;
const HOUR = 3_600_000;

function dataRows(world: World): number {
  return (
    big(world)
      .getRange('A:O')
      .getValues()
      .filter((row: unknown[]) => row[0] !== '').length - 1
  );
}

/** Hourly runs while the run continues (at most 6): each must end on its own, never killed. */
function runOut(world: World): void {
  for (let run = 0; run < 6; run++) {
    expect(fireSchedule(world).killed).toBeNull();
    if (statusOf(world).Outcome !== 'Continuing') return;
    world.emu.clock.advance(HOUR);
  }
}

/** The saved report after its 20,000-row pull, its sheet given 20,000 more empty rows, notes beside it. */
let pulled: WorldState;
let firstNote: string;
beforeAll(() => {
  buildBundle();
  const { world } = limitedWorld(BEFORE);
  expect(world.sidebar('saveReport', [BIG_SAVED])).toMatchObject({ ok: true });
  world.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
  expect(fireSchedule(world).killed).toBeNull();
  world.emu.runAs({ mode: 'full' }, () => {
    big(world).insertRowsAfter(big(world).getMaxRows(), AFTER - BEFORE);
    big(world).getRange('Q1').setValue('My notes');
  });
  firstNote = big(world).getRange(1, 1).getNote();
  pulled = world.save();
}, 300_000);

describe('a refresh whose block grows into rows the sheet already has, at 15 times the model', () => {
  it('commits the longer block: never killed, the user\u2019s cells kept, no staging left', () => {
    const { world, costs } = limitedWorld(AFTER, { from: pulled });
    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    runOut(world);
    expect(statusOf(world).Outcome).toBe('OK');
    expect(dataRows(world)).toBe(AFTER);
    expect(big(world).getRange('Q1').getValue()).toBe('My notes');
    expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  }, 300_000);

  it('refuses where the user wrote in those rows, naming the cell: never killed, nothing overwritten', () => {
    const { world, costs } = limitedWorld(AFTER, { from: pulled });
    world.emu.runAs({ mode: 'full' }, () => big(world).getRange('B35000').setValue('my total'));
    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    runOut(world);
    expect(statusOf(world).Outcome).toBe('Failed');
    expect(String(statusOf(world)['Last error'])).toMatch(/other content in B35000/);
    expect(big(world).getRange('B35000').getValue()).toBe('my total');
    expect(big(world).getRange(1, 1).getNote()).toBe(firstNote);
    expect(dataRows(world)).toBe(BEFORE);
    expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  }, 300_000);
});
