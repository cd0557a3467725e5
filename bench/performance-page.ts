/**
 * Writes the latest table into docs/performance.md, between the bench markers. Only that span is
 * touched (the page's prose is hand-written); the section and markers are created if missing.
 */
import * as fs from 'node:fs';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

export function withTable(page: string, table: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start >= 0 && end > start) return `${page.slice(0, start + START.length)}\n${table}\n${page.slice(end)}`;
  const block = `${START}\n${table}\n${END}`;
  const heading = /^#{1,2} Performance[ \t]*$/m.exec(page);
  if (!heading) return `${page.replace(/\n*$/, '\n')}\n## Performance\n\n${block}\n`;
  // Right under the heading: the hand-written text below it stays where it is.
  const at = heading.index + heading[0].length;
  return `${page.slice(0, at)}\n\n${block}\n${page.slice(at).replace(/^\n+/, '\n')}`;
}

export function updatePerformancePage(file: string, table: string): boolean {
  const current = fs.readFileSync(file, 'utf8');
  const next = withTable(current, table);
  if (next !== current) fs.writeFileSync(file, next);
  return next !== current;
}
