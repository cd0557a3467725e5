/**
 * A pull of one site without totals or a comparison is streamed: each batch of pages is converted
 * and written as it arrives (a refresh: staged on a hidden sheet; a first pull into a new sheet:
 * straight there, see direct-pull.test.ts), and the block lands at the end. These run the built
 * bundle in the emulator and look at what the user would see: the sheet, the block's note, every
 * row there, and that a failure leaves everything as it was (no staging sheet either), and a kill
 * (Apps Script's time limit: no cleanup runs) the previous block and a hidden staging sheet.
 */
import { buildBundle, expectClearMessage, type World } from '../hardening/world';
import { BIG, BIG_ROWS, bigPullFailingLate, connected, type LateFailure, MINUTE, OCTOBER, run, sheetNames, values } from './run-helpers';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { rowsPerCall } from '../../src/sheet/staged-values';

const stagingSheets = (world: World): string[] => sheetNames(world).filter((name) => /staging/i.test(name));

function note(world: World, name: string): string {
  return world.emu.spreadsheet.getSheetByName(name)?.getRange('A1').getNote() ?? '';
}

/** The page number a request for a page asks for, or null. */
function pageOf(req: TransportRequest): number | null {
  const match = /page%5Bnumber%5D=(\d+)|page\[number\]=(\d+)/.exec(req.url);
  return match ? Number(match[1] ?? match[2]) : null;
}

/** Rows of pages from `from` on get `edit` applied (the API's shape changing mid-pull). */
function editRowsFrom(world: World, from: number, edit: (row: Record<string, unknown>, page: number) => void): void {
  world.setEdit((req: TransportRequest, res: TransportResponse) => {
    const page = pageOf(req);
    if (page === null || page < from || res.status !== 200 || !req.url.includes('pages/performance')) return res;
    const body = JSON.parse(res.body) as { data: Array<Record<string, unknown>> };
    for (const row of body.data) edit(row, page);
    return { ...res, body: JSON.stringify(body) };
  });
}

function column(grid: unknown[][], header: string): unknown[] {
  const at = grid[0].indexOf(header);
  if (at < 0) throw new Error(`no column ${header} in ${grid[0].join(', ')}`);
  return grid.slice(1).map((row) => row[at]);
}

beforeAll(async () => {
  await buildBundle();
}, 120_000);

describe('a streamed pull (one site, no totals, no comparison)', () => {
  describe('a big refresh whose last page fails, or that is killed there', () => {
    /**
     * One refresh of the big report for two tests: its last page comes back broken after a batch of
     * 20,000 rows was staged, and the spreadsheet as it was when that page was asked for is where
     * Apps Script's time limit kills the second test's run (the same run up to that moment).
     */
    let world: World;
    let blockBefore: unknown[][];
    let staged: number;
    let late: LateFailure<unknown[][]>;
    beforeAll(() => {
      world = connected();
      expect(run(world, { ...BIG, options: { limit: 1_000 } })).toEqual({ ok: true });
      blockBefore = values(world, 'Big');
      const written = world.emu.counters.setValuesCells;
      late = bigPullFailingLate(world, () => values(world, 'Big'));
      staged = world.emu.counters.setValuesCells - written;
    }, 120_000);

    it('fails after rows were staged: the previous block, its note and every sheet stay as they were, and no staging sheet is left', () => {
      expect(late.failed.ok).toBe(false);
      expectClearMessage(late.failed.message ?? '');
      // The staging really happened (so this is the case under test), and none of it shows.
      expect(staged).toBeGreaterThanOrEqual(rowsPerCall(blockBefore[0].length) * blockBefore[0].length);
      expect(late.afterFailure).toBe(late.before);
      world.emu.restore(late.failedAt);
      expect(stagingSheets(world)).toEqual([]);
      expect(values(world, 'Big')).toHaveLength(1_001);

      // The next run, without the fault, writes every row once.
      expect(run(world, { ...BIG, options: { limit: BIG_ROWS } })).toEqual({ ok: true });
      const grid = values(world, 'Big');
      expect(grid).toHaveLength(BIG_ROWS + 1);
      const urls = column(grid, 'Page URL');
      expect(new Set(urls).size).toBe(BIG_ROWS);
      expect(note(world, 'Big')).toContain(`Rows: ${BIG_ROWS} (limited`);
      // The first rows are the same as a pull of just those rows (one batch, decided whole).
      const small = connected();
      expect(run(small, { ...BIG, options: { limit: 500 } })).toEqual({ ok: true });
      expect(grid.slice(0, 501)).toEqual(values(small, 'Big'));
      expect(stagingSheets(world)).toEqual([]);
    }, 120_000);

    it('keeps the previous rows in view while it runs; killed midway, it leaves them as they were and a hidden staging sheet that a later run removes after 6 minutes', () => {
      world.emu.restore(late.killedAt);
      expect(late.seen).toEqual(blockBefore);
      expect(values(world, 'Big')).toEqual(blockBefore);
      expect(stagingSheets(world)).toHaveLength(1);
      expect(world.emu.spreadsheet.getSheetByName(stagingSheets(world)[0])!.isSheetHidden()).toBe(true);

      // Within 6 minutes its run could still be going: another report's run leaves it.
      world.emu.clock.advance(5 * MINUTE);
      expect(run(world, OCTOBER)).toEqual({ ok: true });
      expect(stagingSheets(world)).toHaveLength(1);
      // Later, any write removes it.
      world.emu.clock.advance(2 * MINUTE);
      expect(run(world, { ...OCTOBER, sheetName: 'Report 2' })).toEqual({ ok: true });
      expect(stagingSheets(world)).toEqual([]);
      expect(values(world, 'Big')).toEqual(blockBefore);
    }, 120_000);
  });

  it('a field first seen in a later batch: the pull starts again whole, and the sheet has every row and the new column', () => {
    const reference = connected();
    expect(run(reference, OCTOBER)).toEqual({ ok: true });
    const plain = values(reference, 'Report');
    const world = connected();
    editRowsFrom(world, 2, (row, page) => {
      row.editorNote = `checked on page ${page}`;
    });
    expect(run(world, OCTOBER)).toEqual({ ok: true });
    const grid = values(world, 'Report');
    expect(grid).toHaveLength(plain.length);
    const notes = column(grid, 'Editor note');
    // Page 1's 500 rows have none; the rest have theirs.
    expect(notes.slice(0, 500).every((v) => v === '')).toBe(true);
    expect(notes.slice(500).every((v) => typeof v === 'string' && v.startsWith('checked on page'))).toBe(true);
    // Every other column is as before.
    expect(grid.map((row) => row.filter((_, i) => i !== grid[0].indexOf('Editor note')))).toEqual(plain);
    expect(stagingSheets(world)).toEqual([]);
  }, 60_000);

  it('a score first sent in a later batch: the score column is there, filled for the rows that had one', () => {
    const reference = connected();
    reference.api.setDrift({ viewabilityValueOnly: true });
    expect(run(reference, OCTOBER)).toEqual({ ok: true });
    expect(values(reference, 'Report')[0]).not.toContain('Viewability score');
    const world = connected();
    world.api.setDrift({ viewabilityValueOnly: true });
    editRowsFrom(world, 3, (row) => {
      const v = row.viewability as { value: unknown };
      row.viewability = { value: v.value, score: 42 };
    });
    expect(run(world, OCTOBER)).toEqual({ ok: true });
    const grid = values(world, 'Report');
    const scores = column(grid, 'Viewability score');
    expect(scores.slice(0, 1000).every((v) => v === '')).toBe(true);
    expect(scores.slice(1000).every((v) => v === 42)).toBe(true);
    expect(grid).toHaveLength(1204);
  }, 60_000);

  describe("a catalog field and scores the first pages lack (the fake's sparseLowTraffic shape, pages sorted by impressions)", () => {
    const SPARSE = { ...OCTOBER, options: { sort: 'impressions' } };
    const pageRequests = (world: World): number => world.api.stats.log.filter((e) => e.path.endsWith('/pages/performance')).length;
    function sparse(): World {
      const world = connected();
      world.api.setDrift({ sparseLowTraffic: true });
      return world;
    }

    it('fill their columns when later pages bring them, without fetching the pages again', () => {
      const world = sparse();
      expect(run(world, SPARSE)).toEqual({ ok: true });
      const grid = values(world, 'Report');
      expect(grid).toHaveLength(1204);
      // The same columns, in the same order, as the default shape's pull.
      const reference = connected();
      expect(run(reference, SPARSE)).toEqual({ ok: true });
      expect(grid[0]).toEqual(values(reference, 'Report')[0]);
      const impressions = column(grid, 'Impressions') as number[];
      const viewability = column(grid, 'Viewability');
      const cpmScores = column(grid, 'CPM score');
      // The whole first page is low traffic: no viewability, no scores there.
      expect(impressions.slice(0, 500).every((n) => n < 1_000)).toBe(true);
      expect(viewability.slice(0, 500).every((v) => v === '')).toBe(true);
      expect(cpmScores.slice(0, 500).every((v) => v === '')).toBe(true);
      const busy = impressions.map((n, i) => (n >= 1_000 ? i : -1)).filter((i) => i >= 0);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.every((i) => typeof viewability[i] === 'number' && typeof cpmScores[i] === 'number')).toBe(true);
      // Three pages, each asked for once.
      expect(pageRequests(world)).toBe(3);
      expect(stagingSheets(world)).toEqual([]);
    }, 60_000);

    it('leave their columns out when no page brings them, as a pull of the whole table does', () => {
      const world = sparse();
      const limited = { ...SPARSE, options: { ...SPARSE.options, limit: 600 } };
      expect(run(world, limited)).toEqual({ ok: true });
      const grid = values(world, 'Report');
      expect(grid[0]).not.toContain('Viewability');
      expect(grid[0]).not.toContain('CPM score');
      // With totals the rows are tabled whole (not streamed): the same header and rows, then the total.
      const whole = sparse();
      expect(run(whole, { ...limited, options: { ...limited.options, totals: true } })).toEqual({ ok: true });
      const wholeGrid = values(whole, 'Report');
      expect(wholeGrid.slice(0, 601)).toEqual(grid);
      expect(pageRequests(world)).toBe(2);
    }, 60_000);
  });

  it('an unknown field of whole numbers that later batches send with fractions keeps every value and shows decimals', () => {
    const world = connected();
    editRowsFrom(world, 1, (row, page) => {
      row.readMinutes = page === 1 ? 3 : 3.25;
    });
    expect(run(world, OCTOBER)).toEqual({ ok: true });
    const grid = values(world, 'Report');
    const minutes = column(grid, 'Read minutes');
    expect(minutes.slice(0, 500).every((v) => v === 3)).toBe(true);
    expect(minutes.slice(500).every((v) => v === 3.25)).toBe(true);
    const sheet = world.emu.spreadsheet.getSheetByName('Report')!;
    const at = grid[0].indexOf('Read minutes') + 1;
    expect(sheet.getRange(2, at).getNumberFormat()).toBe('#,##0.00');
    expect(sheet.getRange(1000, at).getDisplayValue()).toBe('3.25');
  }, 60_000);
});
