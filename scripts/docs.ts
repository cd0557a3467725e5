/**
 * npm run docs: regenerates docs/formulas.md's formulas table (from src/Code.ts's JSDoc) and report
 * catalog (from src/catalog/reports.ts), and docs/publishing.md's scope sections (from
 * src/platform/scopes.ts). `--check` only reports drift (exit 1), writing nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTS } from '../src/catalog/reports';
import { SCOPES } from '../src/platform/scopes';
import { GLOBAL_NAME } from './lib/bundle-code';
import { FORMULAS_PAGE, renderFormulasPage } from './lib/doc-tables';
import { readEntryExports } from './lib/entry-exports';
import { renderPublishing } from './lib/publishing-docs';

const ROOT = path.resolve(__dirname, '..');
const DOCS: Array<{ file: string; render: (current: string) => string; from: string }> = [
  {
    file: FORMULAS_PAGE,
    render: (current) => renderFormulasPage(current, REPORTS, readEntryExports(path.join(ROOT, 'src/Code.ts'), GLOBAL_NAME)),
    from: 'the catalog or src/Code.ts',
  },
  { file: 'docs/publishing.md', render: (current) => renderPublishing(current, SCOPES), from: 'src/platform/scopes.ts' },
];

try {
  for (const doc of DOCS) {
    const file = path.join(ROOT, doc.file);
    const current = fs.readFileSync(file, 'utf8');
    const next = doc.render(current);
    if (process.argv.includes('--check')) {
      if (next !== current) {
        console.error(`${doc.file} is out of date with ${doc.from}: run \`npm run docs\`.`);
        process.exitCode = 1;
      } else console.log(`${doc.file} is up to date.`);
    } else {
      fs.writeFileSync(file, next);
      console.log(next === current ? `${doc.file} already up to date.` : `${doc.file} updated.`);
    }
  }
} catch (err) {
  console.error(`docs failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
