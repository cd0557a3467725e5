/**
 * The benchmark harness on tiny sizes: it runs every scenario against the real bundle, produces
 * well-formed results and a table, and writes only its own span of docs/performance.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runBench } from '../../bench/bench';
import { renderMarkdown } from '../../bench/report';
import { END, START, withTable } from '../../bench/performance-page';
import { SCENARIO_NAMES, type BenchResults } from '../../bench/results';
import { builtAddOn } from '../helpers/built';

let results: BenchResults;

beforeAll(async () => {
  results = runBench({ bundleFile: builtAddOn().code, quick: true, inProcess: true });
});

describe('bench harness (quick sizes)', () => {
  test('every scenario is reported, measured or with a reason', () => {
    for (const name of SCENARIO_NAMES) {
      const r = results.scenarios[name];
      expect([name, ['measured', 'not-measurable', 'failed'].includes(r.status)]).toEqual([name, true]);
      if (r.status !== 'measured') expect(r.reason).toEqual(expect.any(String));
    }
    // A stub may be "not measurable"; a failure (the harness, or the add-on erroring) must show here.
    for (const name of SCENARIO_NAMES) expect({ name, ...results.scenarios[name] }).not.toMatchObject({ status: 'failed' });
  });

  test('the numbers hang together when measured', () => {
    const { formulasCold: cold, formulasWarm: warm, bigPull, savedReports, scheduledRefresh } = results.scenarios;
    if (cold.status === 'measured') {
      expect(cold.metrics.formulas).toBe(6);
      expect(cold.metrics.fetches).toBeGreaterThanOrEqual(cold.metrics.distinctRequests!);
    }
    if (warm.status === 'measured') expect(warm.metrics.formulas).toBe(6);
    if (bigPull.status === 'measured') {
      const m = bigPull.metrics;
      expect(m.rows).toBe(1203);
      expect(m.sequentialRows).toBe(m.rows);
      expect(m.sequentialRoundTrips).toBeGreaterThanOrEqual(m.pages!);
      expect(m.simulatedSeconds).toBeCloseTo(m.networkSeconds! + m.writeSeconds!, 1);
      expect(m.cpuSeconds).toBeGreaterThan(0);
      expect(m.peakMemoryMB).toBeGreaterThan(0);
    }
    if (scheduledRefresh.status === 'measured') expect(scheduledRefresh.metrics.reports).toBe(2);
    if (savedReports.status === 'measured') {
      const { ledger = [], resumed = [] } = savedReports.metrics;
      // Ten days of 100 pages, refreshed the next day: the 7-day window, the last day and the new one pulled again.
      expect(ledger.map((z) => [z.rows, z.rowsPulled, z.executions, z.readCells > 0])).toEqual([[1000, 900, 1, true]]);
      expect(resumed.map((z) => [z.rows, z.finished, z.executions, z.killed])).toEqual([[1203, true, 1, 0]]);
      // The limits mode's charged time is Google's work, priced once by the model: the network is round trips only.
      for (const z of [...ledger, ...resumed]) {
        expect(z.networkSeconds).toBeCloseTo((z.roundTrips * results.model.latencyMs) / 1000, 1);
        expect(z.simulatedSeconds).toBeGreaterThan(z.networkSeconds);
      }
    }
  });

  test('targets are judged and summed, and the results are plain JSON', () => {
    expect(results.targets.length).toBeGreaterThanOrEqual(10);
    for (const t of results.targets) expect(['met', 'missed', 'not measurable']).toContain(t.status);
    const { met, missed } = results.summary;
    expect(met + missed + results.summary['not measurable']).toBe(results.targets.length);
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
  });

  test('the table names every scenario and target', () => {
    const table = renderMarkdown(results);
    for (const name of SCENARIO_NAMES) expect(table).toContain(`\`${name}\``);
    expect(table).toContain(results.model.description);
    expect(table.split('\n').filter((l) => /\| (met|\*\*missed\*\*|not measurable) \|$/.test(l))).toHaveLength(results.targets.length);
  });
});

describe('bench harness against stubs', () => {
  test('a piece that is still a stub is reported as not measurable, never as numbers', () => {
    const stub = (name: string) => `function ${name}() { throw new Error('Not built yet.'); }`;
    const code = [
      'function saveSettings() { return {}; }',
      ...['CREATOR_EARNINGS', 'CREATOR_TRAFFIC_SUMMARY', 'CREATOR_TRAFFIC_BY_DEVICE', 'runReport', 'saveReport'].map(stub),
    ].join('\n');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stub-')), 'Code.js');
    fs.writeFileSync(file, code);
    const stubbed = runBench({ bundleFile: file, quick: true, inProcess: true });
    for (const name of SCENARIO_NAMES) expect([name, stubbed.scenarios[name].status]).toEqual([name, 'not-measurable']);
    expect(stubbed.summary).toEqual({ met: 0, missed: 0, 'not measurable': stubbed.targets.length });
    expect(renderMarkdown(stubbed)).toContain('Not built yet');
  });
});

describe('docs/performance.md table', () => {
  test('replaces only the span between the markers', () => {
    const readme = `# X\n\n## Performance\n\nWords.\n\n${START}\nold\n${END}\n\nMore words.\n\n## Next\n`;
    const next = withTable(readme, 'new');
    expect(next).toBe(readme.replace('old', 'new'));
    expect(withTable(next, 'new')).toBe(next);
  });

  test('adds the markers under an existing heading, or the section at the end', () => {
    expect(withTable('# X\n\n## Performance\n\nWords.\n', 'T')).toBe(`# X\n\n## Performance\n\n${START}\nT\n${END}\n\nWords.\n`);
    expect(withTable('# X\n', 'T')).toBe(`# X\n\n## Performance\n\n${START}\nT\n${END}\n`);
  });
});
