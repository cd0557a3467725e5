import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { checkFunctionLength, longFunctionsIn, MAX_FUNCTION_LINES } from '../../scripts/lib/function-length';
import { tsxCommand } from '../../scripts/lib/tsx';
import { ROOT } from './fixture';

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A function whose span is `lines` lines, braces included. */
function fn(header: string, lines: number, close = '}'): string {
  return [header, ...Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`), close].join('\n');
}

function srcTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'length-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'src', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', name), text);
  }
  return path.join(dir, 'src');
}

function check(dir: string) {
  let stdout = '';
  let stderr = '';
  const status = checkFunctionLength(dir, { log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) });
  return { status, stdout, stderr };
}

describe('npm run check:length', () => {
  test('no function in the shipped src/ is over 100 lines', () => {
    const r = check(path.join(ROOT, 'src'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  test('a function of exactly 100 lines passes; 101 lines fails, named with its file and line', () => {
    expect(longFunctionsIn('a.ts', fn('export function ok(): void {', MAX_FUNCTION_LINES))).toEqual([]);
    expect(longFunctionsIn('a.ts', `// lead\n${fn('export function tooLong(): void {', 101)}`)).toEqual([
      { file: 'a.ts', name: 'tooLong', line: 2, lines: 101 },
    ]);
  });

  test('arrows, methods and inner functions count too, an outer one with the inner lines in it', () => {
    const text = [
      'export const mount = (root: unknown) => {',
      fn('  function inner(): void {', 101, '  }'),
      '};',
      'class A {',
      fn('  method(): void {', 101, '  }'),
      '}',
    ].join('\n');
    expect(longFunctionsIn('b.ts', text).map((f) => `${f.name}:${f.lines}`)).toEqual(['mount:103', 'inner:101', 'method:101']);
  });

  test('the CLI fails on a long function in a nested folder, naming it', () => {
    const dir = srcTree({
      'api/client.ts': fn('export function createClient(): void {', 120),
      'sheet/ok.ts': fn('export function short(): void {', 10),
    });
    const [command, args] = tsxCommand(path.join(ROOT, 'scripts/check-function-length.ts'), [dir]);
    const r = spawnSync(command, args, { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/api/client.ts:1 createClient (120 lines)');
    expect(r.stderr).not.toContain('short');
  });
});
