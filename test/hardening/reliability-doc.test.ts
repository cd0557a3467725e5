/**
 * docs/reliability.md's matrix and counts come from the rows the hardening tests run: if a row is
 * added, removed or renamed without regenerating the doc, this fails.
 */
import * as fs from 'node:fs';
import { BEGIN, counts, DOC, END, render } from './reliability-doc';

const doc = fs.readFileSync(DOC, 'utf8');

test('the matrix section of docs/reliability.md is the generated one', () => {
  const section = doc.slice(doc.indexOf(BEGIN), doc.indexOf(END) + END.length);
  expect(section).toBe(render());
});

test.each(counts().map((c) => [c.area, c] as const))('the doc states the counts of "%s"', (_area, c) => {
  const line = doc.split('\n').find((l) => l.startsWith(`| ${c.area} |`));
  expect(line).toBeDefined();
  const cells = line!.split('|').map((s) => s.trim());
  expect([Number(cells[3]), Number(cells[4])]).toEqual([c.tried, c.passed]);
});
