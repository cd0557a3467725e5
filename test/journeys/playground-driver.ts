/**
 * Drives the playground (`npm start`'s server, in a child process) in headless Chromium as a
 * person does: menus, the formula bar, the sidebar's tabs and buttons. Screenshots go where
 * screenshotPath says (a temp folder), so tests never rewrite the committed docs/screenshots.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { startTsxChild, type TsxChild } from '../../scripts/lib/tsx';
import { launch } from '../browser/sidebar-harness';
import { ensureDist, ROOT } from '../build/fixture';
import { screenshotPath } from '../helpers/screenshots';

export interface Playground {
  url: string;
  page: Page;
  sidebar: FrameLocator;
  browser: Browser;
  menu(label: string): Promise<void>;
  typeInto(a1: string, input: string): Promise<void>;
  cell(a1: string): Locator;
  tab(name: string): Locator;
  /** The sidebar's tab (Report, Saved, Settings). */
  section(id: 'report' | 'saved' | 'settings'): Promise<Locator>;
  /** The Report tab with a site and report picked and their dates known; returns that tab. */
  pickReport(siteId: string, report: string): Promise<Locator>;
  connect(opts?: { allowFormulas?: boolean }): Promise<void>;
  advanceHour(): Promise<void>;
  shot(name: string): Promise<string>;
  close(): Promise<void>;
}

function a1(cell: string): { row: number; col: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(cell)!;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + ch.charCodeAt(0) - 64;
  return { row: Number(m[2]), col };
}

/**
 * A fresh playground (own state folder) and a browser whose time zone is `browserZone`; `env`
 * adds to the server's environment (PLAYGROUND_API_LATENCY_MS for a pull that takes a while).
 */
export async function openPlayground(
  opts: { browserZone?: string; spreadsheetZone?: string; env?: Record<string, string> } = {},
): Promise<Playground> {
  ensureDist();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journey-state-'));
  const child: TsxChild = await startTsxChild(path.join(ROOT, 'playground', 'server.ts'), {
    name: 'playground',
    timeoutMs: 90_000,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PLAYGROUND_STATE: stateDir,
      PLAYGROUND_TZ: opts.spreadsheetZone ?? 'America/New_York',
      ...opts.env,
    },
  });
  const url = (JSON.parse(child.firstLine) as { url: string }).url;
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: opts.browserZone ?? 'Asia/Tokyo' });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  await page.goto(url);
  await page.locator('#grid th').first().waitFor();
  const sidebar = page.frameLocator('#sidebarFrame');

  const pg: Playground = {
    url,
    page,
    sidebar,
    browser,
    async menu(label) {
      await page.click('#extensionsButton');
      await page.locator('#extensionsMenu button', { hasText: label }).click();
    },
    async typeInto(cell, input) {
      const { row, col } = a1(cell);
      await page.click(`td[data-row="${row}"][data-col="${col}"]`);
      await page.fill('#formulaInput', input);
      await page.press('#formulaInput', 'Enter');
      await page.locator(`#nameBox:not(:text-is("${cell}"))`).waitFor();
    },
    cell(cell) {
      const { row, col } = a1(cell);
      return page.locator(`td[data-row="${row}"][data-col="${col}"]`);
    },
    tab: (name) => page.locator('#tabs button', { hasText: name }),
    async section(id) {
      await sidebar.locator(`button.tab[data-section=${id}]`).click();
      return sidebar.locator(`section[data-section=${id}]`);
    },
    async pickReport(siteId, reportKey) {
      const report = await pg.section('report');
      await report.locator(`select[name=site] option[value=${siteId}]`).waitFor({ state: 'attached' });
      await report.locator('select[name=site]').selectOption(siteId);
      await report.locator('select[name=report]').selectOption(reportKey);
      await report.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
      return report;
    },
    async connect({ allowFormulas = true } = {}) {
      await pg.menu('Open sidebar');
      await page.locator('#sidebar:not([hidden])').waitFor();
      const settings = await pg.section('settings');
      await settings.locator('input[name=clientId]').fill('demo-client');
      await settings.locator('input[name=clientSecret]').fill('demo-secret');
      if (allowFormulas) await settings.locator('input[name=allowFormulas]').check();
      await settings.getByRole('button', { name: 'Save', exact: true }).click();
      await settings.locator('[data-test=settings-status].success').waitFor({ timeout: 60_000 });
    },
    async advanceHour() {
      const before = await page.textContent('#clock');
      await page.click('#advanceHour');
      await page.waitForFunction((old) => document.getElementById('clock')!.textContent !== old, before);
    },
    async shot(name) {
      const file = screenshotPath(`${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await browser.close();
      await child.stop();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return pg;
}
