/**
 * BigQuery in the playground, in headless Chromium: a report run from the sidebar, saved with
 * "Also send to BigQuery", and its rows shown in the page's emulated BigQuery panel.
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground({ viewport: { width: 1400, height: 1000 } });
  await pg.connect({ allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('BigQuery in the playground', () => {
  it('a saved report with a BigQuery table: Test, Save, Run, and the table with its rows under the sheet', async () => {
    const report = await pg.pickReport('site-1', 'earnings');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const saved = pg.sidebar.locator('section[data-section=saved]');
    const offer = saved.locator('[data-test=save-last-run]');
    const section = offer.locator('[data-test=warehouse-section]');
    await section.locator('input[name=bqProject]').fill('playground-project');
    await section.locator('input[name=bqDataset]').fill('creator_reports');
    await section.locator('input[name=bqTable]').fill('earnings_site_1');
    await section.getByRole('button', { name: 'Test' }).click();
    await section.getByText(/Ready: each refresh also sends its rows there/).waitFor({ timeout: 30_000 });
    await offer.getByRole('button', { name: 'Save this report' }).click();
    const card = saved.locator('[data-report-id]').first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Run' }).click();
    await card
      .locator('[data-test=warehouse-line]', { hasText: 'rows sent to playground-project.creator_reports.earnings_site_1' })
      .waitFor({ timeout: 90_000 });
    const { page } = pg;
    const panel = page.locator('#warehouse');
    await panel.locator('summary', { hasText: 'BigQuery (emulated): 1 table' }).waitFor({ timeout: 30_000 });
    await panel.locator('summary').click();
    const title = await panel.locator('h3').first().textContent();
    expect(title).toMatch(/^playground-project\.creator_reports\.earnings_site_1: 30 rows, partitioned by date$/);
    const headers = await panel.locator('table.warehouse-rows th').allTextContents();
    expect(headers.slice(0, 4)).toEqual(['site_id STRING', 'site_name STRING', 'date DATE', 'earnings NUMERIC']);
    expect(await panel.locator('table.warehouse-rows tr').count()).toBe(26);
    expect(await panel.locator('table.warehouse-rows tr').nth(1).locator('td').first().textContent()).toBe('site-1');
    await pg.shot('warehouse-playground');
    expect(pg.outside).toEqual([]);
  }, 240_000);
});
