import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTS } from '../../src/catalog/reports';
import { GLOBAL_NAME } from '../../scripts/lib/bundle-code';
import { readEntryExports } from '../../scripts/lib/entry-exports';
import { jsDocSummary, renderReadme, replaceBetween } from '../../scripts/lib/readme-docs';
import { ROOT } from './fixture';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const entryFns = readEntryExports(path.join(ROOT, 'src/Code.ts'), GLOBAL_NAME);

describe('README.md', () => {
  test('its formulas table and report catalog match src/Code.ts and the catalog (run `npm run docs`)', () => {
    expect(renderReadme(readme, REPORTS, entryFns)).toBe(readme);
  });

  test('the catalog lists every report key and every formula', () => {
    for (const r of REPORTS) {
      expect(readme).toContain(`| \`${r.key}\` | \`${r.formula}\` |`);
      expect(readme).toContain(`\`=${r.formula}(`);
    }
  });

  test('documents every sidebar server function of src/Code.ts', () => {
    const sidebarFns = entryFns.filter((f) => f.jsDoc?.includes('Sidebar:')).map((f) => f.name);
    expect(sidebarFns.length).toBeGreaterThan(10);
    for (const name of sidebarFns) expect(readme).toContain(`| \`${name}(`);
  });
});

describe('readme-docs helpers', () => {
  test('jsDocSummary stops at the blank line, an Example: line or a tag', () => {
    expect(jsDocSummary('/**\n * One.\n * Two.\n * Example: =X()\n *\n * @param a A.\n */')).toBe('One. Two.');
    expect(jsDocSummary('/** Short. */')).toBe('Short.');
  });

  test('replaceBetween needs both markers in order', () => {
    expect(replaceBetween('a<!-- x:start -->old<!-- x:end -->b', 'x', 'new')).toBe('a<!-- x:start -->\nnew\n<!-- x:end -->b');
    expect(() => replaceBetween('<!-- x:end --><!-- x:start -->', 'x', '')).toThrow('needs the markers');
  });
});
