/**
 * The dashboard and the Alerts tab in the playground, in headless Chromium, offline: the charts are
 * drawn by the charting library the playground server hands out from node_modules (no CDN), and
 * follow a refresh. Screenshots go where screenshotPath says (the committed ones with UPDATE_SCREENSHOTS=1).
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground({ viewport: { width: 1500, height: 950 } });
  await pg.connect({ allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('the dashboard in the playground', () => {
  it('is made from the sidebar and drawn with its tiles and four charts', async () => {
    const tab = await pg.section('dashboard');
    await tab.locator('select[name=dashboard-siteId]').selectOption('site-1');
    await tab.locator('select[name=dashboard-period]').selectOption('lastThirtyDays');
    await tab.getByRole('button', { name: 'Create dashboard' }).click();
    await tab.locator('[data-test=dashboard-status].success').waitFor({ timeout: 90_000 });
    expect(await tab.locator('[data-test=dashboard-status]').textContent()).toBe(
      "Dashboard ready: sheet 'Dashboard - site-1 - Last 30 days'.",
    );
    await pg.tab('Dashboard - site-1 - Last 30 days').click();
    const { page } = pg;
    await page.locator('.chart-box canvas').first().waitFor();
    expect(await page.locator('.chart-box').evaluateAll((boxes) => boxes.map((b) => (b as HTMLElement).dataset.chart))).toEqual([
      'LINE',
      'COLUMN',
      'PIE',
      'TABLE',
    ]);
    expect(await page.locator('.chart-box canvas').count()).toBe(3);
    // The table chart lists the ten pages.
    expect(await page.locator('.chart-box[data-chart=TABLE] tr').count()).toBe(11);
    expect(await page.evaluate(() => typeof (window as unknown as { Chart?: unknown }).Chart)).toBe('function');
    expect(await pg.cell('A4').textContent()).toBe('Earnings');
    await pg.shot('dashboard');
    expect(pg.outside).toEqual([]);
  });

  it('the Alerts tab saves an alert and checks it now', async () => {
    const tab = await pg.section('alerts');
    await tab.locator('input[name=alert-name]').fill('RPM drop');
    await tab.locator('select[name=alert-siteId]').selectOption('site-1');
    await tab.locator('select[name=alert-condition]').selectOption('changeBelow');
    await tab.locator('input[name=alert-threshold]').fill('1');
    await tab.getByRole('button', { name: 'Save alert' }).click();
    await tab.locator('[data-test=alerts-status].success').waitFor({ timeout: 30_000 });
    expect(await tab.locator('[data-test=alert-card]').count()).toBe(1);
    expect(await tab.locator('[data-test=alert-card]').textContent()).toContain(
      'RPM on Example Kitchen (site-1) falls by more than 1% against the previous period, over the last 7 days with data',
    );
    await tab.locator('input[name=alert-name]').fill('RPM above 1');
    await tab.locator('select[name=alert-siteId]').selectOption('site-1');
    await tab.locator('select[name=alert-condition]').selectOption('above');
    await tab.locator('input[name=alert-threshold]').fill('1');
    await tab.getByRole('button', { name: 'Save alert' }).click();
    await tab.locator('[data-test=alert-card]').nth(1).waitFor({ timeout: 30_000 });
    expect(await tab.locator('[data-test=alert-card]').nth(1).textContent()).toContain(
      'RPM on Example Kitchen (site-1) is above 1, over the last 7 days with data',
    );
    await tab.getByRole('button', { name: 'Check now' }).click();
    await tab
      .locator('[data-test=alerts-status]', { hasText: 'Checked 2 of your 2 alerts: 1 fired, 1 quiet, 0 failed.' })
      .waitFor({ timeout: 60_000 });
    expect(await tab.locator('[data-test=alert-card]').first().textContent()).toMatch(/RPM 2026-\d\d-\d\d to 2026-\d\d-\d\d: \$/);
    // The change and the threshold in percent as the sheet's cells write them (+0.0%), no space before %.
    expect(await tab.locator('[data-test=alert-card]').first().textContent()).toMatch(/\): [+-]?\d+(\.\d)?%; the alert is at -1%\./);
    // Beside the summary, which alert fired, by name.
    expect(await tab.locator('[data-test=check-group]').allTextContents()).toEqual(['Fired: RPM above 1']);
    await pg.shot('alerts-check-now');
    // Nothing leaves the playground: the alert's e-mail shows as a toast.
    await pg.page.locator('.toast', { hasText: 'E-mail to owner@example.com: Creator Reporting alert: RPM on site-1' }).waitFor();
    // The dashboard's four scheduled reports can e-mail on a failed refresh.
    const notify = tab.locator('[data-test=failure-mail] input[name=notifyOnFailure]');
    expect(await notify.count()).toBe(4);
    await notify.first().check();
    await tab.locator('[data-test=failure-mail] input[name=notifyOnFailure]:checked').waitFor({ timeout: 30_000 });
    expect(await tab.locator('[data-test=failure-mail] input[name=notifyOnFailure]:checked').count()).toBe(1);
    await pg.shot('alerts');
  });
});
