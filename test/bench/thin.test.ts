/**
 * The thin runner (bench/thin.ts) drops writes but answers getLastRow as if they were stored (a
 * continued run checks its staging sheet holds what it staged), and runs each script from the same
 * restored state: an unmeasured rehearsal, its CPU runs (one unless asked for more), then memory.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { thinWorld, type ThinPull, type ThinWorld } from '../../bench/thin';

/** A bundle whose pull makes a sheet, writes `limit` rows into it and answers its last row. */
const BUNDLE = `
function saveSettings() { return {}; }
function runReport(request) {
  var rows = request.options.limit;
  var sheet = SpreadsheetApp.getActiveSpreadsheet().insertSheet('Staged');
  var grid = [];
  for (var i = 0; i < rows; i++) grid.push([i]);
  sheet.getRange(1, 1, rows, 1).setValues(grid);
  return { rows: sheet.getLastRow() };
}
function refreshReports(calls) {
  var date = new Date(0);
  for (var i = 0; i < calls; i++) Utilities.formatDate(date, 'UTC', 'yyyy');
  return calls;
}
`;

const pull = (limit: number): ThinPull => ({
  siteId: 'site-1',
  report: 'pages/performance',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  limit,
});

let dir: string;
let file: string;
let world: ThinWorld;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-thin-'));
  file = path.join(dir, 'Code.js');
  fs.writeFileSync(file, BUNDLE);
  // The warm-up pull writes 300 rows into a sheet the restored spreadsheet makes again, same ID.
  world = thinWorld(file, pull(300), { roundTripMs: 200, collectAtSamples: false });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('thin runner', () => {
  test("a sheet's last row is what this run's dropped writes reached, not an earlier run's on the same sheet ID", () => {
    expect(world.measure(pull(20), { memory: false }).rows).toBe(20);
    expect(world.measure(pull(450)).rows).toBe(450);
    expect(world.measure(pull(5)).rows).toBe(5);
  });

  test('a memory run that ends otherwise than the measured run is an error, not a mixed result', () => {
    let runs = 0;
    // The rehearsal and the measured run commit; the memory run starts over.
    const flaky = { siteId: 'site-1', run: () => ({ rows: 1, executions: 1, outcome: runs++ < 2 ? 'committed' : 'started over' }) };
    expect(() => world.measureScript(flaky)).toThrow('the memory run ended otherwise than the measured run');
  });

  test("a script is rehearsed once before its measured run, so the fake API's page making is not in its CPU", () => {
    const started: number[] = [];
    const script = {
      siteId: 'site-1',
      prepare: () => started.push(0),
      run: () => {
        started.push(1);
        return { rows: 1, executions: 1 };
      },
    };
    world.measureScript(script, { memory: false });
    // Each run starts from its own prepared state: rehearsal, then the measured run.
    expect(started).toEqual([0, 1, 0, 1]);
  });

  test("with several CPU runs, each starts from the prepared state and the reading's CPU is the least of them", () => {
    const started: number[] = [];
    let run = 0;
    const script = {
      siteId: 'site-1',
      prepare: () => started.push(0),
      run: () => {
        started.push(1);
        // The second measured run (after the rehearsal and the first) spends about 0.3 s of CPU; the others next to none.
        if (run++ === 2) {
          const until = process.cpuUsage().user + 300_000;
          while (process.cpuUsage().user < until);
        }
        return { rows: 1, executions: 1 };
      },
    };
    const reading = world.measureScript(script, { memory: false, cpuRuns: 3 });
    expect(started).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(reading.addOnCpuRuns).toHaveLength(3);
    expect(reading.addOnCpuRuns[1]).toBeGreaterThanOrEqual(0.3);
    expect(reading.addOnCpuSeconds).toBe(Math.min(...reading.addOnCpuRuns));
    expect(reading.addOnCpuSeconds).toBeLessThan(0.3);
  });

  test("the meter's own cost around each service call is taken out, not read as the add-on's", () => {
    // 20,000 service calls and next to no work of the script's own. With the meter's cost per call
    // set absurdly high, nothing is left for the add-on: the cost is subtracted call by call.
    const script = {
      siteId: 'site-1',
      run: (s: { call(name: string, ...args: unknown[]): unknown }) => ({
        rows: s.call('refreshReports', 20_000) as number,
        executions: 1,
      }),
    };
    const calibrated = world.measureScript(script, { memory: false });
    expect(calibrated.rows).toBe(20_000);
    expect(calibrated.meterCpuSeconds).toBeGreaterThan(0);
    const priced = thinWorld(file, pull(10), { roundTripMs: 200, collectAtSamples: false, meterCost: () => 1_000 }).measureScript(script, {
      memory: false,
    });
    expect(priced.meterCpuSeconds).toBe(20);
    expect(priced.addOnCpuSeconds).toBe(0);
  });

  test('CPU runs that end differently are an error, not a reading of two kinds of work', () => {
    let runs = 0;
    const flaky = { siteId: 'site-1', run: () => ({ rows: runs++ < 2 ? 1 : 2, executions: 1 }) };
    expect(() => world.measureScript(flaky, { memory: false, cpuRuns: 3 })).toThrow('a CPU run ended otherwise than the first');
  });
});
