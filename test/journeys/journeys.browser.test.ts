/**
 * The journeys a new user walks, in Chromium against the playground (`npm start`'s server), in a
 * browser whose own time zone (Tokyo) differs from the spreadsheet's (New York). Each step is what a
 * person does: menus, cells, the sidebar's buttons. The same journeys run without a browser on
 * dist/Code.js in *.journey.test.ts, where a failure names the server function.
 */
import { openPlayground, type Playground, pullSite2EarningsAndOfferToSave } from './playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground({ browserZone: 'Asia/Tokyo', spreadsheetZone: 'America/New_York' });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('journeys in the playground', () => {
  it('opens with no empty sidebar panel and a whole empty sheet', async () => {
    expect(await pg.page.locator('#sidebar').isVisible()).toBe(false);
    // An empty sheet shows its 26 columns, not a 10-column stub.
    expect(await pg.page.locator('#grid tr').first().locator('th').count()).toBe(27);
    expect(await pg.page.locator('#grid tr').count()).toBeGreaterThanOrEqual(100);
  });

  it('formulas: off until the owner allows them, then recalculated; rolling windows, DATE(), ranges and "all" work', async () => {
    const { page } = pg;
    await pg.typeInto('A1', '=CREATOR_EARNINGS("site-1","7daysAgo","yesterday")');
    await pg.cell('A1').locator('xpath=self::*[contains(@class,"error")]').waitFor();
    await pg.connect({ allowFormulas: true });
    expect(await pg.sidebar.locator('[data-test=settings-status]').textContent()).toMatch(
      /Formulas in this spreadsheet may use it now: 1 formula recalculated\./,
    );
    await pg.cell('A1').filter({ hasText: 'Date' }).waitFor();
    // The sidebar says what Clear does to consent before doing it.
    const settings = await pg.section('settings');
    await settings.getByRole('button', { name: 'Clear' }).click();
    expect(await settings.locator('[data-test=settings-status]').textContent()).toMatch(/turns off .Allow formulas. in every spreadsheet/);
    await pg.section('report');

    await pg.typeInto('J1', '=CREATOR_TRAFFIC_SUMMARY("site-1",DATE(2026,10,1),DATE(2026,10,31))');
    await pg.cell('J1').filter({ hasText: 'Pageviews' }).waitFor();
    await pg.typeInto('P1', 'site-1');
    await pg.typeInto('P2', 'site-2');
    await pg.typeInto('Q1', '=CREATOR_TRAFFIC_SUMMARY(P1:P2,"lastThirtyDays")');
    await pg.cell('Q3').filter({ hasText: 'site-2' }).waitFor();
    await pg.typeInto('A40', '=CREATOR_DEVICE_PERFORMANCE("all","lastMonth")');
    await pg.cell('A40').filter({ hasText: 'Site' }).waitFor();
    await pg.typeInto('J10', '=CREATOR_EARNINGS("SITE-1","lastMonth")');
    await pg.cell('J10').locator('xpath=self::*[contains(@class,"error")]').waitFor();
    expect(await pg.cell('J10').getAttribute('title')).toBe('Site IDs are case-sensitive: use site-1 (Example Kitchen), not SITE-1.');
    // One toast at a time, out of the sidebar's way.
    expect(await page.locator('.toast').count()).toBeLessThanOrEqual(1);
    await pg.shot('journey-formulas');
  }, 240_000);

  it('pull, save with a schedule, run from the Saved tab; times in the spreadsheet\u2019s zone', async () => {
    const { saved, offer } = await pullSite2EarningsAndOfferToSave(pg);
    await offer.locator('select[name=every]').selectOption('day');
    await offer.locator('select[name=hour]').selectOption('18');
    await offer.getByRole('button', { name: 'Save this report' }).click();
    const card = saved.locator('[data-report-id]').first();
    await card.waitFor();
    // Labels, not API names.
    expect(await card.locator('.hint.gray').first().textContent()).toBe(
      'Earnings \u00b7 Wander Far Travel (site-2) \u00b7 Last 30 days \u2192 Earnings - site-2',
    );
    const scheduleLine = await card.locator('.hint.gray').nth(1).textContent();
    expect(scheduleLine).toMatch(/^Daily at 18:00 \(America\/New_York time\); next \w{3} \w{3} \d+, 18:00 E[SD]T$/);

    await card.getByRole('button', { name: 'Run' }).click();
    await saved.locator('[data-test=saved-status].success').waitFor({ timeout: 90_000 });
    const status = await card.locator('[data-test=report-status]').textContent();
    expect(status).toMatch(/^Last run \w{3} \w{3} \d+, \d\d:\d\d E[SD]T · 30 rows · data through \d{4}-\d\d-\d\d\.$/);
    await pg.shot('journey-saved');

    // "Show report status" brings its sheet up.
    await pg.menu('Show report status');
    await pg.page.locator('#tabs button.active', { hasText: 'Creator Reporting status' }).waitFor();
    const grid = await pg.page.locator('#grid').textContent();
    expect(grid).toContain('OK');
    expect(grid).toContain('Last 30 days (');
  }, 240_000);

  it('a different report into a sheet that holds another\u2019s block is refused; a typed sheet name does not stick', async () => {
    const report = await pg.section('report');
    await report.locator('select[name=report]').selectOption('traffic/summary');
    await report.locator('input[name=sheetName]').fill('Earnings - site-2');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].error').waitFor({ timeout: 90_000 });
    expect(await report.locator('[data-test=run-status]').textContent()).toBe(
      "Sheet 'Earnings - site-2' already holds Earnings for site-2 (A1:G31), kept up to date by a saved report. Run that one from the Saved tab, or choose another sheet for this report.",
    );
    // No "Save this report" after a failed run.
    expect(await report.getByRole('button', { name: 'Save this report\u2026' }).isVisible()).toBe(false);
    // Choosing another site proposes that site's own sheet again.
    await report.locator('select[name=site]').selectOption('site-1');
    expect(await report.locator('input[name=sheetName]').inputValue()).toBe('Traffic summary - site-1');
  }, 120_000);

  it('edits a saved report with the builder\u2019s pickers (report, dates, limit, columns, schedule), runs it into its sheet, and deletes it', async () => {
    const saved = await pg.section('saved');
    const card = saved.locator('[data-report-id]').first();
    await card.getByRole('button', { name: 'Edit' }).click();
    // The editor opens on the saved report, in the builder's own controls.
    await card.locator('[data-test=availability]', { hasText: 'data through' }).waitFor({ timeout: 60_000 });
    expect(await card.locator('select[name=report]').inputValue()).toBe('earnings');
    expect(await card.locator('select[name=site]').inputValue()).toBe('site-2');
    expect(await card.locator('select[name=preset]').inputValue()).toBe('lastThirtyDays');
    expect(await card.locator('input[name=sheetName]').inputValue()).toBe('Earnings - site-2');
    expect(await card.locator('select[name=every]').inputValue()).toBe('day');
    expect(await card.locator('select[name=hour]').inputValue()).toBe('18');
    await card.locator('input[name=name]').scrollIntoViewIfNeeded();
    await pg.shot('journey-edit-report-open');
    await card.getByLabel('Sessions', { exact: true }).uncheck();

    // Another report: its own columns, all of them, and the page says why the choice went.
    await card.locator('select[name=report]').selectOption('pages/performance');
    await card
      .locator('[data-test=columns-note]', {
        hasText: 'Every column of Page performance is shown: the columns you chose belonged to Earnings.',
      })
      .waitFor();
    const boxes = card.locator('[data-test=columns] input[type=checkbox]');
    expect(await boxes.count()).toBeGreaterThan(5);
    expect(await card.locator('[data-test=columns] input:not(:checked)').count()).toBe(0);
    // A proposed sheet does not move a saved report: it keeps its sheet unless the user types another.
    expect(await card.locator('input[name=sheetName]').inputValue()).toBe('Earnings - site-2');
    await pg.shot('journey-edit-report-changed');

    for (const label of await boxes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))) {
      if (!['pageUrl', 'earnings', 'pageviews'].includes(label))
        await card.locator(`[data-test=columns] input[value="${label}"]`).uncheck();
    }
    await card.locator('select[name=preset]').selectOption('lastNinetyDays');
    await card.locator('select[name=every]').selectOption('off');
    // A bad limit is refused with the pull's own words before anything is saved.
    await card.locator('input[name=limit]').fill('0');
    await card.getByRole('button', { name: 'Save' }).click();
    expect(await card.locator('[data-test=edit-status].error').textContent()).toBe(
      'The limit "0" must be a whole number from 1 to 100000.',
    );
    await card.locator('input[name=limit]').fill('5');
    await pg.shot('journey-edit-report-form');
    await card.getByRole('button', { name: 'Save' }).click();
    await saved.locator('[data-test=saved-status].success').waitFor({ timeout: 60_000 });
    expect(await card.locator('.hint.gray').first().textContent()).toBe(
      'Page performance \u00b7 Wander Far Travel (site-2) \u00b7 Last 90 days \u00b7 at most 5 rows, 3 columns \u2192 Earnings - site-2',
    );
    expect(await card.locator('.hint.gray').nth(1).textContent()).toBe('Not scheduled');

    await card.getByRole('button', { name: 'Run' }).click();
    await card.locator('[data-test=report-status]', { hasText: '5 rows' }).waitFor({ timeout: 90_000 });
    // The sheet shows the new report: its three columns, five rows, nothing of the earnings block left.
    await pg.tab('Earnings - site-2').click();
    await pg
      .cell('A1')
      .filter({ hasText: /^Page URL$/ })
      .waitFor();
    expect([await pg.cell('B1').textContent(), await pg.cell('C1').textContent(), await pg.cell('D1').textContent()]).toEqual([
      'Earnings',
      'Pageviews',
      '',
    ]);
    expect(await pg.cell('A6').textContent()).toMatch(/^\/./);
    expect(await pg.cell('A7').textContent()).toBe('');
    expect(await pg.cell('G2').textContent()).toBe('');
    await pg.cell('A1').scrollIntoViewIfNeeded();
    await pg.shot('journey-edit-report-sheet');

    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Confirm delete' }).click();
    await saved.locator('[data-test=saved-status]', { hasText: 'Deleted' }).waitFor();
  }, 180_000);
});
