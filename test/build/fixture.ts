import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
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

/** Runs the real CLI, as `npm run build` does (no flags: the add-on into dist/). */
function buildCli(args: string[], env: Record<string, string> = {}) {
  const [command, argv] = tsxCommand(path.join(ROOT, 'scripts/build.ts'), args);
  const r = spawnSync(command, argv, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The build CLI on a fixture entry. */
export function runBuild(entry: string, outDir: string, extra: string[] = [], env: Record<string, string> = {}) {
  return buildCli(['--entry', entry, '--out', outDir, ...extra], env);
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
