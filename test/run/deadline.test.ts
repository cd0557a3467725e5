/**
 * Every execution knows its deadline: a refresh whose writes would not fit the time left stops
 * at a checkpoint of its own, before Google's limit, with a message that says so, and leaves the
 * previous block exactly as it was (no staging sheet either). Run in the emulator's limits mode:
 * each sheet write and read takes the cost model's time (bench/model.ts), times `scale`.
 */
import { DEFAULT_MODEL, servicePrices } from '../../bench/model';
import type { ServiceCosts } from '../../emulator/service-costs';
import { buildBundle, createWorld } from '../hardening/world';
import { BIG, run, sheetNames, values } from './run-helpers';

const ROWS = 21_000;
const PULL = { ...BIG, options: { limit: ROWS } };

beforeAll(() => buildBundle());

function limitedWorld() {
  const costs: ServiceCosts = { prices: servicePrices(DEFAULT_MODEL), scale: 1 };
  const world = createWorld({ pageCounts: { 'site-big': ROWS }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs });
  world.connect();
  return { world, costs };
}

describe('a refresh too slow for one execution stops before the limit', () => {
  it('stops cleanly with the old block intact, and refreshes when Google is quick again', () => {
    const { world, costs } = limitedWorld();
    expect(run(world, PULL)).toEqual({ ok: true });
    const before = JSON.stringify(values(world, 'Big'));
    expect(values(world, 'Big')).toHaveLength(ROWS + 1);

    // Google 60 times slower than the model: the first call's 13,333 rows take two minutes, and
    // the rest with the commit (copy and check) cannot fit in the six.
    costs.scale = 60;
    const slow = run(world, PULL);
    expect(slow.ok).toBe(false);
    expect(slow.message).toMatch(
      /too big for one run: [\d,]+ rows were written when the next [\d,]+ would have passed .* the previous data is unchanged/,
    );
    expect(slow.message).not.toMatch(/Exceeded maximum execution time/);
    expect(JSON.stringify(values(world, 'Big'))).toBe(before);
    expect(sheetNames(world).filter((name) => /staging/i.test(name))).toEqual([]);

    costs.scale = 1;
    expect(run(world, PULL)).toEqual({ ok: true });
    expect(values(world, 'Big')).toHaveLength(ROWS + 1);
  });
});
