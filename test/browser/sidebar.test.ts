import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { Emulator } from '../../emulator';
import { HOSTILE_SITE_NAME, hostileSiteName } from '../sidebar/world';
import { openEmulatedSidebar, type EmulatedSidebar } from './sidebar-harness';
import { screenshotPath } from '../helpers/screenshots';
import { viewFit, withViewport } from '../helpers/in-view';

const SCREENSHOT = screenshotPath('sidebar.png');
const SETTINGS_SCREENSHOT = screenshotPath('sidebar-settings.png');

let sidebar: EmulatedSidebar;
let emu: Emulator;
let page: Page;

beforeAll(async () => {
  sidebar = await openEmulatedSidebar({ edit: hostileSiteName });
  ({ emu, page } = sidebar);
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
});

const inSection = (id: string) => page.locator(`section[data-section=${id}]`);
const settingsStatus = () => page.locator('[data-test=settings-status]');
const runStatus = () => page.locator('[data-test=run-status]');

describe('the sidebar page', () => {
  it('opens on Settings while no credential is saved, and looks complete without Google\u2019s stylesheet', async () => {
    await page.locator('input[name=clientId]').waitFor();
    expect(await page.locator('section[data-section=settings]').isVisible()).toBe(true);
    expect(await page.locator('[data-test=settings-state]').textContent()).toMatch(/Not set up yet/);
    // Nothing saved yet: the demo is offered under the form.
    expect(await page.locator('[data-test=demo-offer]').isVisible()).toBe(true);
    expect(sidebar.blocked.some((u) => u.includes('ssl.gstatic.com/docs/script/css/add-ons1.css'))).toBe(true);
    // Our own CSS still styles the primary button (blue, white text).
    const save = inSection('settings').getByRole('button', { name: 'Save', exact: true });
    expect(await save.evaluate((b) => getComputedStyle(b).color)).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
  });

  it('shows a clear error for a wrong secret and keeps nothing of it in the page', async () => {
    await page.fill('input[name=clientId]', 'demo-client');
    await page.fill('input[name=clientSecret]', 'not-the-secret');
    await inSection('settings').getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-test=settings-status].error').waitFor();
    expect(await settingsStatus().textContent()).toMatch(/rejected|check the client ID and secret/i);
    expect(await page.inputValue('input[name=clientSecret]')).toBe('');
    expect(await page.content()).not.toContain('not-the-secret');
  });

  it('saves the demo credential and then shows only the masked secret', async () => {
    await page.fill('input[name=clientSecret]', 'demo-secret');
    await inSection('settings').getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-test=settings-status].success').waitFor();
    expect(await page.inputValue('input[name=clientSecret]')).toBe('');
    const placeholder = await page.getAttribute('input[name=clientSecret]', 'placeholder');
    expect(placeholder).toMatch(/•/);
    expect(placeholder).not.toContain('demo-secret');
    expect(await page.content()).not.toContain('demo-secret');
    expect(await page.locator('[data-test=settings-state]').textContent()).toMatch(/Connected with client ID demo-client/);
    expect(await page.locator('[data-test=demo-offer]').isVisible()).toBe(false);
    await page.screenshot({ path: SETTINGS_SCREENSHOT, fullPage: true });
  });

  it('tests the connection and lists the sites, a hostile name as plain text', async () => {
    await inSection('settings').getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-test=connection-sites] li').first().waitFor();
    const names = await page.locator('[data-test=connection-sites] .site-name').allTextContents();
    expect(names).toContain(HOSTILE_SITE_NAME);
    expect(await page.locator('[data-test=connection-sites] img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('builds a report: sites active first, reports grouped, dates from the site\u2019s bounds', async () => {
    await page.click('button.tab[data-section=report]');
    await page.locator('select[name=site] option[value=site-1]').waitFor({ state: 'attached' });
    const sites = await page.locator('select[name=site] option').allTextContents();
    expect(sites[0]).toBe('All active sites');
    expect(sites[1]).toBe('Example Kitchen (site-1)');
    expect(sites[sites.length - 1]).toBe('Retired Recipes (site-old) \u00b7 inactive');
    expect(sites.some((s) => s.startsWith(HOSTILE_SITE_NAME))).toBe(true);
    expect(await page.locator('img').count()).toBe(0);

    await page.selectOption('select[name=site]', 'site-1');
    expect(await page.locator('[data-test=site-url]').textContent()).toBe('https://example-kitchen.com');
    const groups = await page.locator('select[name=report] optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    expect(groups).toEqual(['Traffic', 'Performance', 'Account']);
    await page.selectOption('select[name=report]', 'pages/performance');
    expect(await page.locator('[data-test=report-description]').textContent()).toMatch(/per page/);
    await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
    expect(await page.locator('[data-test=availability]').textContent()).toMatch(
      /^Available 2024-01-01 to 2026-11-\d\d · data through 2026-11-\d\d/,
    );
    expect(await page.locator('select[name=preset] option[value=lastThirtyDays]').textContent()).toBe('Last 30 days');
    expect(await page.inputValue('select[name=preset]')).toBe('lastThirtyDays');
    expect(await page.locator('[data-test=preset-range]').textContent()).toMatch(/^2026-10-\d\d to 2026-11-\d\d$/);
    expect(await page.inputValue('input[name=sheetName]')).toBe('Page performance - site-1');

    // An inactive site has no presets; going back to an active one keeps the rolling range chosen.
    await page.selectOption('select[name=site]', 'site-old');
    await page.locator('select[name=preset] option[value=lastThirtyDays]').waitFor({ state: 'detached' });
    await page.selectOption('select[name=site]', 'site-1');
    await page.locator('select[name=preset] option[value=lastThirtyDays]').waitFor({ state: 'attached' });
    expect(await page.inputValue('select[name=preset]')).toBe('lastThirtyDays');
    expect(await page.inputValue('input[name=sheetName]')).toBe('Page performance - site-1');
  });

  it('checks custom dates against the bounds in the page, before anything is fetched', async () => {
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=start]', '2020-01-01');
    await page.fill('input[name=end]', '2020-01-31');
    const before = sidebar.calls.length;
    await inSection('report').getByRole('button', { name: 'Run report' }).click();
    await page.locator('[data-test=run-status].error').waitFor();
    expect(await runStatus().textContent()).toMatch(
      /^Data is available from 2024-01-01 to 2026-11-\d\d\. Choose dates inside that range\.$/,
    );
    expect(sidebar.calls.slice(before)).not.toContain('runReport');
  });

  it('runs the report into the sheet and says how many rows went where', async () => {
    await page.selectOption('select[name=preset]', 'lastThirtyDays');
    await inSection('report').getByRole('button', { name: 'Run report' }).click();
    await page.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    expect(await runStatus().textContent()).toMatch(
      /^Wrote 1,203 rows to 'Page performance - site-1'!A1:[A-Z]+1204 in (under a second|[\d.]+ s)\. Dates 2026-\d\d-\d\d to 2026-11-\d\d\. Data through 2026-11-\d\d\.$/,
    );
    const sheet = emu.spreadsheet.getSheetByName('Page performance - site-1')!;
    expect(sheet.getLastRow()).toBe(1204);
    expect(sheet.getRange('A1').getFontWeight()).toBe('bold');
    expect(sidebar.calls).toContain('getDateOptions');

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(5_000);

    // The Saved tab (its own section file) takes the run over from here.
    await inSection('report').getByRole('button', { name: 'Save this report\u2026' }).click();
    expect(await inSection('saved').isVisible()).toBe(true);
    expect(await inSection('report').isVisible()).toBe(false);
    await page.click('button.tab[data-section=report]');
  }, 90_000);

  it('shows a server error about a hostile sheet name as text, with what to do', async () => {
    const hostileSheet = '<img src=x onerror="window.__pwned=2">';
    emu.spreadsheet.insertSheet(hostileSheet).getRange('A1').setValue('mine');
    // The report first: a new choice proposes its own sheet name again, replacing a typed one.
    await page.selectOption('select[name=report]', 'earnings');
    await page.fill('input[name=sheetName]', hostileSheet);
    await inSection('report').getByRole('button', { name: 'Run report' }).click();
    await page.locator('[data-test=run-status].error').waitFor({ timeout: 60_000 });
    expect(await runStatus().textContent()).toBe(
      `Sheet '${hostileSheet}' has other content in A1, where this report needs to write. Move that content or choose another sheet.`,
    );
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(emu.spreadsheet.getSheetByName(hostileSheet)!.getRange('A1').getValue()).toBe('mine');
  }, 90_000);
  it('brings a refusal into view on a long form, wherever the button that caused it sits', async () => {
    // A sidebar's height on a small laptop: the form is longer than the panel.
    await withViewport(page, { width: 300, height: 420 }, async () => {
      await page.click('button.tab[data-section=alerts]');
      const save = inSection('alerts').getByRole('button', { name: 'Save alert' });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const status = page.locator('[data-test=alerts-status].error');
      await status.waitFor();
      // The site comes from the builder's picker (site-1 already chosen): the missing threshold is refused.
      expect(await status.textContent()).toBe('Give the threshold the value is compared with.');
      expect(await viewFit(page, status)).toEqual({ above: 0, below: 0 });
    });
  }, 60_000);
});
