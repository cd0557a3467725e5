/**
 * npm run build: dist/Code.js, dist/appsscript.json, dist/Sidebar.html (what `clasp push` uploads).
 * Flags (paths relative to the current directory): --entry <file> (default src/Code.ts),
 * --out <dir> (default dist), --code-only (just Code.js; tests build fixtures with it).
 * Setting: CREATOR_ALLOWED_URLS="https://a.example/,https://b.example/" adds URL prefixes the
 * add-on may fetch (urlFetchWhitelist in dist/appsscript.json; the settings accept their hosts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundleCode } from './lib/bundle-code';
import { bundleSidebar } from './lib/bundle-sidebar';
import { BuildError } from './lib/errors';
import { extraAllowedUrls, readManifest } from './lib/manifest';

const ROOT = path.resolve(__dirname, '..');

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

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  // Build everything before writing anything, so a failure never leaves a half-new dist/.
  const manifest = readManifest(path.join(ROOT, 'appsscript.json'), extraAllowedUrls());
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
  console.log(`built ${parts.join(', ')}`);
}

main().catch((err: unknown) => {
  // esbuild's own errors carry file:line details in their message; keep them.
  const message = err instanceof Error ? err.message : String(err);
  console.error(`build failed: ${message}`);
  process.exit(1);
});
