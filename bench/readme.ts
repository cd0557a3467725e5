/**
 * Writes the latest table into README.md's Performance section, between the bench markers. Only
 * that span is touched (others own the rest of the README); the section and markers are created
 * if missing.
 */
import * as fs from 'node:fs';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start >= 0 && end > start) return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
  const block = `${START}\n${table}\n${END}`;
  const heading = /^## Performance[ \t]*$/m.exec(readme);
  if (!heading) return `${readme.replace(/\n*$/, '\n')}\n## Performance\n\n${block}\n`;
  // Right under the heading: the hand-written text below it stays where it is.
  const at = heading.index + heading[0].length;
  return `${readme.slice(0, at)}\n\n${block}\n${readme.slice(at).replace(/^\n+/, '\n')}`;
}

export function updateReadme(file: string, table: string): boolean {
  const current = fs.readFileSync(file, 'utf8');
  const next = withTable(current, table);
  if (next !== current) fs.writeFileSync(file, next);
  return next !== current;
}
