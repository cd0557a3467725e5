import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundleCode } from './bundle-code';
import { bundleSidebar } from './bundle-sidebar';
import { BuildError } from './errors';
import { extraAllowedUrls, readManifest } from './manifest';

const ROOT = path.resolve(__dirname, '../..');

interface Options {
  entry: string;
  out: string;
  codeOnly: boolean;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { entry: path.join(ROOT, 'src/Code.ts'), out: path.join(ROOT, 'dist'), codeOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (!v) throw new BuildError(`${flag} needs a value.`);
      return path.resolve(v);
    };
    if (flag === '--entry') opts.entry = value();
    else if (flag === '--out') opts.out = value();
    else if (flag === '--code-only') opts.codeOnly = true;
    else throw new BuildError(`Unknown argument "${arg}". Use --entry <file>, --out <dir>, --code-only.`);
  }
  return opts;
}

const kb = (s: string): string => `${(Buffer.byteLength(s) / 1024).toFixed(1)} KB`;

async function build(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const opts = parseArgs(argv);
  // Build everything before writing anything, so a failure never leaves a half-new dist/.
  const manifest = readManifest(path.join(ROOT, 'appsscript.json'), extraAllowedUrls(env));
  const code = await bundleCode(opts.entry, { allowlist: manifest.allowlist });
  const sidebar = opts.codeOnly ? null : await bundleSidebar(path.join(ROOT, 'src/sidebar/client'));

  fs.mkdirSync(opts.out, { recursive: true });
  // Written aside, then renamed: a test or the playground reading dist/ while a build runs (test
  // files that build a missing dist/ run in parallel) sees the old file or the new, never half of one.
  const write = (f: string, content: string): void => {
    const tmp = path.join(opts.out, `.${f}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, content);
    fs.renameSync(tmp, path.join(opts.out, f));
  };
  const rel = (f: string): string => path.relative(process.cwd(), path.join(opts.out, f)) || f;
  const parts = [`${rel('Code.js')} ${kb(code.code)} (${code.functions.length} functions)`];
  write('Code.js', code.code);
  if (sidebar !== null) {
    write('Sidebar.html', sidebar);
    write('appsscript.json', manifest.text);
    parts.push(`${rel('Sidebar.html')} ${kb(sidebar)}`, `${rel('appsscript.json')} ${kb(manifest.text)}`);
  }
  log(`built ${parts.join(', ')}`);
}

/**
 * `npm run build` given its arguments, environment and output streams: the exit status. The CLI
 * (scripts/build.ts) hands it the process's; the tests call it in process, without paying for a
 * node, tsx and TypeScript start per build.
 */
export async function runBuildCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  try {
    await build(argv, env, (line) => out.log(line));
    return 0;
  } catch (err: unknown) {
    // esbuild's own errors carry file:line details in their message; keep them.
    const message = err instanceof Error ? err.message : String(err);
    out.error(`build failed: ${message}`);
    return 1;
  }
}
