import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { checkLayers } from '../../scripts/lib/folder-cycles';
import { tsxCommand } from '../../scripts/lib/tsx';
import { ROOT } from './fixture';

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A throwaway src-like tree: path -> file text. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The CLI itself, in a child process. */
function checkCli(dir: string) {
  const [command, args] = tsxCommand(path.join(ROOT, 'scripts/check-layers.ts'), [dir]);
  return spawnSync(command, args, { encoding: 'utf8' });
}

/** What the CLI runs (checkLayers, given the console), in this process: a child costs a node and tsx start. */
function check(dir: string) {
  let stdout = '';
  let stderr = '';
  const status = checkLayers(dir, { log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) });
  return { status, stdout, stderr };
}

describe('npm run check:layers', () => {
  test('the shipped src/ has no cycle between folders', () => {
    const r = check(path.join(ROOT, 'src'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  test('the CLI fails on two folders importing each other, naming a file on each side', () => {
    const dir = tree({
      'reports/runner.ts': "import { run } from '../sidebar/server';\nexport const a = run;\n",
      'sidebar/server.ts': "import type { Def } from '../reports/store';\nexport const run = 1;\n",
      'reports/store.ts': 'export type Def = string;\n',
      'shared/types.ts': 'export type T = 1;\n',
      'Code.ts': "import * as s from './sidebar/server';\n",
    });
    const r = checkCli(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('reports → sidebar → reports');
    expect(r.stderr).toContain('reports/runner.ts imports ../sidebar/server');
    expect(r.stderr).toContain('sidebar/server.ts imports ../reports/store');
  });

  test('finds a longer loop and dynamic or nested imports too', () => {
    const dir = tree({
      'a/x.ts': "export { y } from '../b/y';\n",
      'b/y.ts': "import '../c/deep/z';\nexport const y = 1;\n",
      'c/deep/z.ts': "const m = import('../../a/x');\n",
    });
    const r = check(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('a → b → c → a');
  });

  test('imports that point one way pass', () => {
    const dir = tree({
      'sidebar/server.ts': "import { run } from '../run/run';\n",
      'reports/runner.ts': "import { run } from '../run/run';\n",
      'run/run.ts': "import { CreatorError } from '../shared/errors';\nexport const run = CreatorError;\n",
      'shared/errors.ts': 'export class CreatorError {}\n',
    });
    expect(check(dir).status).toBe(0);
  });
});
