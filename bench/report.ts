/** Markdown for the console and docs/performance.md, from bench-results.json's shape. */
import type { BenchResults, ScenarioName, TargetStatus } from './results';
import type { PullSize, PullSizesMetrics } from './scenarios/pull-sizes';
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

function sizesTable(r: ScenarioResult): string[] {
  if (r.status !== 'measured') return [];
  const { sizes = [], refreshes } = r.metrics as Partial<PullSizesMetrics>;
  return [
    "Sized pulls (`pullSizes`, setValues: the only write path the add-on has): the add-on's own CPU and data memory, and what it asks of Google.",
    '',
    ...scenarioTable('first pull (a new sheet)', sizes),
    '',
    ...scenarioTable('daily refresh (the block exists; written a day earlier)', refreshes ?? []),
  ];
}

function scenarioTable(title: string, sizes: PullSize[]): string[] {
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
    line('scheduledRefresh', s.scheduledRefresh),
    '',
    ...naiveTable(s.bigPull),
    '',
    ...sizesTable(s.pullSizes),
    '',
    '| scenario | target | actual | result |',
    '| --- | --- | --- | --- |',
    ...results.targets.map((t) => `| \`${t.scenario}\` | ${escapeCell(t.target)} | ${escapeCell(t.actual)} | ${MARK[t.status]} |`),
    '',
    `Targets: ${results.summary.met} met, ${results.summary.missed} missed, ${results.summary['not measurable']} not measurable.`,
  ];
  return out.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n');
}
