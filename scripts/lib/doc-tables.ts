import type { ReportSpec } from '../../src/catalog/types';
import type { EntryFunction } from './entry-exports';
import { BuildError } from './errors';
import { isCustomFunction } from './wrappers';

/** The page that holds the generated formulas table and report catalog, relative to the root. */
export const FORMULAS_PAGE = 'docs/formulas.md';

/** Pipes would split a Markdown table cell. */
const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** The JSDoc's description: its text lines before the first blank line, `Example:` or tag. */
export function jsDocSummary(jsDoc: string): string {
  const lines = jsDoc
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim());
  const out: string[] = [];
  for (const line of lines) {
    if (!line) {
      if (out.length) break;
      continue;
    }
    if (line.startsWith('@') || line.startsWith('Example:')) break;
    out.push(line);
  }
  return out.join(' ');
}

export function renderFormulasTable(fns: EntryFunction[]): string {
  const rows = fns
    .filter(isCustomFunction)
    .map((fn) => `| \`=${fn.name}(${fn.params.join(', ')})\` | ${cell(jsDocSummary(fn.jsDoc ?? ''))} |`);
  return ['| formula | what it returns |', '| --- | --- |', ...rows].join('\n');
}

export function renderCatalogTable(reports: readonly ReportSpec[]): string {
  const rows = reports.map((r) => {
    const dates = r.dateFamily ?? 'none';
    const pages = r.paginated ? `yes${r.defaultSort ? ` (sort \`${r.defaultSort}\`)` : ''}` : 'no';
    // A scored metric arrives as {value, score} and lands as two columns.
    const columns = r.columns.flatMap((c) => (c.scored ? [c.header, `${c.header} score`] : [c.header])).join(', ');
    return `| ${cell(r.label)} | \`${r.key}\` | \`${r.formula}\` | \`${r.path}\` | ${dates} | ${pages} | ${cell(columns)} |`;
  });
  return [
    '| report | key | formula | endpoint | date bounds | paginated | columns |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Replaces what lies between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export function replaceBetween(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new BuildError(`${FORMULAS_PAGE} needs the markers ${start} and ${end}, in that order.`);
  return `${text.slice(0, i + start.length)}\n${content}\n${text.slice(j)}`;
}

/** docs/formulas.md with its generated sections (the formulas table, the report catalog) brought up to date. */
export function renderFormulasPage(page: string, reports: readonly ReportSpec[], fns: EntryFunction[]): string {
  const withCatalog = replaceBetween(page, 'catalog', renderCatalogTable(reports));
  return replaceBetween(withCatalog, 'formulas', renderFormulasTable(fns));
}
