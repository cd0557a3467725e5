import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTS } from '../../src/catalog/reports';
import { GLOBAL_NAME } from '../../scripts/lib/bundle-code';
import { FORMULAS_PAGE, jsDocSummary, renderFormulasPage, replaceBetween } from '../../scripts/lib/doc-tables';
import { readEntryExports } from '../../scripts/lib/entry-exports';
import { ROOT } from './fixture';

const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');
const formulasPage = read(FORMULAS_PAGE);
const serverFunctionsPage = read('docs/server-functions.md');
const entryFns = readEntryExports(path.join(ROOT, 'src/Code.ts'), GLOBAL_NAME);

describe(FORMULAS_PAGE, () => {
  test('its formulas table and report catalog match src/Code.ts and the catalog (after a deliberate change to either: `npm run docs`)', () => {
    expect(renderFormulasPage(formulasPage, REPORTS, entryFns)).toBe(formulasPage);
  });

  test('the catalog lists every report key and every formula', () => {
    for (const r of REPORTS) {
      expect(formulasPage).toContain(`| \`${r.key}\` | \`${r.formula}\` |`);
      expect(formulasPage).toContain(`\`=${r.formula}(`);
    }
  });
});

describe('docs/server-functions.md', () => {
  test('documents every sidebar server function of src/Code.ts', () => {
    const sidebarFns = entryFns.filter((f) => f.jsDoc?.includes('Sidebar:')).map((f) => f.name);
    expect(sidebarFns.length).toBeGreaterThan(10);
    for (const name of sidebarFns) expect(serverFunctionsPage).toContain(`| \`${name}(`);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
}

/** The repository's own Markdown files (not dependencies', build output's or local state's). */
function markdownFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('.') || ['node_modules', 'dist'].includes(e.name) ? [] : markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

describe('links between the repository’s pages', () => {
  test('the README is a front door that links every page under docs/', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThan(160);
    const pages = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    for (const page of pages) expect([page, readme.includes(`](docs/${page}`)]).toEqual([page, true]);
  });

  test('every relative link and #anchor in a Markdown file points at a file and heading that exist', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = read(file);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [where, anchor] = target.split('#');
        const linked = where ? path.join(path.dirname(file), where) : file;
        if (!fs.existsSync(path.join(ROOT, linked))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && linked.endsWith('.md') && !anchorsIn(read(linked)).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('doc-tables helpers', () => {
  test('jsDocSummary stops at the blank line, an Example: line or a tag', () => {
    expect(jsDocSummary('/**\n * One.\n * Two.\n * Example: =X()\n *\n * @param a A.\n */')).toBe('One. Two.');
    expect(jsDocSummary('/** Short. */')).toBe('Short.');
  });

  test('replaceBetween needs both markers in order', () => {
    expect(replaceBetween('a<!-- x:start -->old<!-- x:end -->b', 'x', 'new')).toBe('a<!-- x:start -->\nnew\n<!-- x:end -->b');
    expect(() => replaceBetween('<!-- x:end --><!-- x:start -->', 'x', '')).toThrow('needs the markers');
  });
});
