/**
 * npm run docs: regenerates docs/formulas.md's formulas table (from src/Code.ts's JSDoc) and report
 * catalog (from src/catalog/reports.ts). `--check` only reports drift (exit 1), writing nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTS } from '../src/catalog/reports';
import { GLOBAL_NAME } from './lib/bundle-code';
import { FORMULAS_PAGE, renderFormulasPage } from './lib/doc-tables';
import { readEntryExports } from './lib/entry-exports';

const ROOT = path.resolve(__dirname, '..');
const PAGE = path.join(ROOT, FORMULAS_PAGE);

try {
  const current = fs.readFileSync(PAGE, 'utf8');
  const next = renderFormulasPage(current, REPORTS, readEntryExports(path.join(ROOT, 'src/Code.ts'), GLOBAL_NAME));
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error(`${FORMULAS_PAGE} is out of date with the catalog or src/Code.ts: run \`npm run docs\`.`);
      process.exit(1);
    }
    console.log(`${FORMULAS_PAGE} is up to date.`);
  } else {
    fs.writeFileSync(PAGE, next);
    console.log(next === current ? `${FORMULAS_PAGE} already up to date.` : `${FORMULAS_PAGE} updated.`);
  }
} catch (err) {
  console.error(`docs failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
