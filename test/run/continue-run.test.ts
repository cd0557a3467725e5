/**
 * A saved report too big for one execution refreshes across several: each execution stops at a
 * checkpoint before Google's limit, keeps its staging sheet as the run's, says "continuing", and
 * the next hourly trigger goes on from there; the old block stays exactly as it was until the
 * whole report is in, and the committed block has every row once. Run in the emulator's limits
 * mode (each sheet write and read takes the cost model's time, times `scale`; past six minutes
 * the emulator kills the execution with Google's message).
 */
import { COPY_CITED, DEFAULT_MODEL, servicePrices } from '../../bench/model';
import type { ServiceCosts, ServicePrices } from '../../emulator/service-costs';
import { buildBundle, createWorld, type World, type WorldState } from '../hardening/world';
import { BIG_SAVED, fireSchedule, sheetNames, statusOf } from './run-helpers';

const ROWS = 240_000;
const HOUR = 3_600_000;
/** A copy priced as a write (the model as of 934d894), or at a third (the cited measurement). */
const AS_WRITE = servicePrices(DEFAULT_MODEL);
const CITED = servicePrices({ ...DEFAULT_MODEL, ...COPY_CITED });

function limitedWorld(prices: ServicePrices, from?: WorldState): { world: World; costs: ServiceCosts } {
  const costs: ServiceCosts = { prices, scale: 1 };
  const world = createWorld({ pageCounts: { 'site-big': ROWS }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs, from });
  if (!from) world.connect();
  return { world, costs };
}

/** The saved report after its first pull (22 November, the model's own prices), and its block. */
let pulled: WorldState;
let first: Block;
beforeAll(() => {
  buildBundle();
  const { world } = limitedWorld(AS_WRITE);
  const saved = world.sidebar<{ id: string }>('saveReport', [BIG_SAVED]);
  expect(saved).toMatchObject({ ok: true });
  expect(world.emu.triggers.length).toBe(1);
  // 06:00 in New York on 22 November is due.
  world.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
  expect(fireSchedule(world).killed).toBeNull();
  first = blockState(world);
  expect(first.rows).toBe(ROWS);
  expect(first.distinct).toBe(ROWS);
  pulled = world.save();
}, 300_000);

interface Block {
  rows: number;
  hash: string;
  note: string;
  distinct: number;
}

/** The block as one string's hash, and its first cell's note (the refresh time is in it). */
function blockState(world: World): Block {
  const sheet = world.emu.spreadsheet.getSheetByName('Big');
  if (!sheet) return { rows: 0, hash: '', note: '', distinct: 0 };
  const values = sheet.getDataRange().getValues();
  const seen = new Set<string>();
  let h = 2166136261;
  for (const row of values) {
    const text = JSON.stringify(row);
    seen.add(text);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  }
  return { rows: values.length - 1, hash: (h >>> 0).toString(36), note: sheet.getRange(1, 1).getNote(), distinct: seen.size - 1 };
}

function savedCard(world: World): { continuingText?: string | null; outcome: string } {
  const listed = world.sidebar<{ reports: Array<{ status: { continuingText?: string | null; outcome: string } }> }>('listReports');
  if (!listed.ok) throw new Error(listed.message);
  return listed.value.reports[0].status;
}

/** Document properties the add-on keeps for runs that continue. */
function checkpointKeys(world: World): string[] {
  return world.emu
    .runAs({}, () => world.emu.globals.PropertiesService.getDocumentProperties().getKeys())
    .filter((k: string) => k.startsWith('cr.continue.'));
}

/**
 * Hourly runs from the clock's time until the report commits (at most `most`): after each one that
 * does not, the block is exactly `before`, the status and the saved card say "continuing", and the
 * run's staging sheet is kept. Returns what each said and how many runs it took (the committing one too).
 */
function continueUntilDone(world: World, before: Block, most = 12): { said: string[]; executions: number } {
  const said: string[] = [];
  for (let executions = 1; executions <= most; executions++) {
    expect(fireSchedule(world).killed).toBeNull();
    const now = blockState(world);
    if (now.note !== before.note) return { said, executions };
    // Not committed: the block is exactly the previous one, and the run says how far it is.
    expect(now.hash).toBe(before.hash);
    const status = statusOf(world);
    expect(status.Outcome).toBe('Continuing');
    said.push(String(status['Last error']));
    expect(savedCard(world).continuingText).toMatch(/^continuing: [\d,]+ of 240,000 rows; done about /);
    // Its staging sheet is kept, hidden, for the next execution.
    expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toHaveLength(1);
    world.emu.clock.advance(HOUR);
  }
  throw new Error(`not committed after ${most} executions: ${said.join(' | ')}`);
}

/** The committed block: every row once, the same rows as the first pull, nothing of the run left. */
function expectCommitted(world: World): void {
  const done = blockState(world);
  expect(done.rows).toBe(ROWS);
  expect(done.distinct).toBe(ROWS);
  expect(done.hash).toBe(first.hash);
  expect(statusOf(world).Outcome).toBe('OK');
  expect(savedCard(world).continuingText ?? null).toBeNull();
  expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  expect(checkpointKeys(world)).toEqual([]);
}

/** The run refused as too big for one block, with its size and what to do; `block` as it was, nothing of the run left. */
function expectRefusedTooBig(world: World, block: Block): Record<string, unknown> {
  const status = statusOf(world);
  expect(status.Outcome).toBe('Failed');
  expect(String(status['Last error'])).toMatch(
    /^This report has 240,000 rows of 15 columns \(3,600,015 cells\): .* about \d+ minutes .* The previous data is unchanged\. Save it as a history report .* or use a shorter date range\.$/,
  );
  expect(blockState(world)).toEqual(block);
  expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  expect(checkpointKeys(world)).toEqual([]);
  expect(savedCard(world).continuingText ?? null).toBeNull();
  return status;
}

describe('a saved report too big for one execution continues in the next', () => {
  it('refreshes 240,000 rows: in one execution at 3 times the model, across several at 10 times, old data intact until the commit', () => {
    const { world, costs } = limitedWorld(AS_WRITE, pulled);
    // The next day at every cost times 3: one execution, never killed.
    costs.scale = 3;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    expect(fireSchedule(world).killed).toBeNull();
    const second = blockState(world);
    expect(second.rows).toBe(ROWS);
    expect(second.hash).toBe(first.hash);
    expect(second.note).not.toBe(first.note);
    expect(statusOf(world).Outcome).toBe('OK');

    // The day after at times 10: one execution cannot stage it (360 s of writes); hourly runs go on until it is in.
    costs.scale = 10;
    world.emu.clock.set(Date.parse('2026-11-24T11:05:00Z'));
    const { said, executions } = continueUntilDone(world, second);
    expect(executions).toBeGreaterThan(1);
    expect(said.every((text) => /continuing: [\d,]+ of 240,000 rows/.test(text))).toBe(true);
    expectCommitted(world);
  });

  it.each([
    ['a copy a third of a write (the cited figure)', CITED],
    ['a copy priced as a write', AS_WRITE],
  ])('at 15 times the model, with %s, stages across executions and commits, the unchanged rows left in place', (_, prices) => {
    const { world, costs } = limitedWorld(prices, pulled);
    costs.scale = 15;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    // A value typed over a row the refresh leaves in place (checked by its samples, not cell by cell) stays.
    const typed = world.emu.spreadsheet.getSheetByName('Big')?.getRange(5, 2);
    const original = typed?.getValue();
    typed?.setValue('checked by hand');
    const before = blockState(world);
    const { said, executions } = continueUntilDone(world, before);
    // The staging takes two executions or more (540 s of writes), each saying how far it is; the
    // commit copies no row that did not change (a whole copy as a write would be 540 s).
    expect(executions).toBeGreaterThan(1);
    const counts = said.map((text) => Number(/^continuing: ([\d,]+) of 240,000 rows/.exec(text)?.[1].replace(/,/g, '')));
    expect(counts.every((n, i) => n > 0 && (i === 0 || n >= counts[i - 1]))).toBe(true);
    expect(typed?.getValue()).toBe('checked by hand');
    typed?.setValue(original);
    expectCommitted(world);
  });

  it('at 15 times the model, with a copy priced as a write, a window moved a day on (every row changed) is refused at once with a clear message, the old data kept', () => {
    const { world, costs } = limitedWorld(AS_WRITE, pulled);
    const listed = world.sidebar<{ reports: Array<{ id: string }> }>('listReports');
    if (!listed.ok) throw new Error(listed.message);
    const moved = world.sidebar('saveReport', [{ ...BIG_SAVED, id: listed.value.reports[0].id, start: '2026-10-02', end: '2026-11-01' }]);
    expect(moved).toMatchObject({ ok: true });
    costs.scale = 15;
    // The first rows staged already differ from the old block's: the whole copy (540 s) is judged
    // after the first chunk, and no execution could hold it.
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    expect(fireSchedule(world).killed).toBeNull();
    expectRefusedTooBig(world, first);
  });

  it('at 15 times the model, with a copy priced as a write, a block the user sorted (every row to copy) is refused with a clear message, the old data kept', () => {
    const { world, costs } = limitedWorld(AS_WRITE, pulled);
    world.emu.spreadsheet.getSheetByName('Big')?.getRange(2, 1, ROWS, 15).sort({ column: 3, ascending: true });
    const sorted = blockState(world);
    expect(sorted.hash).not.toBe(first.hash);
    costs.scale = 15;
    for (const day of ['2026-11-23', '2026-11-24']) {
      // The copy (3.6 M cells, 540 s) is more than any execution has: found at the commit, after the rows are staged.
      world.emu.clock.set(Date.parse(`${day}T11:05:00Z`));
      for (let run = 0; run < 4; run++) {
        expect(fireSchedule(world).killed).toBeNull();
        if (statusOf(world).Outcome !== 'Continuing') break;
        world.emu.clock.advance(HOUR);
      }
      const status = expectRefusedTooBig(world, sorted);
      // Not tried again before the next day's run.
      world.emu.clock.advance(HOUR);
      expect(fireSchedule(world).killed).toBeNull();
      expect(statusOf(world)).toEqual(status);
    }
  });
});
