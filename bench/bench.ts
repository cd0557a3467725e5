/**
 * The benchmark: every scenario group (each in its own child process unless inProcess), the
 * targets, bench-results.json, and the table in docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { tsxCommand } from '../scripts/lib/tsx';
import { FULL, GROUPS, groupFailed, QUICK, runGroup, type GroupName, type Sizes } from './groups';
import { DEFAULT_MODEL, describeModel, type LatencyModel } from './model';
import { renderMarkdown } from './report';
import { SCENARIO_NAMES, type BenchResults, type Scenarios } from './results';
import { failed } from './scenarios/types';
import { evaluateTargets, summarize } from './targets';

export interface BenchOptions {
  bundleFile: string;
  quick?: boolean;
  model?: LatencyModel;
  /** Run the groups in this process (tests): faster, but CPU and memory then mix the groups. */
  inProcess?: boolean;
  groups?: GroupName[];
}

export function runBench(opts: BenchOptions): BenchResults {
  if (!fs.existsSync(opts.bundleFile)) throw new Error(`No bundle at ${opts.bundleFile}: run \`npm run build\` first.`);
  const model = opts.model ?? DEFAULT_MODEL;
  const sizes = opts.quick ? QUICK : FULL;
  const started = Date.now();
  const scenarios: Partial<Scenarios> = {};
  for (const group of opts.groups ?? GROUPS) {
    Object.assign(
      scenarios,
      opts.inProcess ? runGroup(group, opts.bundleFile, model, sizes) : runChild(group, opts.bundleFile, model, sizes),
    );
  }
  for (const name of SCENARIO_NAMES) scenarios[name] ??= failed('not run');
  const complete = scenarios as Scenarios;
  const targets = evaluateTargets(complete);
  return {
    quick: Boolean(opts.quick),
    model: { ...model, description: describeModel(model) },
    environment: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: os.cpus().length },
    scenarios: complete,
    targets,
    summary: summarize(targets),
    wallSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

function runChild(group: GroupName, bundleFile: string, model: LatencyModel, sizes: Sizes): Partial<Scenarios> {
  const [command, args] = tsxCommand(path.join(__dirname, 'child.ts'), [group, bundleFile, JSON.stringify(model), JSON.stringify(sizes)]);
  const r = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = r.stdout?.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as Partial<Scenarios>;
  } catch {
    return groupFailed(
      group,
      `the ${group} process failed (exit ${r.status}): ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
}

export { renderMarkdown };
