/** Markdown for the console and docs/performance.md, from bench-results.json's shape. */
import { refreshVsFirstPull } from '../src/sheet/refresh-cost';
import { COPY_CITED, type LatencyModel } from './model';
import type { BenchResults, ScenarioName, TargetStatus } from './results';
import type { PullSize, PullSizesMetrics } from './scenarios/pull-sizes';
import type { SavedReportsMetrics, SavedRun } from './scenarios/saved-reports';
import type { ScenarioResult } from './scenarios/types';

const MARK: Record<TargetStatus, string> = { met: 'met', missed: '**missed**', 'not measurable': 'not measurable' };

const n = (v: unknown): string => (typeof v === 'number' ? v.toLocaleString('en-US') : v === undefined ? '–' : String(v));

function line(name: ScenarioName, r: ScenarioResult): string {
  const m = r.metrics as Record<string, number | undefined>;
  if (r.status !== 'measured') return `| \`${name}\` | ${r.status}: ${escapeCell(r.reason ?? '')} |`;
  let text: string;
  switch (name) {
    case 'formulasCold':
    case 'formulasWarm':
      text =
        `${n(m.formulas)} formulas over ${n(m.sites)} sites: ${n(m.tokenMints)} token mint(s), ${n(m.fetches)} fetches ` +
        `(${n(m.distinctRequests)} distinct + ${n(m.sitesBoundsCalls)} date-bounds), ${n(m.cacheHits)} cache hits, ` +
        `${n(m.simulatedSeconds)} s simulated in all, longest formula ${n(m.longestFormulaSeconds)} s`;
      break;
    case 'bigPull':
      text =
        `${n(m.rows)} rows in ${n(m.pages)} pages (fan-out ${n(m.fanOut)}): ${n(m.fetches)} fetches in ${n(m.roundTrips)} round trips ` +
        `(${n(m.overheadRoundTrips)} carrying no page: the token, and sites or date bounds when needed first), ` +
        `${n(m.setValuesCalls)} setValues calls, ${n(m.readCalls)} reads of ${n(m.readCells)} cells; ${n(m.simulatedSeconds)} s simulated (${n(m.networkSeconds)} s network + ${n(m.writeSeconds)} s sheet, cache and properties); ` +
        `${n(m.formatCalls)} format calls; emulator total CPU ${n(m.cpuSeconds)} s (the add-on inside the vm plus the emulator's stand-ins for Google; + ${n(m.apiCpuSeconds)} s in the fake API, excluded; the add-on alone: \`pullSizes\`); peak RSS ${n(m.peakMemoryMB)} MB`;
      break;
    case 'pullSizes': {
      const sizes = (r.metrics as { sizes?: Array<{ rows: number }> }).sizes ?? [];
      text = `${sizes.length} sizes (${sizes.map((z) => n(z.rows)).join(', ')} rows) on the thin runner: the table below`;
      break;
    }
    case 'savedReports': {
      const { ledger = [], resumed = [] } = r.metrics as Partial<SavedReportsMetrics>;
      text = `a ledger refresh at ${ledger.map((z) => n(z.rows)).join(', ')} rows and a resumed pull at ${resumed.map((z) => n(z.rows)).join(', ')} rows on the thin runner: the tables below`;
      break;
    }
    case 'scheduledRefresh':
      text =
        `${n(m.reportsRefreshed)} of ${n(m.reports)} reports refreshed in ${n(m.executions)} trigger execution(s), ${n(m.ranTwice)} twice, ` +
        `${n(m.failedReports)} failed; ${n(m.fetches)} fetches, ${n(m.setValuesCalls)} setValues calls, ${n(m.readCalls)} reads of ${n(m.readCells)} cells; ${n(m.simulatedSeconds)} s simulated (longest execution ${n(m.longestExecutionSeconds)} s)`;
      break;
  }
  const notes = r.notes?.length ? ` Note: ${escapeCell(r.notes.join(' '))}` : '';
  return `| \`${name}\` | ${text}.${notes} |`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function naiveTable(r: ScenarioResult): string[] {
  if (r.status !== 'measured') return [];
  const m = r.metrics as Record<string, number | undefined>;
  return [
    '| big pull | the add-on (`runReport`) | naive (page by page, a write per page) |',
    '| --- | ---: | ---: |',
    `| rows | ${n(m.rows)} | ${n(m.sequentialRows)} |`,
    `| round trips | ${n(m.roundTrips)} | ${n(m.sequentialRoundTrips)} |`,
    `| setValues calls | ${n(m.setValuesCalls)} | ${n(m.sequentialSetValuesCalls)} |`,
    `| simulated seconds | ${n(m.simulatedSeconds)} | ${n(m.sequentialSimulatedSeconds)} |`,
  ];
}

/**
 * The refresh multiple from cell prices alone, by the formula the Sheets speed check reports with
 * (so a figure measured on Google reads against the model's).
 */
function cellsOnly(model: LatencyModel): string {
  const at = (copy: number, rows: number): string =>
    refreshVsFirstPull({ write: model.cellMs, copy, read: model.readCellMs }, rows).toFixed(2);
  const cited = COPY_CITED.copyCellMs;
  return (
    `Cells only (\`refreshVsFirstPull\`, src/sheet/refresh-cost.ts, the formula of the menu's speed check, docs/platform.md check 14): ` +
    `a refresh of 120,000 rows in which every row changed costs ${at(model.copyCellMs, 120_000)}× its first pull at the model's cell prices (${at(cited, 120_000)}× with copyTo at a third); of 60,000 rows ${at(model.copyCellMs, 60_000)}× (${at(cited, 60_000)}×).`
  );
}

/**
 * Where a size's CPU is the least of several runs (as its JSON.parse baseline is the least of
 * three), every run's, so the spread the statistic leaves out is still on the page.
 */
function cpuRunsLine(sizes: PullSize[]): string[] {
  const repeated = sizes.filter((z) => (z.addOnCpuRuns?.length ?? 0) > 1);
  if (!repeated.length) return [];
  const each = repeated.map((z) => `${n(z.rows)} rows ${z.addOnCpuRuns.map(n).join(', ')}`).join('; ');
  const metered = repeated.filter((z) => z.meterCpuSeconds !== undefined);
  const meter = metered.map((z) => `${n(z.meterCpuSeconds!)} s at ${n(z.rows)}`).join(', ');
  return [
    `Add-on CPU of a first pull is the least of ${repeated[0].addOnCpuRuns.length} runs, each followed by a JSON.parse of the same pages, whose least is the baseline; each run's seconds: ${each}.` +
      (metered.length ? ` The meter's own cost around each service call (calibrated beside each run) is taken out: ${meter}.` : ''),
    '',
  ];
}

function sizesTable(r: ScenarioResult, model: LatencyModel): string[] {
  if (r.status !== 'measured') return [];
  const { sizes = [], refreshes, movedRefreshes = [] } = r.metrics as Partial<PullSizesMetrics>;
  return [
    "Sized pulls (`pullSizes`, setValues: the only write path the add-on has): the add-on's own CPU and data memory, and what it asks of Google.",
    '',
    ...scenarioTable('first pull (a new sheet)', sizes),
    '',
    ...cpuRunsLine(sizes),
    ...scenarioTable('daily refresh (the block exists; written a day earlier)', refreshes ?? []),
    '',
    ...(movedRefreshes.length
      ? [...scenarioTable('daily refresh of a rolling window (its dates a day later: every row changed)', movedRefreshes), '']
      : []),
    cellsOnly(model),
  ];
}

function savedTables(r: ScenarioResult): string[] {
  if (r.status !== 'measured') return [];
  const { ledger = [], resumed = [], revisionDays, perDay } = r.metrics as Partial<SavedReportsMetrics>;
  const label = (z: SavedRun): string => `×${z.costScale}${z.copyCited ? ', copy at a third' : ''}`;
  const scales = [...new Set(resumed.map(label))];
  const noted = resumed.filter((z) => !z.finished || z.note);
  return [
    `Saved reports (\`savedReports\`) on their daily schedule. Ledger: a history of the top ${n(perDay)} pages a day, holding the rows shown, refreshed the next day (a ${n(revisionDays)}-day revision window: ${n(ledger[0]?.rowsPulled)} rows pulled again and upserted). Resumed pull: the daily refresh of the sized pull, saved, with every Google cost multiplied in the emulator's limits mode, continued by the hourly trigger until it commits (at most 24 executions); simulated time is at the model's prices (×1), summed over its executions.`,
    '',
    ...scenarioTable('ledger refresh: ledger rows', ledger),
    ...scales.flatMap((scale) => [
      '',
      ...scenarioTable(
        `resumed pull, costs ${scale}: rows`,
        resumed.filter((z) => label(z) === scale),
      ),
    ]),
    ...(noted.length
      ? [
          '',
          ...noted.map(
            (z) => `- ${label(z)}, ${n(z.rows)} rows: ${z.finished ? 'committed' : '**not committed**'}; ${escapeCell(z.note ?? '')}`,
          ),
        ]
      : []),
  ];
}

function scenarioTable(title: string, sizes: Array<PullSize | SavedRun>): string[] {
  if (!sizes.length) return [];
  return [
    `| ${title}: rows | simulated Google s | (copyTo at a third) | executions | setValues calls / cells written | copyTo calls / cells | reads / cells read | round trips (sequential) | format calls | add-on CPU s (per 100k) | JSON.parse s | CPU ÷ JSON.parse | add-on data MB (per 100k) |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...sizes.map(
      (z) =>
        `| ${n(z.rows)} | ${n(z.simulatedSeconds)} | ${n(z.simulatedSecondsCopyCited)} | ${n(z.executions)} | ${n(z.setValuesCalls)} / ${n(z.setValuesCells)} | ${n(z.copyCalls)} / ${n(z.copyCells)} | ${n(z.readCalls)} / ${n(z.readCells)} | ${n(z.roundTrips)} (${n(z.sequentialRoundTrips)}) | ` +
        `${n(z.formatCalls)} | ${n(z.addOnCpuSeconds)} (${n(z.addOnCpuPer100k)}) | ${n(z.jsonParseSeconds)} | ${n(z.cpuVsJsonParse)} | ${n(z.addOnPeakMB)} (${n(z.addOnMBPer100k)}) |`,
    ),
  ];
}

export function renderMarkdown(results: BenchResults): string {
  const s = results.scenarios;
  const out = [
    `Latency model: ${results.model.description}. Node ${results.environment.node}, ${results.environment.cpus} CPUs (shared).`,
    '',
    '| scenario | measured |',
    '| --- | --- |',
    line('formulasCold', s.formulasCold),
    line('formulasWarm', s.formulasWarm),
    line('bigPull', s.bigPull),
    line('pullSizes', s.pullSizes),
    line('savedReports', s.savedReports),
    line('scheduledRefresh', s.scheduledRefresh),
    '',
    ...naiveTable(s.bigPull),
    '',
    ...sizesTable(s.pullSizes, results.model),
    '',
    ...savedTables(s.savedReports),
    '',
    '| scenario | target | actual | result |',
    '| --- | --- | --- | --- |',
    ...results.targets.map((t) => `| \`${t.scenario}\` | ${escapeCell(t.target)} | ${escapeCell(t.actual)} | ${MARK[t.status]} |`),
    '',
    `Targets: ${results.summary.met} met, ${results.summary.missed} missed, ${results.summary['not measurable']} not measurable.`,
  ];
  return out.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n');
}
