/**
 * The add-on's work in instructions, for A/B comparisons this machine's CPU time cannot settle.
 *
 *   npx tsx bench/instruction-count.ts dist/Code.js /tmp/other.js [--rows 10000] [--top 25]
 *
 * Each bundle runs under valgrind's callgrind (apt-get install valgrind) on the thin runner: a
 * warm-up pull, then the measured pull's rehearsal and CPU run, counted from the start to the end
 * of each runReport (the bench's baseline parses and meter calibration are not). V8 runs with
 * --single-threaded --predictable, so the JIT and the collector do the same work every time: one
 * bundle's counts agreed to about 0.4% over a session, where its CPU time on this host moved by
 * 10–20% between runs (bench/README.md, thirteenth session). Instructions are not time (a cache miss costs
 * many), and the count includes what the stand-ins do inside those calls (the fake API making its
 * pages in the rehearsal): compare bundles, not sizes. Per function, JIT-compiled JavaScript is
 * named through V8's perf map.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { byKind, parsePerfMap, selfInstructions } from './instruction-profile';
import { PULL_SIZES, pullFor } from './scenarios/pull-sizes';
import { thinWorld } from './thin';

const ENTRY = 'function runReport(request) { return CreatorReporting.runReport(request); }';

/** The bundle with counting switched on for the length of each runReport (not the warm-up's: it runs before the switch is set). */
export function withCountedRunReport(code: string): string {
  if (!code.includes(ENTRY))
    throw new Error('The bundle has no runReport entry of the form the counter wraps; build it with npm run build.');
  const wrapped =
    'function runReport(request) { globalThis.__count?.(true); try { return CreatorReporting.runReport(request); } finally { globalThis.__count?.(false); } }';
  return code.replace(ENTRY, wrapped);
}

/** Inside valgrind: the warm-up uncounted, then the measured pull counted. */
function countedRun(bundle: string, rows: number): void {
  const world = thinWorld(bundle, pullFor(PULL_SIZES, 2_000), { roundTripMs: 200, collectAtSamples: false });
  (globalThis as { __count?: (on: boolean) => void }).__count = (on) =>
    execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
  world.measure(pullFor(PULL_SIZES, rows), { memory: false, cpuRuns: 1 });
}

interface Counted {
  bundle: string;
  total: number;
  self: Map<string, number>;
}

/** One bundle under callgrind: the instructions inside its runReport calls, per function. */
function count(bundle: string, rows: number): Counted {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instructions-'));
  const patched = path.join(dir, 'Code.js');
  const out = path.join(dir, 'callgrind.out');
  fs.writeFileSync(patched, withCountedRunReport(fs.readFileSync(bundle, 'utf8')));
  const args = ['--tool=callgrind', '--smc-check=all-non-file', '--instr-atstart=no', '--dump-instr=yes', `--callgrind-out-file=${out}`];
  const node = [process.execPath, '--single-threaded', '--predictable', '--perf-basic-prof', '--import', 'tsx', __filename];
  const run = spawnSync('valgrind', [...args, ...node], {
    env: { ...process.env, INSTRUCTION_WINDOW: patched, INSTRUCTION_ROWS: String(rows) },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error('valgrind is not installed: apt-get install valgrind');
  if (run.error || run.status !== 0) throw new Error(`valgrind failed (${run.error?.message ?? run.stderr.slice(-2000)})`);
  const pid = /^==(\d+)==/m.exec(run.stderr)?.[1];
  const map = pid ? path.join(os.tmpdir(), `perf-${pid}.map`) : '';
  const ranges = map && fs.existsSync(map) ? parsePerfMap(fs.readFileSync(map, 'utf8')) : [];
  const self = selfInstructions(fs.readFileSync(out, 'utf8'), ranges);
  if (map && fs.existsSync(map)) fs.rmSync(map);
  fs.rmSync(dir, { recursive: true, force: true });
  return { bundle, total: [...self.values()].reduce((a, b) => a + b, 0), self };
}

const millions = (n: number): string => `${(n / 1e6).toFixed(1)}M`;

function report(counted: Counted[], top: number): void {
  const [first] = counted;
  for (const c of counted) {
    const change = c === first ? '' : ` (${(((c.total - first.total) / first.total) * 100).toFixed(2)}% against ${first.bundle})`;
    console.log(`${c.bundle}: ${millions(c.total)} instructions${change}`);
  }
  const kinds = counted.map((c) => byKind(c.self));
  console.log('\nBy kind, each bundle:');
  for (const kind of kinds[0].keys()) console.log(`${kinds.map((k) => millions(k.get(kind) ?? 0).padStart(9)).join(' ')}  ${kind}`);
  const names = [...first.self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\nSelf instructions of the top ${top} functions of ${first.bundle}, each bundle:`);
  for (const [name] of names)
    console.log(`${counted.map((c) => millions(c.self.get(name) ?? 0).padStart(9)).join(' ')}  ${name.slice(0, 110)}`);
}

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const n = Number(args[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} takes a whole number of 1 or more, not "${args[at + 1] ?? ''}".`);
  return n;
}

function main(args: string[]): void {
  const rows = option(args, '--rows', 10_000);
  const top = option(args, '--top', 25);
  const bundles = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (bundles.length === 0)
    throw new Error('Name one bundle or more: npx tsx bench/instruction-count.ts dist/Code.js [other.js] [--rows N] [--top N]');
  report(
    bundles.map((b) => count(path.resolve(b), rows)),
    top,
  );
}

if (require.main === module) {
  const inside = process.env.INSTRUCTION_WINDOW;
  if (inside) countedRun(inside, Number(process.env.INSTRUCTION_ROWS ?? 10_000));
  else main(process.argv.slice(2));
}
