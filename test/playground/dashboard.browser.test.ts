/**
 * The dashboard and the Alerts tab in the playground, in headless Chromium, offline: the charts are
 * drawn by the charting library the playground server hands out from node_modules (no CDN), and
 * follow a refresh. Screenshots go to the temp folder (the README's are made by the same walk).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { startTsxChild, type TsxChild } from '../../scripts/lib/tsx';
import { launch } from '../browser/sidebar-harness';
import { ensureDist, ROOT } from '../build/fixture';
import { saveDemoCredential } from './demo-credential';

const SHOTS = process.env.DASHBOARD_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-shots-'));
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-dashboard-'));
let child: TsxChild | undefined;
let browser: Browser;
let page: Page;
let sidebar: FrameLocator;
const outside: string[] = [];

async function menu(label: string): Promise<void> {
  await page.click('#extensionsButton');
  await page.locator('#extensionsMenu button', { hasText: label }).click();
}

beforeAll(async () => {
  ensureDist();
  child = await startTsxChild(path.join(ROOT, 'playground', 'server.ts'), {
    name: 'playground',
    timeoutMs: 60_000,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PLAYGROUND_STATE: stateDir },
  });
  const url = (JSON.parse(child.firstLine) as { url: string }).url;
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  const origin = new URL(url).origin;
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(origin)) return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  await page.goto(url);
  await page.locator('#grid th').first().waitFor();
  await menu('Open sidebar');
  sidebar = page.frameLocator('#sidebarFrame');
  await saveDemoCredential(sidebar, { allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await child?.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('the dashboard in the playground', () => {
  it('is made from the sidebar and drawn with its tiles and four charts', async () => {
    await sidebar.locator('button.tab[data-section=dashboard]').click();
    await sidebar.locator('section[data-section=dashboard] input[name=dashboard-siteId]').fill('site-1');
    await sidebar.locator('section[data-section=dashboard] select[name=dashboard-period]').selectOption('lastThirtyDays');
    await sidebar.locator('section[data-section=dashboard]').getByRole('button', { name: 'Create dashboard' }).click();
    await sidebar.locator('[data-test=dashboard-status].success').waitFor({ timeout: 90_000 });
    expect(await sidebar.locator('[data-test=dashboard-status]').textContent()).toBe(
      "Dashboard ready: sheet 'Dashboard - site-1 - Last 30 days'.",
    );
    await page.locator('#tabs button', { hasText: 'Dashboard - site-1 - Last 30 days' }).click();
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
    expect(await page.locator('td[data-row="4"][data-col="1"]').textContent()).toBe('Earnings');
    await page.screenshot({ path: path.join(SHOTS, 'dashboard.png') });
    expect(outside).toEqual([]);
  });

  it('the Alerts tab saves an alert and checks it now', async () => {
    await sidebar.locator('button.tab[data-section=alerts]').click();
    const tab = sidebar.locator('section[data-section=alerts]');
    await tab.locator('input[name=alert-name]').fill('RPM drop');
    await tab.locator('input[name=alert-siteId]').fill('site-1');
    await tab.locator('select[name=alert-condition]').selectOption('changeBelow');
    await tab.locator('input[name=alert-threshold]').fill('1');
    await tab.getByRole('button', { name: 'Save alert' }).click();
    await tab.locator('[data-test=alerts-status].success').waitFor({ timeout: 30_000 });
    expect(await tab.locator('[data-test=alert-card]').count()).toBe(1);
    expect(await tab.locator('[data-test=alert-card]').textContent()).toContain(
      'RPM on site-1 falls by more than 1 % against the previous period, over the last 7 days with data',
    );
    await tab.locator('input[name=alert-name]').fill('RPM above 1');
    await tab.locator('input[name=alert-siteId]').fill('site-1');
    await tab.locator('select[name=alert-condition]').selectOption('above');
    await tab.locator('input[name=alert-threshold]').fill('1');
    await tab.getByRole('button', { name: 'Save alert' }).click();
    await tab.locator('[data-test=alert-card]').nth(1).waitFor({ timeout: 30_000 });
    expect(await tab.locator('[data-test=alert-card]').nth(1).textContent()).toContain(
      'RPM on site-1 is above 1, over the last 7 days with data',
    );
    await tab.getByRole('button', { name: 'Check now' }).click();
    await tab.locator('[data-test=alerts-status]', { hasText: 'Checked 2: 1 fired.' }).waitFor({ timeout: 60_000 });
    expect(await tab.locator('[data-test=alert-card]').first().textContent()).toMatch(/RPM 2026-\d\d-\d\d to 2026-\d\d-\d\d: \$/);
    // Nothing leaves the playground: the alert's e-mail shows as a toast.
    await page.locator('.toast', { hasText: 'E-mail to owner@example.com: Creator Reporting alert: RPM on site-1' }).waitFor();
    // The dashboard's four scheduled reports can e-mail on a failed refresh.
    const notify = tab.locator('[data-test=failure-mail] input[name=notifyOnFailure]');
    expect(await notify.count()).toBe(4);
    await notify.first().check();
    await tab.locator('[data-test=failure-mail] input[name=notifyOnFailure]:checked').waitFor({ timeout: 30_000 });
    expect(await tab.locator('[data-test=failure-mail] input[name=notifyOnFailure]:checked').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'alerts.png') });
  });
});
