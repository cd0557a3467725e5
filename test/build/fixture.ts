import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** A temp dir holding the given files (name -> content). */
export function fixtureDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-fixture-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** Runs the real CLI, as `npm run build` does, on a fixture entry. */
export function runBuild(entry: string, outDir: string, extra: string[] = []) {
  const r = spawnSync(TSX, [path.join(ROOT, 'scripts/build.ts'), '--entry', entry, '--out', outDir, ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
