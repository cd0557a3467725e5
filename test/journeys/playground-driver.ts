/**
 * Drives the playground (`npm start`'s server, in a child process) in headless Chromium as a
 * person does: menus, the formula bar, the sidebar's tabs and buttons. Screenshots go where
 * screenshotPath says (a temp folder), so tests never rewrite the committed docs/screenshots.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { startChild, type TsxChild } from '../../scripts/lib/tsx';
import { launch } from '../helpers/chromium';
import { builtAddOn, PLAYGROUND_SERVER } from '../helpers/built';
import { screenshot } from '../helpers/screenshots';

export interface PlaygroundOptions {
  /** The browser's own time zone (default Tokyo, far from the spreadsheet's). */
  browserZone?: string;
  spreadsheetZone?: string;
  /** Added to the server's environment (PLAYGROUND_API_LATENCY_MS for a pull that takes a while). */
  env?: Record<string, string>;
  viewport?: { width: number; height: number };
}

export interface Playground {
  url: string;
  /** The state folder the server keeps the spreadsheet in (kept across restart()). */
  stateDir: string;
  /** Replaced by restart(). */
  page: Page;
  sidebar: FrameLocator;
  browser: Browser;
  /** Requests the page tried to send anywhere but the playground (refused: the walk is offline). */
  outside: string[];
  menu(label: string): Promise<void>;
  typeInto(a1: string, input: string): Promise<void>;
  cell(a1: string): Locator;
  tab(name: string): Locator;
  /**
   * Shows sheet `name` as the server holds it now: its tab clicked, and the page drawn from an
   * answer asked for after the click (an answer asked for earlier, say during a refresh, shows the
   * sheet as it was then).
   */
  showNow(name: string): Promise<void>;
  /** The sidebar's tab (Report, Saved, Settings, …), shown. */
  section(id: 'report' | 'saved' | 'settings' | 'dashboard' | 'alerts'): Promise<Locator>;
  /** The Report tab with a site and report picked and their dates known; returns that tab. */
  pickReport(siteId: string, report: string): Promise<Locator>;
  /** Opens the sidebar from the menu and saves the demo credential, as the page's banner says. */
  connect(opts?: { allowFormulas?: boolean }): Promise<void>;
  advanceHour(): Promise<void>;
  /**
   * Stops the server and starts it again on the same state folder, in a new page; `env` added to
   * the server's environment from now on (a playground made slow on a later day).
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** A screenshot of the page (helpers/screenshots.ts says which are taken). */
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

function a1(cell: string): { row: number; col: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(cell)!;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + ch.charCodeAt(0) - 64;
  return { row: Number(m[2]), col };
}

/**
 * `npm start`'s server on its own port and state folder, once it says where it listens. Bundled for
 * plain node by the jest globalSetup: the same program, without tsx transpiling it at each start.
 */
async function startServer(stateDir: string, opts: PlaygroundOptions): Promise<{ url: string; child: TsxChild }> {
  const child = await startChild(process.execPath, [path.join(builtAddOn().dir, PLAYGROUND_SERVER)], {
    name: 'playground',
    timeoutMs: 90_000,
    // Its state is saved on SIGTERM: a 60,000-row sheet takes seconds on a loaded machine, and a
    // restart after a kill midway would find the state of an earlier save.
    stopGraceMs: 60_000,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PLAYGROUND_STATE: stateDir,
      PLAYGROUND_TZ: opts.spreadsheetZone ?? 'America/New_York',
      // The build of this test run (jest's globalSetup), never a dist/ left from an older build.
      PLAYGROUND_DIST: builtAddOn().dir,
      ...opts.env,
    },
  });
  return { url: (JSON.parse(child.firstLine) as { url: string }).url, child };
}

/** A fresh playground (own state folder) in a headless Chromium started alongside the server. */
export async function openPlayground(opts: PlaygroundOptions = {}): Promise<Playground> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-state-'));
  const [serverStart, browserStart] = await Promise.allSettled([startServer(stateDir, opts), launch()]);
  if (serverStart.status === 'rejected' || browserStart.status === 'rejected') {
    if (serverStart.status === 'fulfilled') await serverStart.value.child.stop();
    if (browserStart.status === 'fulfilled') await browserStart.value.close();
    throw serverStart.status === 'rejected' ? serverStart.reason : (browserStart as PromiseRejectedResult).reason;
  }
  const server = serverStart.value;
  const browser = browserStart.value;
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    timezoneId: opts.browserZone ?? 'Asia/Tokyo',
  });
  const outside: string[] = [];

  async function openPage(url: string): Promise<Page> {
    const page = await context.newPage();
    const origin = new URL(url).origin;
    // Offline like CI: only the playground itself may answer.
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(origin)) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    await page.goto(url);
    await page.locator('#grid th').first().waitFor();
    return page;
  }

  let { child } = server;
  let current = opts;
  let page: Page;
  try {
    page = await openPage(server.url);
  } catch (error) {
    await browser.close();
    await child.stop();
    throw error;
  }
  const pg: Playground = {
    url: server.url,
    stateDir,
    page,
    sidebar: page.frameLocator('#sidebarFrame'),
    browser,
    outside,
    async menu(label) {
      await pg.page.click('#extensionsButton');
      await pg.page.locator('#extensionsMenu button', { hasText: label }).click();
    },
    async typeInto(cell, input) {
      const { row, col } = a1(cell);
      await pg.page.click(`td[data-row="${row}"][data-col="${col}"]`);
      // The cell selected before typing: a click the grid's re-render swallowed would type elsewhere.
      await pg.page.locator(`#nameBox:text-is("${cell}")`).waitFor();
      await pg.page.fill('#formulaInput', input);
      await pg.page.press('#formulaInput', 'Enter');
      await pg.page.locator(`#nameBox:not(:text-is("${cell}"))`).waitFor();
    },
    cell(cell) {
      const { row, col } = a1(cell);
      return pg.page.locator(`td[data-row="${row}"][data-col="${col}"]`);
    },
    tab: (name) => pg.page.locator('#tabs button', { hasText: name }),
    async showNow(name) {
      await pg.tab(name).click();
      const asked = await pg.page.evaluate(() => Number(document.body.dataset.loadsBegun));
      await pg.page.waitForFunction((n) => Number(document.body.dataset.loadsDrawn) >= n, asked);
      await pg.page.locator('#tabs button.active', { hasText: name }).waitFor();
    },
    async section(id) {
      await pg.sidebar.locator(`button.tab[data-section=${id}]`).click();
      return pg.sidebar.locator(`section[data-section=${id}]`);
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
      await pg.page.locator('#sidebar:not([hidden])').waitFor();
      const settings = await pg.section('settings');
      await settings.locator('input[name=clientId]').fill('demo-client');
      await settings.locator('input[name=clientSecret]').fill('demo-secret');
      if (allowFormulas) await settings.locator('input[name=allowFormulas]').check();
      await settings.getByRole('button', { name: 'Save', exact: true }).click();
      await settings.locator('[data-test=settings-status].success').waitFor({ timeout: 60_000 });
    },
    async advanceHour() {
      const before = await pg.page.textContent('#clock');
      await pg.page.click('#advanceHour');
      await pg.page.waitForFunction((old) => document.getElementById('clock')!.textContent !== old, before);
    },
    async restart(env) {
      await pg.page.close();
      await child.stop();
      if (env) current = { ...current, env: { ...current.env, ...env } };
      const again = await startServer(stateDir, current);
      child = again.child;
      pg.url = again.url;
      pg.page = await openPage(again.url);
      pg.sidebar = pg.page.frameLocator('#sidebarFrame');
    },
    shot: (name) => screenshot(pg.page, name),
    async close() {
      await browser.close();
      await child.stop();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return pg;
}

/**
 * One playground for the whole test file, opened and connected (formulas off) before its first
 * test and closed after its last: the walks in a file go on from each other's state, as a person
 * would. Read it inside a test as `pg()`.
 */
export function connectedPlaygroundForFile(): () => Playground {
  let pg: Playground | undefined;
  beforeAll(async () => {
    pg = await openPlayground();
    await pg.connect({ allowFormulas: false });
  }, 120_000);
  afterAll(async () => {
    await pg?.close();
  });
  return () => {
    if (!pg) throw new Error('The playground is not open: connectedPlaygroundForFile() opens it in beforeAll.');
    return pg;
  };
}

/**
 * The walks' usual first report: site-2's earnings pulled from the builder, its sheet shown, then
 * "Save this report…" clicked, which opens the Saved tab's offer to save that run.
 */
export async function pullSite2EarningsAndOfferToSave(pg: Playground): Promise<{ report: Locator; saved: Locator; offer: Locator }> {
  const report = await pg.pickReport('site-2', 'earnings');
  await report.getByRole('button', { name: 'Run report' }).click();
  await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
  // The page shows the sheet the report went to.
  await pg.page.locator('#tabs button.active', { hasText: 'Earnings - site-2' }).waitFor();
  await report.getByRole('button', { name: 'Save this report\u2026' }).click();
  const saved = pg.sidebar.locator('section[data-section=saved]');
  return { report, saved, offer: saved.locator('[data-test=save-last-run]') };
}
