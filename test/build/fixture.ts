import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as BuildCommand from '../../scripts/lib/build-command';
import { tsxCommand } from '../../scripts/lib/tsx';

export const ROOT = path.resolve(__dirname, '../..');
export const DIST = path.join(ROOT, 'dist');
const DIST_FILES = ['Code.js', 'Sidebar.html', 'appsscript.json'];

/** A temp dir holding the given files (name -> content). */
export function fixtureDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-fixture-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

export interface BuildRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI, as `npm run build` runs it (no flags: the add-on into dist/). */
function buildCommand(args: string[], env: Record<string, string>) {
  const [command, argv] = tsxCommand(path.join(ROOT, 'scripts/build.ts'), args);
  return { command, argv, options: { cwd: ROOT, env: { ...process.env, ...env } } };
}

function buildCli(args: string[], env: Record<string, string> = {}): BuildRun {
  const { command, argv, options } = buildCommand(args, env);
  const r = spawnSync(command, argv, { ...options, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The build on a fixture entry as the CLI runs it (runBuildCommand, which scripts/build.ts only
 * hands the process's arguments, environment and console), in this process: a child costs a
 * node, tsx and TypeScript start (about 1 CPU-second) for a build of milliseconds.
 */
export async function buildInProcess(argv: string[], env: Record<string, string> = {}): Promise<BuildRun> {
  // Loaded here, not at the top: it brings TypeScript (9 MB to compile), and most suites import this
  // file only for ROOT or ensureDist.
  const { runBuildCommand } = require('../../scripts/lib/build-command') as typeof BuildCommand;
  let stdout = '';
  let stderr = '';
  const status = await runBuildCommand(
    argv,
    { ...process.env, ...env },
    { log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) },
  );
  return { status, stdout, stderr };
}

/**
 * The build CLI itself (scripts/build.ts) in a child process, in the background: a test file
 * starts its runs at once and each test awaits its own.
 */
export function runBuild(entry: string, outDir: string, extra: string[] = [], env: Record<string, string> = {}): Promise<BuildRun> {
  const { command, argv, options } = buildCommand(['--entry', entry, '--out', outDir, ...extra], env);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, options);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * dist/ as `npm run build` leaves it: `npm test` builds first, so this builds only for a bare
 * `npx jest <dir>` run.
 */
export function ensureDist(): void {
  if (DIST_FILES.every((f) => fs.existsSync(path.join(DIST, f)))) return;
  const r = buildCli([]);
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
}
