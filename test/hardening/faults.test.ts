/**
 * API faults, latency and schema drift against the built bundle: each ends in the fault-free
 * data or a clear message; a failed sidebar run leaves the target sheet byte-identical; no secret
 * leaks anywhere under any of them.
 */
import { applyFaults, DRIFT_CASES, FAULT_ROWS, FAULT_WORLD, LATENCY_ROWS, SITE } from './fault-matrix';
import { allSecrets, buildBundle, createWorld, expectClearMessage, findSecrets, sheetState, type World, type WorldState } from './world';

const OCTOBER = [SITE, '2026-10-01', '2026-10-31'] as const;
const RUN = { report: 'pages/performance', siteId: SITE, start: '2026-10-01', end: '2026-10-31', sheetName: 'Report' };
const PREVIOUS = { ...RUN, start: '2026-09-01', end: '2026-09-30' };

function sheetValues(world: World, name = 'Report'): unknown[][] {
  const sheet = world.emu.spreadsheet.getSheetByName(name);
  return sheet ? sheet.getDataRange().getValues() : [];
}

/** The owner connected and formulas allowed; the sidebar one has last month's report in "Report". */
function prepare(surface: 'formula' | 'sidebar'): WorldState {
  const world = createWorld(FAULT_WORLD);
  world.connect();
  if (surface === 'sidebar') {
    const first = world.sidebar('runReport', [PREVIOUS]);
    if (!first.ok) throw new Error(`setup run failed: ${first.message}`);
  }
  // Later: the token minted so far has expired, so the call under test mints one (and meets token faults).
  world.emu.clock.advance(10 * 60_000);
  return world.save();
}

const prepared: Partial<Record<'formula' | 'sidebar', WorldState>> = {};

/** A world as prepare() leaves it, set up once per surface and restored for each case. */
function ready(surface: 'formula' | 'sidebar'): World {
  prepared[surface] ??= prepare(surface);
  return createWorld({ ...FAULT_WORLD, from: prepared[surface] });
}

/** One cell as toEqual sees it: a Date (from either vm realm) by its time, anything else as itself. */
function sameCell(a: unknown, b: unknown): boolean {
  const time = (v: unknown) => (Object.prototype.toString.call(v) === '[object Date]' ? (v as Date).getTime() : v);
  return Object.is(time(a), time(b));
}

function expectNoSecrets(world: World): void {
  expect(findSecrets(world, allSecrets(world))).toEqual([]);
}

function expectNoFormulaCoercions(world: World): void {
  expect(
    world.emu.spreadsheet.coercions.filter((c) => c.outcome !== 'text (apostrophe)' && c.outcome !== 'text (plain-text format)'),
  ).toEqual([]);
}

let formulaBaseline: unknown[][];
let sidebarBaseline: unknown[][];

beforeAll(async () => {
  await buildBundle();
  const f = ready('formula').formula('CREATOR_PAGE_PERFORMANCE', ...OCTOBER);
  if (!f.ok) throw new Error(`baseline formula failed: ${f.message}`);
  formulaBaseline = f.value;
  const s = ready('sidebar');
  const r = s.sidebar('runReport', [RUN]);
  if (!r.ok) throw new Error(`baseline run failed: ${r.message}`);
  sidebarBaseline = sheetValues(s);
}, 120_000);

describe('API faults: a formula (CREATOR_PAGE_PERFORMANCE, 3 pages)', () => {
  test.each(FAULT_ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const world = ready('formula');
    applyFaults(world.api, row);
    const result = world.formula('CREATOR_PAGE_PERFORMANCE', ...OCTOBER);
    if (row.formula === 'data') {
      expect(result).toEqual({ ok: true, value: formulaBaseline });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expectClearMessage(result.message, row.formula);
    }
    expectNoSecrets(world);
  });
});

describe('API faults: the sidebar runReport (3 pages into a sheet holding last month)', () => {
  test.each(FAULT_ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const world = ready('sidebar');
    const before = sheetState(world);
    applyFaults(world.api, row);
    const result = world.sidebar('runReport', [RUN]);
    if (row.sidebar === 'data') {
      expect(result.ok ? null : result.message).toBeNull();
      expect(sheetValues(world)).toEqual(sidebarBaseline);
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expectClearMessage(result.message, row.sidebar);
      expect(sheetState(world)).toBe(before);
    }
    expectNoFormulaCoercions(world);
    expectNoSecrets(world);
  });
});

describe('slow answers against the time budget', () => {
  test.each(LATENCY_ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const world = ready(row.surface);
    const before = sheetState(world);
    world.api.inject(row.fault);
    // Another site's report goes to its own sheet: the one holding the previous run is SITE's.
    const sheetName = row.siteId === PREVIOUS.siteId ? 'Report' : `Report - ${row.siteId}`;
    const args = { report: row.report, siteId: row.siteId, start: '2026-10-01', end: '2026-10-31', sheetName };
    const result =
      row.surface === 'formula'
        ? world.formula('CREATOR_REPORT', row.report, row.siteId, '2026-10-01', '2026-10-31')
        : world.sidebar('runReport', [args]);
    if (row.expect === 'data') {
      expect(result.ok ? null : result.message).toBeNull();
      const clean = ready(row.surface);
      const expected =
        row.surface === 'formula'
          ? clean.formula('CREATOR_REPORT', row.report, row.siteId, '2026-10-01', '2026-10-31')
          : clean.sidebar('runReport', [args]);
      expect(expected.ok).toBe(true);
      if (row.surface === 'formula') expect(result.ok && result.value).toEqual(expected.ok && expected.value);
      else expect(sheetValues(world, sheetName)).toEqual(sheetValues(clean, sheetName));
    } else {
      // Never Google's own kill or a generic error: a sentence that says what to do.
      expect(result.ok).toBe(false);
      if (!result.ok) expectClearMessage(result.message, row.expect);
      if (row.surface === 'sidebar') expect(sheetState(world)).toBe(before);
    }
    expectNoSecrets(world);
  });
});

describe('schema drift: reports through CREATOR_REPORT keep the numbers truthful', () => {
  const headerIndex = (grid: unknown[][], label: RegExp) => (grid[0] as string[]).findIndex((h) => label.test(String(h)));
  const baselines = new Map<string, unknown[][]>();
  const baseline = (report: string): unknown[][] => {
    if (!baselines.has(report)) {
      const r = ready('formula').formula('CREATOR_REPORT', report, ...OCTOBER);
      if (!r.ok) throw new Error(`baseline ${report} failed: ${r.message}`);
      baselines.set(report, r.value);
    }
    return baselines.get(report)!;
  };

  test.each(DRIFT_CASES.map((r) => [r.name, r.report, r] as const))('%s: %s', (_name, report, row) => {
    const base = baseline(report);
    const world = ready('formula');
    world.api.setQuirks(row.quirks);
    const result = world.formula('CREATOR_REPORT', report, ...OCTOBER);
    expect(result.ok ? null : result.message).toBeNull();
    if (!result.ok) return;
    const grid = result.value;
    expect(grid.length).toBe(base.length);
    // Cells are gathered and compared once: an expect per cell costs seconds on 1,200 rows.
    const junk = grid.flat().filter((cell) => /\[object Object\]|^NaN$|^undefined$|^null$/.test(String(cell)));
    expect(junk).toEqual([]);
    const header = grid[0] as string[];
    const baseHeader = base[0] as string[];
    // Every fault-free column is still there with the same values, except where the drift removed the field.
    const differences: unknown[][] = [];
    for (const [i, label] of baseHeader.entries()) {
      const j = header.indexOf(label);
      expect([label, j >= 0]).toEqual([label, true]);
      for (let r = 1; r < grid.length; r++) {
        const was = base[r][i];
        const now = grid[r][j];
        const emptied = row.quirks.missingRpm && /^RPM$/i.test(label) && now === '';
        if (emptied ? !(was === '' || was === 0) : !sameCell(now, was)) differences.push([label, r, now, was]);
      }
    }
    expect(differences).toEqual([]);
    // `revenue` is a catalog alias of `earnings`: read into Earnings, not a second column.
    if (row.quirks.renamedField) expect(headerIndex(grid, /revenue/i)).toBe(-1);
    if (row.quirks.extraField) expect(headerIndex(grid, /new ?metric/i)).toBeGreaterThan(baseHeader.length - 1);
    if (row.quirks.objectForNumber) expect(headerIndex(grid, /pageviews.*score/i)).toBeGreaterThanOrEqual(0);
    expectNoSecrets(world);
  });
});
