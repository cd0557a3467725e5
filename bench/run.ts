/**
 * npm run bench: builds (npm does), runs the scenarios, prints the table, writes
 * bench-results.json at the repository root and the table into README.md's Performance section.
 * Flags: --bundle <file> (default dist/Code.js), --quick (tiny sizes; no README), --no-readme,
 * --out <file>, --in-process.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderMarkdown, runBench } from './bench';
import { updateReadme } from './readme';

const ROOT = path.resolve(__dirname, '..');

function flag(name: string): boolean {
  return process.argv.includes(name);
}

function value(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
}

function main(): void {
  const quick = flag('--quick');
  const results = runBench({ bundleFile: value('--bundle', path.join(ROOT, 'dist/Code.js')), quick, inProcess: flag('--in-process') });
  const out = value('--out', path.join(ROOT, 'bench-results.json'));
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  const table = renderMarkdown(results);
  console.log(table);
  console.log(`\nWrote ${path.relative(process.cwd(), out) || out} in ${results.wallSeconds} s.`);
  if (!quick && !flag('--no-readme')) {
    console.log(updateReadme(path.join(ROOT, 'README.md'), table) ? 'README.md Performance table updated.' : 'README.md Performance table unchanged.');
  }
}

main();
