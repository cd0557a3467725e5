/**
 * npm run site: the add-on's homepage, privacy policy, terms and support page as plain HTML in
 * build/site/ (git-ignored), from site/. `--out <dir>` writes elsewhere (never into dist/).
 * docs/publishing.md says where to host it.
 */
import * as path from 'node:path';
import { buildSite, SITE_OUT, sitePlaceholders } from './lib/site-build';

const at = process.argv.indexOf('--out');
const out = at >= 0 ? path.resolve(process.argv[at + 1] ?? '') : SITE_OUT;
try {
  const files = buildSite(out);
  console.log(`site: ${files.length} files in ${path.relative(process.cwd(), out) || out}`);
  for (const note of sitePlaceholders()) console.log(`Note: ${note}`);
} catch (err) {
  console.error(`site failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
