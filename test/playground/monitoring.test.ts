/**
 * Totals, comparisons and history as a person uses them in the playground (`npm start`'s server,
 * headless Chromium): the builder's Totals row and Compare with, a CREATOR_COMPARE formula, and a
 * saved report that keeps history. Screenshots go to a temp folder; `SCREENSHOTS=docs` writes the
 * README's into docs/screenshots.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { startTsxChild, type TsxChild } from '../../scripts/lib/tsx';
import { launch } from '../browser/sidebar-harness';
import { ensureDist, ROOT } from '../build/fixture';
import { saveDemoCredential } from './demo-credential';

const SHOTS =
  process.env.SCREENSHOTS === 'docs' ? path.join(ROOT, 'docs', 'screenshots') : fs.mkdtempSync(path.join(os.tmpdir(), 'monitoring-shots-'));
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-monitoring-'));
let child: TsxChild;
let browser: Browser;
let page: Page;
let sidebar: FrameLocator;

const cellText = (row: number, col: number) => page.locator(`td[data-row="${row}"][data-col="${col}"]`).textContent();
const headerRow = async (cols: number) => Promise.all(Array.from({ length: cols }, (_, i) => cellText(1, i + 1)));

async function typeInto(cell: string, input: string): Promise<void> {
  await page.click(`td[data-row="${Number(cell.slice(1))}"][data-col="${cell.charCodeAt(0) - 64}"]`);
  await page.fill('#formulaInput', input);
  await page.press('#formulaInput', 'Enter');
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
  page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const origin = new URL(url).origin;
  await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  await page.goto(url);
  await page.locator('#grid th').first().waitFor();
  await page.click('#extensionsButton');
  await page.locator('#extensionsMenu button', { hasText: 'Open sidebar' }).click();
  sidebar = page.frameLocator('#sidebarFrame');
  await saveDemoCredential(sidebar, { allowFormulas: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await child?.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('monitoring over time in the playground', () => {
  it('runs a report with a Totals row compared with the previous period', async () => {
    await sidebar.locator('button.tab[data-section=report]').click();
    await sidebar.locator('select[name=site] option[value=site-1]').waitFor({ state: 'attached' });
    await sidebar.locator('select[name=site]').selectOption('site-1');
    await sidebar.locator('select[name=report]').selectOption('devices/performance');
    await sidebar.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
    await sidebar.locator('input[name=totals]').check();
    await sidebar.locator('select[name=compareTo]').selectOption('previousPeriod');
    await sidebar.locator('section[data-section=report]').getByRole('button', { name: 'Run report' }).click();
    await sidebar.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    await page.locator('#tabs button', { hasText: 'Device performance - site-1' }).click();
    await page.locator('td[data-row="1"][data-col="3"]', { hasText: 'Earnings previous' }).waitFor();
    await page.locator('td[data-row="1"][data-col="1"]', { hasText: /^Device$/ }).waitFor();
    expect(await headerRow(5)).toEqual(['Device', 'Earnings', 'Earnings previous', 'Earnings change', 'Earnings change %']);
    expect(await cellText(5, 1)).toBe('Total');
    expect(await cellText(2, 5)).toMatch(/^-?\d+\.\d%$/);
    await page.screenshot({ path: path.join(SHOTS, 'playground-compare.png') });
  });

  it('types CREATOR_COMPARE for a daily series a year back, weekdays aligned', async () => {
    await page.locator('#tabs button', { hasText: 'Sheet1' }).click();
    await typeInto('A1', '=CREATOR_COMPARE("earnings", "site-1", "lastThirtyDays", , "previousYearWeekday", "totals=true")');
    await page.locator('td[data-row="1"][data-col="2"]', { hasText: 'Previous date' }).waitFor();
    expect(await cellText(32, 1)).toBe('Total');
    await page.screenshot({ path: path.join(SHOTS, 'playground-compare-formula.png') });
  });

  it('saves a report that keeps history, saying what it costs, and refreshes it into its sheet', async () => {
    await sidebar.locator('button.tab[data-section=report]').click();
    await sidebar.locator('input[name=totals]').uncheck();
    await sidebar.locator('select[name=compareTo]').selectOption('');
    await sidebar.locator('input[name=sheetName]').fill('Devices');
    await sidebar.locator('section[data-section=report]').getByRole('button', { name: 'Run report' }).click();
    await sidebar.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    await sidebar.getByRole('button', { name: 'Save this report\u2026' }).click();
    await sidebar.locator('input[name=keepHistory]').check();
    const cost = sidebar.locator('[data-test=history-cost]');
    expect(await cost.textContent()).toMatch(
      /pulled day by day: 30 requests per site for the first fill, then about 9 per site for a daily refresh/,
    );
    await sidebar.locator('select[name=every]').last().selectOption('month');
    await sidebar.locator('select[name=monthDay]').last().selectOption('2');
    await page.screenshot({ path: path.join(SHOTS, 'playground-history-save.png') });
    await sidebar.getByRole('button', { name: 'Save this report' }).click();
    const card = sidebar.locator('[data-report-id]').first();
    await card.waitFor();
    expect(await card.textContent()).toMatch(/history, 7-day revision window/);
    expect(await card.textContent()).toMatch(/Monthly on the 2nd at 06:00/);
    // The history goes to a sheet of its own.
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.locator('input[name=sheetName]').fill('Device history');
    await card.getByRole('button', { name: 'Save' }).click();
    await sidebar.locator('[data-report-id]').first().getByRole('button', { name: 'Run' }).click();
    await page.locator('#tabs button', { hasText: 'Device history' }).waitFor({ timeout: 60_000 });
    await page.locator('#tabs button', { hasText: 'Device history' }).click();
    await page.locator('td[data-row="1"][data-col="2"]', { hasText: /^Device$/ }).waitFor();
    expect(await headerRow(3)).toEqual(['Date', 'Device', 'Earnings']);
    // 30 days of three devices, one row per day and device.
    expect(await cellText(91, 2)).toMatch(/^(desktop|mobile|tablet)$/);
    expect(await cellText(92, 2)).toBe('');
    await page.screenshot({ path: path.join(SHOTS, 'playground-history.png') });
  });
});
