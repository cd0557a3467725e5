/**
 * The cells of a day share one Date (src/pull/day-cells.ts), and a text repeated down a column one
 * string (src/table/to-table.ts): walked as a user pulling Page performance from the sidebar, every
 * row still shows its own day and its own texts, in the spreadsheet's date format.
 */
import { connectedPlaygroundForFile } from '../journeys/playground-driver';

const pg = connectedPlaygroundForFile();

it('a Page performance pull shows each row its Modified day and its author, days repeating down the column', async () => {
  const report = await pg().pickReport('site-1', 'pages/performance');
  await report.getByRole('button', { name: 'Run report' }).click();
  await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
  await pg().page.locator('#tabs button.active', { hasText: 'Page performance - site-1' }).waitFor();
  await pg().showNow('Page performance - site-1');
  const grid = await pg()
    .page.locator('#grid tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')));
  const [header, ...rows] = grid.filter((row) => row.some((text) => text !== ''));
  const column = (name: string): string[] => rows.map((row) => row[header.indexOf(name)]);
  expect(header).toEqual(expect.arrayContaining(['Modified', 'Author', 'Site URL']));
  const days = column('Modified').filter((text) => text !== '');
  expect(days.length).toBeGreaterThan(20);
  expect(days.filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text))).toEqual([]);
  // Some day is shown on several rows (its cells share one Date), and several days are shown.
  expect(new Set(days).size).toBeLessThan(days.length);
  expect(new Set(days).size).toBeGreaterThan(10);
  // Texts as the API sent them, whichever row's string a cell took.
  expect(column('Author')).toEqual(expect.arrayContaining(['Sam O\u2019Connor', 'Ana Souza']));
  expect(new Set(column('Site URL').filter((text) => text !== '')).size).toBe(1);
  await pg().shot('playground-day-cells');
}, 300_000);
