/**
 * npm run bench: builds (npm does), runs the scenarios and prints the tables. Tracked files are
 * left alone unless asked: `--update` writes bench-results.json at the repository root and the
 * table into docs/performance.md.
 * Flags: --bundle <file> (default dist/Code.js), --quick (tiny sizes; never the page),
 * --update, --out <file> (results JSON anywhere), --in-process, --groups a,b (only those groups;
 * never written with --update).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderMarkdown, runBench } from './bench';
import { GROUPS, type GroupName } from './groups';
import { updatePerformancePage } from './performance-page';

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
  const groupsAt = process.argv.indexOf('--groups');
  const groups =
    groupsAt >= 0
      ? (process.argv[groupsAt + 1] ?? '').split(',').filter((g): g is GroupName => GROUPS.includes(g as GroupName))
      : undefined;
  const results = runBench({
    bundleFile: value('--bundle', path.join(ROOT, 'dist/Code.js')),
    quick,
    inProcess: flag('--in-process'),
    groups,
  });
  const update = flag('--update') && !quick && !groups;
  const table = renderMarkdown(results);
  console.log(table);
  console.log(`\nRan in ${results.wallSeconds} s.`);
  const out = update ? path.join(ROOT, 'bench-results.json') : process.argv.includes('--out') ? value('--out', '') : null;
  if (out) {
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), out) || out}.`);
  }
  if (update) {
    console.log(
      updatePerformancePage(path.join(ROOT, 'docs/performance.md'), table)
        ? 'docs/performance.md table updated.'
        : 'docs/performance.md table unchanged.',
    );
  } else {
    console.log('Tracked files left alone (`npm run bench -- --update` writes bench-results.json and the table in docs/performance.md).');
  }
}

main();
