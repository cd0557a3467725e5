/**
 * A walk through the built sidebar in Chromium against the drift fake (fake-api/drift.ts): a
 * summary row instead of a daily series is explained in the result line, a big report still lands
 * whole, and a web firewall's challenge reads as what it is, with what to do.
 */
import type { Page } from 'playwright-core';
import type { Emulator } from '../../emulator';
import { ALL_DRIFT, type FakeApi } from '../../fake-api';
import { screenshot } from '../helpers/screenshots';
import { openEmulatedSidebar, type EmulatedSidebar } from './sidebar-harness';

let sidebar: EmulatedSidebar;
let emu: Emulator;
let api: FakeApi;
let page: Page;

beforeAll(async () => {
  sidebar = await openEmulatedSidebar({ drift: { ...ALL_DRIFT, earningsSummaryOnly: true } });
  ({ emu, api, page } = sidebar);
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
});

const report = () => page.locator('section[data-section=report]');
const runStatus = () => page.locator('[data-test=run-status]');

async function run(reportKey: string, sheetName?: string): Promise<void> {
  await page.selectOption('select[name=report]', reportKey);
  await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
  await page.selectOption('select[name=preset]', 'lastMonth');
  // Typed after choosing the report, which proposes its own sheet name.
  if (sheetName) await page.fill('input[name=sheetName]', sheetName);
  await report().getByRole('button', { name: 'Run report' }).click();
}

describe('the sidebar against the drift fake', () => {
  it('connects and offers the dates read from timestamped bounds', async () => {
    await page.locator('input[name=clientId]').waitFor();
    await page.fill('input[name=clientId]', 'demo-client');
    await page.fill('input[name=clientSecret]', 'demo-secret');
    await page.locator('section[data-section=settings]').getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-test=settings-status].success').waitFor();
    await page.click('button.tab[data-section=report]');
    await page.locator('select[name=site] option[value=site-1]').waitFor({ state: 'attached' });
    await page.selectOption('select[name=site]', 'site-1');
    await page.selectOption('select[name=report]', 'earnings');
    await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
    expect(await page.locator('[data-test=availability]').textContent()).toMatch(
      /^Available 2024-01-01 to 2026-11-19 · data through 2026-11-19/,
    );
  });

  it('earnings as one summary row: the result line says so, and a quick run took "under a second", never "0 s"', async () => {
    await run('earnings');
    await page.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    expect(await runStatus().textContent()).toMatch(
      /^Wrote 1 row to 'Earnings - site-1'!A1:F2 in under a second\. Dates 2026-10-01 to 2026-10-31\. Data through 2026-11-19\. The Creator API sent one summary row for 2026-10-01 to 2026-10-31, not a day-by-day series, so there is no Date column\.$/,
    );
    const sheet = emu.spreadsheet.getSheetByName('Earnings - site-1')!;
    expect(sheet.getRange('A1:F1').getValues()[0]).toEqual(['Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
    await screenshot(page, 'drift-summary', { fullPage: true });
  }, 90_000);

  it('page performance with 250-row pages and a refused sort still lands whole, sorted', async () => {
    await run('pages/performance', 'Pages');
    await page.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    expect(await runStatus().textContent()).toMatch(/^Wrote 1,203 rows to 'Pages'!A1:[A-Z]+1204 /);
    const sheet = emu.spreadsheet.getSheetByName('Pages')!;
    const header = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0];
    expect(header).toContain('Brief ID');
    expect(header).not.toContain('Viewability score');
    const earnings = sheet
      .getRange(2, header.indexOf('Earnings') + 1, 1203, 1)
      .getValues()
      .map((r) => r[0] as number);
    expect([...earnings].sort((a, b) => b - a)).toEqual(earnings);
  }, 90_000);

  it('a web firewall challenge: a plain message with what to do, and the sheet untouched', async () => {
    api.setDrift({ firewall: true });
    await run('devices/performance', 'Firewalled');
    await page.locator('[data-test=run-status].error').waitFor({ timeout: 60_000 });
    expect(await runStatus().textContent()).toMatch(
      /^The Creator API's host answered with a web page instead of data \(status 202\)\. This usually means its web firewall stopped the request to check for a browser, which Google's servers cannot pass\. Wait a few minutes and try again;/,
    );
    expect(emu.spreadsheet.getSheetByName('Firewalled')).toBeNull();
    await screenshot(page, 'drift-firewall', { fullPage: true });
  }, 90_000);
});
