/**
 * The thin runner (bench/thin.ts) drops writes but answers getLastRow as if they were stored (a
 * continued run checks its staging sheet holds what it staged), and measures each script twice
 * (CPU, then memory) from the same restored state.
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
`;

const pull = (limit: number): ThinPull => ({
  siteId: 'site-1',
  report: 'pages/performance',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  limit,
});

let dir: string;
let world: ThinWorld;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-thin-'));
  const file = path.join(dir, 'Code.js');
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
    const flaky = { siteId: 'site-1', run: () => ({ rows: 1, executions: 1, outcome: runs++ === 0 ? 'committed' : 'started over' }) };
    expect(() => world.measureScript(flaky)).toThrow('the memory run ended otherwise than the measured run');
  });
});
