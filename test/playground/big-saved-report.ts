import type { Playground } from '../journeys/playground-driver';

/** The sheet a pull of site-big's Page performance goes to. */
export const BIG_SHEET = 'Page performance - site-big';

/**
 * Pulls the first `rows` rows of site-big's Page performance from the Report tab, types `typed`
 * (cell, text) into the sheet, and saves the pull as a report: the start of every walk of a big
 * saved report's refresh.
 */
export async function pullAndSave(pg: Playground, rows: number, typed: Array<[string, string]>): Promise<void> {
  const report = await pg.pickReport('site-big', 'pages/performance');
  await report.locator('input[name=limit]').fill(String(rows));
  await report.getByRole('button', { name: 'Run report' }).click();
  const status = pg.sidebar.locator('[data-test=run-status]');
  await pg.sidebar.locator('[data-test=run-status].success, [data-test=run-status].error').waitFor({ timeout: 300_000 });
  const shown = rows.toLocaleString('en-US');
  expect(await status.textContent()).toMatch(new RegExp(`^Wrote ${shown} rows to '${BIG_SHEET}'!A1:O${rows + 1} in `));
  for (const [cell, text] of typed) {
    await pg.typeInto(cell, text);
    expect(await pg.cell(cell).textContent()).toBe(text);
  }

  await report.getByRole('button', { name: 'Save this report\u2026' }).click();
  const saved = pg.sidebar.locator('section[data-section=saved]');
  await saved.locator('[data-test=save-last-run]').getByRole('button', { name: 'Save this report' }).click();
  await saved.locator('[data-report-id]').first().waitFor();
}

/**
 * The saved report's card in the Saved tab, the report's sheet shown; with `slow`, the playground
 * restarted first at that many times the usual pace (PLAYGROUND_SLOW) and the sidebar opened again.
 */
export async function savedReportCard(pg: Playground, slow?: string) {
  if (slow) {
    await pg.restart({ PLAYGROUND_SLOW: slow });
    await pg.menu('Open sidebar');
    await pg.page.locator('#sidebar:not([hidden])').waitFor();
  }
  const saved = await pg.section('saved');
  const card = saved.locator('[data-report-id]').first();
  await card.waitFor();
  await pg.tab(BIG_SHEET).click();
  return { saved, card };
}
