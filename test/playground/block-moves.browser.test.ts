/**
 * What people do to a report sheet, through the playground's own menus as Sheets offers them, and
 * what the saved report's next refresh does: a sort of the data rows (Data > Sort range) with rows
 * frozen is replaced by the report's own order, the frozen rows kept and the note saying so; a row
 * inserted above the block for a title moves the block, and the refresh writes where it now is.
 */
import { connectedPlaygroundForFile } from '../journeys/playground-driver';

const pg = connectedPlaygroundForFile();
const SHEET = 'Earnings - site-2';

async function rowMenu(row: number, item: string): Promise<void> {
  await pg().page.locator(`#grid th[data-header-row="${row}"]`).click({ button: 'right' });
  await pg().page.locator('#contextMenu button', { hasText: item }).click();
}

/** The saved report's card Run, waited for; returns the card's status line. */
async function refreshSaved(): Promise<string> {
  const saved = await pg().section('saved');
  const card = saved.locator('[data-report-id]').first();
  await card.getByRole('button', { name: 'Run' }).click();
  // The click's handler has already set the status to "Refreshing…" (gray): the outcome replaces it.
  const status = saved.locator('[data-test=saved-status].success, [data-test=saved-status].error');
  await status.waitFor({ timeout: 90_000 });
  return (await status.textContent()) ?? '';
}

describe('a saved report survives what people do around and inside its block', () => {
  let dates: string[] = [];

  it('the data rows sorted with Data > Sort range and rows frozen: the refresh writes the report\u2019s order and keeps the frozen rows', async () => {
    const report = await pg().pickReport('site-2', 'earnings');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
    await pg().page.locator('#tabs button.active', { hasText: SHEET }).waitFor();
    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const saved = pg().sidebar.locator('section[data-section=saved]');
    await saved.locator('[data-test=save-last-run]').getByRole('button', { name: 'Save this report' }).click();
    await saved.locator('[data-report-id]').first().waitFor();
    dates = await pg()
      .page.locator('#grid td[data-col="1"]')
      .evaluateAll((tds) => tds.slice(1, 31).map((td) => td.textContent ?? ''));
    expect(dates[0]).not.toBe('');

    // Freeze rows 1-3, select the data rows A2:G31 (click, shift-click) and sort them by Earnings, Z to A.
    await rowMenu(3, 'View > Freeze > Up to row 3');
    await pg().page.locator('#grid tr.frozen').nth(2).waitFor();
    await pg().cell('A2').click();
    await pg()
      .cell('G31')
      .click({ modifiers: ['Shift'] });
    expect(await pg().page.locator('#nameBox').textContent()).toBe('A2:G31');
    await pg().cell('B5').click({ button: 'right' });
    expect(await pg().page.locator('#contextMenu button').allTextContents()).toEqual([
      'Data > Sort range A2:G31 by column B (A to Z)',
      'Data > Sort range A2:G31 by column B (Z to A)',
    ]);
    await pg().shot('playground-sort-range-menu');
    await pg().page.locator('#contextMenu button', { hasText: '(Z to A)' }).click();
    await pg().cell('A2').filter({ hasNotText: dates[0] }).waitFor();
    const sorted = await pg()
      .page.locator('#grid td[data-col="1"]')
      .evaluateAll((tds) => tds.slice(1, 31).map((td) => td.textContent ?? ''));
    expect([...sorted].sort()).toEqual([...dates].sort());
    expect(sorted).not.toEqual(dates);
    await pg().shot('playground-sorted-block');

    expect(await refreshSaved()).not.toMatch(/edited|refus|not written/i);
    await pg().cell('A2').filter({ hasText: dates[0] }).waitFor();
    const after = await pg()
      .page.locator('#grid td[data-col="1"]')
      .evaluateAll((tds) => tds.slice(1, 31).map((td) => td.textContent ?? ''));
    expect(after).toEqual(dates);
    expect(await pg().page.locator('#grid tr.frozen').count()).toBe(3);
    expect(await pg().cell('A1').getAttribute('title')).toMatch(
      /The rows had been sorted in the sheet: this refresh wrote them in the report's own order/,
    );
    await pg().shot('playground-sort-replaced');
  }, 240_000);

  it('a row inserted above the block and a title typed in the new A1: the refresh writes where the block now is', async () => {
    await rowMenu(1, 'Insert 1 row above');
    await pg().cell('A2').filter({ hasText: 'Date' }).waitFor();
    await pg().typeInto('A1', 'Daily earnings, site 2');
    await pg().cell('A1').filter({ hasText: 'Daily earnings, site 2' }).waitFor();
    await pg().shot('playground-title-above');
    expect(await refreshSaved()).not.toMatch(/other content|refus|not written/i);
    expect(await pg().cell('A1').textContent()).toBe('Daily earnings, site 2');
    expect(await pg().cell('A2').textContent()).toBe('Date');
    await pg().cell('A3').filter({ hasText: dates[0] }).waitFor();
    expect(await pg().cell('A2').getAttribute('title')).toMatch(/^Creator Reporting: Earnings/);
    await pg().shot('playground-title-above-refreshed');
  }, 240_000);

  it('a sort with a value typed over is still refused, and what the user typed stays', async () => {
    await pg().cell('A3').click();
    await pg()
      .cell('G32')
      .click({ modifiers: ['Shift'] });
    await pg().cell('C3').click({ button: 'right' });
    await pg().page.locator('#contextMenu button', { hasText: '(Z to A)' }).click();
    await pg().cell('A3').filter({ hasNotText: dates[0] }).waitFor();
    await pg().typeInto('B5', '12345');
    await pg()
      .cell('B5')
      .filter({ hasText: /12,?345/ })
      .waitFor();
    expect(await refreshSaved()).toMatch(/has cells edited in B\d+(:B\d+)?, inside the report's block A2:G32/);
    expect(await pg().cell('B5').textContent()).toMatch(/12,?345/);
    await pg().shot('playground-sort-and-edit-refused');
  }, 240_000);
});
