import type { EmulatorSnapshot } from '../../emulator';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import type { ServiceCosts, ServicePrices } from '../../emulator/service-costs';
import { DEFAULT_MODEL, servicePrices } from '../../bench/model';
import { createWorld, sheetState, type World, type WorldState } from '../hardening/world';

export const BIG = { report: 'pages/performance', siteId: 'site-big', start: '2026-10-01', end: '2026-10-31', sheetName: 'Big' };
export const OCTOBER = { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', sheetName: 'Report' };
/**
 * 58 pages of 500 rows. Page 1 comes alone, then fetchAll batches of 8, 16 and 32 pages (the fan-out
 * doubling): pages 2-57 bring 28,000 rows, so several setValues calls' worth (rowsPerCall) are written before
 * page 58 (the last, where a failure or a kill happens) is asked for.
 */
export const BIG_ROWS = 29_000;

/** A saved report of site-big's October pages, refreshed daily at 06:00 (the continued-run tests). */
export const BIG_SAVED = {
  name: 'Big pages',
  report: 'pages/performance',
  siteId: 'site-big',
  start: '2026-10-01',
  end: '2026-10-31',
  sheetName: 'Big',
  schedule: { every: 'day', hour: 6 },
};

/** Runs the schedule's trigger as Google would; `killed`: Apps Script's message if it ended the run. */
export function fireSchedule(world: World): { killed: string | null } {
  let killed: string | null = null;
  for (const t of world.emu.triggers.filter((x) => x.handler === 'onScheduleTrigger')) {
    try {
      world.emu.fireTrigger(t.id);
    } catch (error) {
      killed = String((error as Error).message);
    }
  }
  return { killed };
}

/** The status sheet's row for the only saved report, by column name. */
export function statusOf(world: World): Record<string, unknown> {
  const sheet = world.emu.spreadsheet.getSheetByName('Creator Reporting status');
  if (!sheet) return {};
  const [header, row] = sheet.getDataRange().getValues() as unknown[][];
  return Object.fromEntries((header as string[]).map((name, i) => [name, row?.[i]]));
}
export const LATE_PAGE = Math.ceil(BIG_ROWS / 500);
export const MINUTE = 60_000;

/** A world (the built bundle in the emulator) whose owner saved the demo credential. */
export function connected(): World {
  // site-big a little past the biggest pull here instead of its 120,000 pages: the fake builds and
  // sorts every page of a site in each world.
  const world = createWorld({ pageCounts: { 'site-big': BIG_ROWS + 1_000 } });
  world.connect();
  return world;
}

/** The sidebar's Run, as the page sees its outcome. */
export function run(world: World, request: object): { ok: boolean; message?: string } {
  const result = world.sidebar('runReport', [request]);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/** Every value a sheet shows (none when it does not exist). */
export function values(world: World, name: string): unknown[][] {
  const sheet = world.emu.spreadsheet.getSheetByName(name);
  return sheet ? sheet.getDataRange().getValues() : [];
}

export function sheetNames(world: World): string[] {
  return world.emu.spreadsheet.getSheets().map((s) => s.getName());
}

/**
 * The emulator's state at the moment `pull` asks for page LATE_PAGE, as Apps Script's time limit
 * would leave it (no cleanup of any kind runs); `look` sees the spreadsheet then. That page comes
 * back broken, so the run ends there: a kill is the snapshot put back, and the same pull also
 * shows what a failure at its last page does.
 */
function snapshotAtLatePage(world: World, pull: () => void, look?: () => void): EmulatorSnapshot {
  let snapshot: EmulatorSnapshot | null = null;
  world.setEdit((req: TransportRequest, res: TransportResponse) => {
    if (!snapshot && new RegExp(`page(%5B|\\[)number(%5D|\\])=${LATE_PAGE}(&|$)`).test(req.url)) {
      look?.();
      snapshot = world.emu.snapshot();
    }
    return res;
  });
  world.api.inject({ kind: 'malformed', path: `page[number]=${LATE_PAGE}` });
  pull();
  world.setEdit(null);
  world.api.clearFaults();
  if (!snapshot) throw new Error(`the pull never asked for page ${LATE_PAGE}`);
  return snapshot;
}

/** A big pull that failed at page LATE_PAGE, and what it left to look at. */
export interface LateFailure<T> {
  failed: { ok: boolean; message?: string };
  /** The spreadsheet (sheetState) before the pull and right after it failed. */
  before: string;
  afterFailure: string;
  /** What `look` saw when page LATE_PAGE was asked for. */
  seen: T;
  /** The emulator right after the failure, and where Apps Script's time limit would have killed the run. */
  failedAt: EmulatorSnapshot;
  killedAt: EmulatorSnapshot;
}

/**
 * Pulls BIG_ROWS of the big report, failing at page LATE_PAGE: one run for a failure's test and a
 * kill's (the two runs are the same up to that page).
 */
export function bigPullFailingLate<T>(world: World, look: () => T): LateFailure<T> {
  const before = sheetState(world);
  let failed: LateFailure<T>['failed'] = { ok: true };
  let seen: T | undefined;
  const killedAt = snapshotAtLatePage(
    world,
    () => {
      failed = run(world, { ...BIG, options: { limit: BIG_ROWS } });
    },
    () => {
      seen = look();
    },
  );
  return { failed, before, afterFailure: sheetState(world), seen: seen as T, failedAt: world.emu.snapshot(), killedAt };
}

/**
 * A world in the emulator's limits mode whose site-big has `rows` page rows: every sheet call
 * takes the cost model's time (`prices`, the model's own by default) times `costs.scale`.
 */
export function limitedWorld(
  rows: number,
  opts: { prices?: ServicePrices; from?: WorldState } = {},
): { world: World; costs: ServiceCosts } {
  const costs: ServiceCosts = { prices: opts.prices ?? servicePrices(DEFAULT_MODEL), scale: 1 };
  const world = createWorld({ pageCounts: { 'site-big': rows }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs, from: opts.from });
  if (!opts.from) world.connect();
  return { world, costs };
}

/** The saved report's sheet (BIG_SAVED's). */
export function bigSheet(world: World) {
  const sheet = world.emu.spreadsheet.getSheetByName('Big');
  if (!sheet) throw new Error('no sheet Big');
  return sheet;
}
