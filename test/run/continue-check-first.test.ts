/**
 * A commit that cannot hold all its reads beside its copy gives up the record's read before the
 * edit check. At 15 times the model a 30,000-row saved report stages in one execution and commits
 * in the next, a resumed write: its edit check (450,000 cells, 169 s) fits that execution beside
 * the copy, but not together with reading the new block back for its record (as much again). So
 * a value the user typed over a report cell is still found and kept, as at the usual pace.
 */
import type { World } from '../hardening/world';
import { buildBundle } from '../hardening/world';
import { BIG_SAVED, bigSheet as big, fireSchedule, limitedWorld, statusOf } from './run-helpers';

const ROWS = 30_000;
const HOUR = 3_600_000;

/** Hourly runs while the report says "Continuing" (at most `most`). */
function runWhileContinuing(world: World, most = 4): void {
  for (let run = 0; run < most; run++) {
    expect(fireSchedule(world).killed).toBeNull();
    if (statusOf(world).Outcome !== 'Continuing') return;
    world.emu.clock.advance(HOUR);
  }
}

beforeAll(() => buildBundle());

describe('a resumed refresh with time for its edit check but not for its record read too', () => {
  it('at 15 times the model, still refuses a value typed over a report cell, and keeps it', () => {
    const { world, costs } = limitedWorld(ROWS);
    expect(world.sidebar('saveReport', [BIG_SAVED])).toMatchObject({ ok: true });
    world.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
    expect(fireSchedule(world).killed).toBeNull();
    const note = big(world).getRange(1, 1).getNote();
    world.emu.runAs({ mode: 'full' }, () => big(world).getRange('C10').setValue(12345));

    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    runWhileContinuing(world);
    expect(statusOf(world).Outcome).toBe('Failed');
    expect(String(statusOf(world)['Last error'])).toMatch(/^Sheet 'Big' has cells edited in C1:C\d+, inside the report's block/);
    expect(big(world).getRange('C10').getValue()).toBe(12345);
    expect(big(world).getRange(1, 1).getNote()).toBe(note);
  }, 300_000);
});
