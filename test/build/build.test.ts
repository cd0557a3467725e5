import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { type BuildRun, buildInProcess, fixtureDir, ROOT, runBuild } from './fixture';

const CUSTOM_DOC = `/**
 * Adds two numbers.
 *
 * @param {number} a The first number.
 * @param {number} b The second number.
 * @return The sum.
 * @customfunction
 */`;

const HELPER = `export const add = (x: number, y: number): number => x + y;\n`;

const ENTRY = path.join(ROOT, 'src/Code.ts');
const ALLOWED = 'https://staging.example.com/, https://eu.example.com/api/';

/** A fixture entry and where its build goes. */
function fixtureEntry(files: Record<string, string>): { entry: string; out: string } {
  const dir = fixtureDir(files);
  return { entry: path.join(dir, 'entry.ts'), out: path.join(dir, 'out') };
}

describe('scripts/build.ts on fixture entries', () => {
  const nonFunction = fixtureEntry({
    'entry.ts': `export function ok(): number { return 1; }\nexport const SETTINGS_KEY = 'x';\n`,
  });
  const custom = fixtureEntry({
    'helper.ts': HELPER,
    'entry.ts': `import { add } from './helper';\n\n${CUSTOM_DOC}\nexport function MY_SUM(a: number, b?: number): number {\n  return add(a, b ?? 0);\n}\n`,
  });
  const underscore = fixtureEntry({ 'entry.ts': `export function helper_(): number { return 1; }\n` });
  const plain = fixtureEntry({ 'entry.ts': `export function ok(): number { return 1; }\n` });
  const allowedOut = fixtureDir({});

  // Every build starts at once, each test awaits its own: separate outputs. One runs the CLI in a
  // child process (its exit status and stderr); the others run what the CLI runs, in this process
  // (`npm test` runs the CLI's successful path first of all, as `npm run build`).
  let runs: Record<'nonFunction' | 'custom' | 'underscore' | 'unknownFlag' | 'allowed' | 'badAllowed', Promise<BuildRun>>;
  beforeAll(() => {
    const inProcess = (entry: string, out: string, extra: string[], env: Record<string, string> = {}) =>
      buildInProcess(['--entry', entry, '--out', out, ...extra], env);
    runs = {
      unknownFlag: runBuild(plain.entry, plain.out, ['--minify']),
      nonFunction: inProcess(nonFunction.entry, nonFunction.out, ['--code-only']),
      custom: inProcess(custom.entry, custom.out, ['--code-only']),
      underscore: inProcess(underscore.entry, underscore.out, ['--code-only']),
      allowed: inProcess(ENTRY, allowedOut, [], { CREATOR_ALLOWED_URLS: ALLOWED }),
      badAllowed: inProcess(ENTRY, fixtureDir({}), ['--code-only'], { CREATOR_ALLOWED_URLS: 'staging.example.com' }),
    };
  });

  test('a non-function export fails the build with a message naming it', async () => {
    const r = await runs.nonFunction;
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('build failed');
    expect(r.stderr).toContain('export const SETTINGS_KEY');
    expect(fs.existsSync(path.join(nonFunction.out, 'Code.js'))).toBe(false);
  });

  test('a @customfunction keeps its JSDoc verbatim directly above a top-level function NAME(a, b)', async () => {
    const r = await runs.custom;
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^built .*Code\.js [\d.]+ KB \(1 functions\)/);

    const code = fs.readFileSync(path.join(custom.out, 'Code.js'), 'utf8');
    expect(code).toContain(`${CUSTOM_DOC}\nfunction MY_SUM(a, b) { return CreatorReporting.MY_SUM(a, b); }`);

    // The wrapper really reaches the bundled implementation.
    const ctx = vm.createContext({});
    vm.runInContext(code, ctx);
    expect(vm.runInContext('MY_SUM(2, 3)', ctx)).toBe(5);
    expect(vm.runInContext('typeof add', ctx)).toBe('undefined');
  });

  test('a name ending in "_" is rejected, naming the export', async () => {
    const r = await runs.underscore;
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Export "helper_"');
    expect(r.stderr).toContain('"_"');
  });

  test('the CLI: an unknown flag fails (exit status, one line on stderr) instead of being ignored', async () => {
    const r = await runs.unknownFlag;
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/^build failed: Unknown argument "--minify"\. Use --entry <file>, --out <dir>, --code-only\.\n$/);
    expect(r.stdout).toBe('');
  });

  test('CREATOR_ALLOWED_URLS adds URL prefixes to the manifest and to what the bundle lets settings accept', async () => {
    const r = await runs.allowed;
    expect(r.stderr).toBe('');
    const manifest = JSON.parse(fs.readFileSync(path.join(allowedOut, 'appsscript.json'), 'utf8')) as { urlFetchWhitelist: string[] };
    expect(manifest.urlFetchWhitelist).toEqual([
      'https://publisher-api.raptive.com/',
      'https://staging.example.com/',
      'https://eu.example.com/api/',
    ]);
    const code = fs.readFileSync(path.join(allowedOut, 'Code.js'), 'utf8');
    const defined = /CREATOR_URL_ALLOWLIST_default = (\[[^\]]*\])/.exec(code)?.[1];
    expect(JSON.parse(defined ?? 'null')).toEqual(manifest.urlFetchWhitelist);

    const bad = await runs.badAllowed;
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('"staging.example.com" is not an allowed URL prefix: use https://host/');
  });
});
