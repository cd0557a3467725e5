/**
 * npm run docs: regenerates README.md's formulas table (from src/Code.ts's JSDoc) and report
 * catalog (from src/catalog/reports.ts). `--check` only reports drift (exit 1), writing nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTS } from '../src/catalog/reports';
import { GLOBAL_NAME } from './lib/bundle-code';
import { readEntryExports } from './lib/entry-exports';
import { renderReadme } from './lib/readme-docs';

const ROOT = path.resolve(__dirname, '..');
const README = path.join(ROOT, 'README.md');

try {
  const current = fs.readFileSync(README, 'utf8');
  const next = renderReadme(current, REPORTS, readEntryExports(path.join(ROOT, 'src/Code.ts'), GLOBAL_NAME));
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error('README.md is out of date with the catalog or src/Code.ts: run `npm run docs`.');
      process.exit(1);
    }
    console.log('README.md is up to date.');
  } else {
    fs.writeFileSync(README, next);
    console.log(next === current ? 'README.md already up to date.' : 'README.md updated.');
  }
} catch (err) {
  console.error(`docs failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
