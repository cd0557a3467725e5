/**
 * How the dashboard looks in the playground, in headless Chromium: as in Sheets, the column and
 * row headers stay over the charts when the grid is scrolled, and a long text (the dashboard's
 * "Refreshes every day at 06:00 and when ..." note) runs on over the empty cells beside it instead
 * of being cut at its column's edge; rows inserted above the KPI tiles (from the row header's
 * menu) move the tiles, and a refresh writes them where they now are, never over the notes typed
 * where they used to be. Screenshots with SCREENSHOTS=all, under screenshotPath.
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground({ viewport: { width: 1300, height: 700 } });
  await pg.connect({ allowFormulas: false });
  const tab = await pg.section('dashboard');
  await tab.locator('select[name=dashboard-siteId]').selectOption('site-1');
  await tab.locator('select[name=dashboard-period]').selectOption('lastThirtyDays');
  await tab.getByRole('button', { name: 'Create dashboard' }).click();
  await tab.locator('[data-test=dashboard-status].success').waitFor({ timeout: 90_000 });
  await pg.tab('Dashboard - site-1 - Last 30 days').click();
  await pg.page.locator('.chart-box canvas').first().waitFor();
}, 150_000);

afterAll(async () => {
  await pg?.close();
});

/** What the page shows at the middle of an element's box: the element on top there. */
async function onTopAt(selector: string, dx = 0.5, dy = 0.5): Promise<string> {
  return pg.page.evaluate(
    ([sel, fx, fy]) => {
      const box = document.querySelector(sel as string)!.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width * (fx as number), box.top + box.height * (fy as number));
      if (!top) return 'nothing';
      if (top.closest('.chart-box')) return 'chart';
      return top.tagName.toLowerCase() + (top.closest('th') ? ':header' : '');
    },
    [selector, dx, dy],
  );
}

describe('the dashboard sheet in the playground', () => {
  it('keeps the column letters and the row numbers over the charts when the grid is scrolled', async () => {
    const wrap = pg.page.locator('#gridWrap');
    // Scrolled so the first charts (anchored at row 9) pass under the header row.
    await wrap.evaluate((el) => el.scrollTo({ top: 260 }));
    await pg.page.waitForFunction(() => document.getElementById('gridWrap')!.scrollTop > 200);
    for (const col of [1, 2, 6, 7]) expect(await onTopAt(`#grid th[data-header-col="${col}"]`)).toBe('th:header');
    await pg.shot('dashboard-scrolled');
    await wrap.evaluate((el) => el.scrollTo({ top: 0, left: 300 }));
    await pg.page.waitForFunction(() => document.getElementById('gridWrap')!.scrollLeft > 200);
    expect(await onTopAt('#grid th[data-header-row="12"]')).toBe('th:header');
    await wrap.evaluate((el) => el.scrollTo({ top: 0, left: 0 }));
  });

  it('shows the whole note under the title, running on over the empty cells beside it', async () => {
    const note = pg.cell('A2');
    const text = await note.textContent();
    expect(text).toMatch(
      /^Refreshes every day at 06:00 and when you refresh its reports\. Data: sheet 'Dashboard data - site-1 - Last 30 days'\.$/,
    );
    // The text's own width fits inside what is drawn: nothing cut at A's right edge.
    const shown = await note.evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const textBox = range.getBoundingClientRect();
      const cell = td.getBoundingClientRect();
      const style = getComputedStyle(td);
      return { textRight: textBox.right, cellRight: cell.right, overflow: style.overflowX };
    });
    expect(shown.textRight).toBeGreaterThan(shown.cellRight);
    expect(shown.overflow).toBe('visible');
    // Over B2 and beyond, the note is on top (they are empty).
    expect(await onTopAt('#grid td[data-row="2"][data-col="2"]', 0.2)).not.toBe('chart');
    await pg.shot('dashboard-note');
  });

  it('two rows inserted above the tiles and notes typed there: Refresh all reports writes the tiles below them', async () => {
    const { page } = pg;
    for (let i = 0; i < 2; i++) {
      await page.locator('#grid th[data-header-row="4"]').click({ button: 'right' });
      await page.locator('#contextMenu button', { hasText: 'Insert 1 row above' }).click();
      await pg
        .cell(`A${5 + i}`)
        .filter({ hasText: /^Earnings$/ })
        .waitFor();
    }
    await pg.typeInto('A4', 'Q4 target: 5000');
    await pg.typeInto('A5', '(ask Sam)');
    await pg.cell('A5').filter({ hasText: '(ask Sam)' }).waitFor();
    // The charts moved down with their anchor cells.
    const before = await pg.cell('A7').textContent();
    await pg.menu('Refresh all reports');
    await page.locator('.toast', { hasText: 'Refreshed 4 of 4 reports.' }).waitFor({ timeout: 90_000 });
    expect(await pg.cell('A4').textContent()).toBe('Q4 target: 5000');
    expect(await pg.cell('A5').textContent()).toBe('(ask Sam)');
    expect(await pg.cell('A6').textContent()).toBe('Earnings');
    expect(await pg.cell('A7').textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await pg.cell('A8').textContent()).toMatch(/^[+-]\d+\.\d%$/);
    expect(before).toMatch(/^\$/);
    expect(await onTopAt('#grid td[data-row="9"][data-col="1"]', 0.1)).not.toBe('chart');
    await pg.shot('dashboard-rows-inserted');
  });
});
