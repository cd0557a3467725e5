/**
 * The playground as a new user meets it: `npm start`'s server in a child process, driven in
 * headless Chromium. Saves the demo credential, pulls a paginated report, types a formula, refreshes,
 * moves the clock, and restarts on the same state folder. Saves the screenshots the README shows (under /tmp unless UPDATE_SCREENSHOTS=1).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { startTsxChild, type TsxChild } from '../../scripts/lib/tsx';
import { launch } from '../browser/sidebar-harness';
import { ensureDist, ROOT } from '../build/fixture';
import { saveDemoCredential } from './demo-credential';
import { screenshotPath } from '../helpers/screenshots';

interface Running {
  url: string;
  process: TsxChild;
}

async function startServer(stateDir: string): Promise<Running> {
  const child = await startTsxChild(path.join(ROOT, 'playground', 'server.ts'), {
    name: 'playground',
    timeoutMs: 60_000,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PLAYGROUND_STATE: stateDir },
  });
  return { url: (JSON.parse(child.firstLine) as { url: string }).url, process: child };
}

const stopServer = (running: Running | undefined): Promise<void> => running?.process.stop() ?? Promise.resolve();

let browser: Browser;
let server: Running | undefined;
let page: Page;
let sidebar: FrameLocator;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-state-'));

async function openPage(): Promise<void> {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const origin = new URL(server!.url).origin;
  // Offline like CI: only the playground itself may answer.
  await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  await page.goto(server!.url);
  await page.locator('#grid th').first().waitFor();
}

async function menu(label: string): Promise<void> {
  await page.click('#extensionsButton');
  await page.locator('#extensionsMenu button', { hasText: label }).click();
}

async function typeInto(cell: string, input: string): Promise<void> {
  const col = cell.charCodeAt(0) - 64;
  const row = Number(cell.slice(1));
  await page.click(`td[data-row="${row}"][data-col="${col}"]`);
  await page.fill('#formulaInput', input);
  await page.press('#formulaInput', 'Enter');
}

const cellText = (row: number, col: number) => page.locator(`td[data-row="${row}"][data-col="${col}"]`).textContent();

beforeAll(async () => {
  ensureDist();
  server = await startServer(stateDir);
  browser = await launch();
  await openPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('the playground', () => {
  it('shows the demo credential and the add-on menu built by onOpen', async () => {
    expect(await page.textContent('#demo')).toContain('demo-client');
    expect(await page.textContent('#demo')).toContain('demo-secret');
    await page.click('#extensionsButton');
    const items = await page.locator('#extensionsMenu button').allTextContents();
    expect(items).toEqual(['Open sidebar', 'Refresh formulas', 'Refresh all reports', 'Show report status', 'Create dashboard']);
    await page.click('#extensionsButton');
  });

  it('opens the real sidebar and saves the demo credential through google.script.run', async () => {
    await menu('Open sidebar');
    await page.locator('#sidebar:not([hidden])').waitFor();
    sidebar = page.frameLocator('#sidebarFrame');
    await saveDemoCredential(sidebar, { allowFormulas: true });
    expect(await sidebar.locator('[data-test=settings-state]').textContent()).toMatch(/demo-client/);
  });

  it('pulls a paginated report into its own sheet', async () => {
    await sidebar.locator('button.tab[data-section=report]').click();
    await sidebar.locator('select[name=site] option[value=site-1]').waitFor({ state: 'attached' });
    await sidebar.locator('select[name=site]').selectOption('site-1');
    await sidebar.locator('select[name=report]').selectOption('pages/performance');
    await sidebar.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
    await sidebar.locator('section[data-section=report]').getByRole('button', { name: 'Run report' }).click();
    await sidebar.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    expect(await sidebar.locator('[data-test=run-status]').textContent()).toMatch(/^Wrote 1,203 rows to 'Page performance - site-1'/);

    await page.locator('#tabs button', { hasText: 'Page performance - site-1' }).click();
    await page.locator('#pager', { hasText: 'of 1,204' }).waitFor();
    expect(await cellText(1, 1)).toBe('Page URL');
    expect(await page.locator('td[data-row="1"][data-col="1"]').getAttribute('class')).toContain('bold');
    // Money formatted as currency, counts as numbers.
    expect(await page.locator('td[data-row="2"].num').count()).toBeGreaterThan(3);
    await page.screenshot({ path: screenshotPath('playground-report.png') });
  });

  it('evaluates a typed formula with the bundle and spills its table', async () => {
    await page.locator('#tabs button', { hasText: 'Sheet1' }).click();
    await typeInto('A1', '=CREATOR_SITES()');
    await page.locator('td[data-row="2"][data-col="1"]', { hasText: 'site-1' }).waitFor();
    expect(await cellText(1, 1)).toBe('Site ID');
    expect(await cellText(2, 2)).toBe('Example Kitchen');
    await typeInto('H1', '=CREATOR_EARNINGS("site-1", "2026-11-01", "2026-11-07")');
    await page.locator('td[data-row="1"][data-col="8"]', { hasText: 'Date' }).waitFor();
    // A formula's result carries no number format: Sheets shows dates in the locale's default form.
    expect(await cellText(2, 8)).toBe('11/1/2026');
    expect(await cellText(8, 8)).toBe('11/7/2026');
    expect(await cellText(2, 9)).toMatch(/^\d+(\.\d+)?$/);
    await page.screenshot({ path: screenshotPath('playground-formula.png') });
  });

  it('shows a formula error in its cell with a message that says what to do', async () => {
    await typeInto('A20', '=CREATOR_EARNINGS("site-1", "2020-01-01", "2020-01-31")');
    const cell = page.locator('td[data-row="20"][data-col="1"]');
    await cell.locator('xpath=self::*[contains(@class,"error")]').waitFor();
    expect(await cell.textContent()).toBe('#ERROR!');
    expect(await cell.getAttribute('title')).toMatch(/available from 2024-01-01 to 2026-\d\d-\d\d/);
  });

  it('refreshes every CREATOR_ formula from the menu, keeping the values', async () => {
    await menu('Refresh formulas');
    await page
      .locator('.toast', { hasText: /Refresh/i })
      .first()
      .waitFor();
    expect(await cellText(2, 2)).toBe('Example Kitchen');
    expect(await cellText(1, 8)).toBe('Date');
  });

  it('moves the clock forward', async () => {
    const before = await page.textContent('#clock');
    await page.click('#advanceHour');
    await page.waitForFunction((old) => document.getElementById('clock')!.textContent !== old, before);
    expect(await page.textContent('#clock')).not.toBe(before);
  });

  it('continues where the user left off after a restart', async () => {
    await page.close();
    await stopServer(server);
    expect(fs.existsSync(path.join(stateDir, 'state.json'))).toBe(true);
    server = await startServer(stateDir);
    await openPage();
    expect(await page.locator('#tabs button').allTextContents()).toEqual(expect.arrayContaining(['Sheet1', 'Page performance - site-1']));
    await page.locator('#tabs button', { hasText: 'Sheet1' }).click();
    await page.locator('td[data-row="2"][data-col="2"]', { hasText: 'Example Kitchen' }).waitFor();
    expect(await cellText(1, 8)).toBe('Date');
  });

  it('resets to an empty spreadsheet', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelectorAll('#tabs button').length === 2);
    expect(await page.locator('#tabs button').allTextContents()).toEqual(['Sheet1', '+']);
    expect(await cellText(1, 1)).toBe('');
  });
});
