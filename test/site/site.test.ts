import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildSite, PAGES } from '../../scripts/lib/site-build';
import { SCOPES, scopeUrl } from '../../src/platform/scopes';
import { fixtureDir, ROOT } from '../build/fixture';
import { launch } from '../helpers/chromium';

const out = path.join(fixtureDir({}), 'site');
let browser: Browser;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  buildSite(out);
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
  page.on('request', (r) => requested.push(r.url()));
});

afterAll(async () => {
  await browser?.close();
});

const open = (file: string) => page.goto(`file://${path.join(out, file)}`);
const text = () => page.locator('body').innerText();

describe('npm run site, in a browser', () => {
  test('the homepage links to the privacy policy, terms and support page, each reached by a click', async () => {
    await open('index.html');
    expect(await page.locator('h1').innerText()).toBe('Creator Reporting for Sheets');
    for (const [link, heading] of [
      ['Privacy policy', 'Privacy policy'],
      ['Terms', 'Terms of service'],
      ['Support', 'Support'],
      ['Home', 'Creator Reporting for Sheets'],
    ]) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.waitForLoadState();
      expect(await page.locator('h1').innerText()).toBe(heading);
    }
  });

  test('the privacy policy says what the add-on reads, where it keeps it and that only Creator API calls leave Google', async () => {
    await open('privacy.html');
    const body = await text();
    for (const store of ['User properties', 'Document properties', 'Caches', 'The spreadsheet']) {
      expect(await page.getByRole('cell', { name: new RegExp(`^${store}`) }).count()).toBe(1);
    }
    expect(body).toContain("Nothing leaves Google except the add-on's calls to the Creator Reporting API");
    expect(body).toContain('https://publisher-api.raptive.com/');
    // Every permission Google asks for, explained, and no other.
    const listed = await page.locator('ul.scopes li code').allInnerTexts();
    expect(listed).toEqual(SCOPES.filter((r) => r.status === 'requested').map(scopeUrl));
  });

  test('every page says it is not made or endorsed by Raptive, fills every placeholder, and loads nothing from the network', async () => {
    for (const file of PAGES) {
      await open(file);
      await expect(page.locator('footer .independent').isVisible()).resolves.toBe(true);
      expect(await page.locator('footer .independent').innerText()).toMatch(
        /is an independent tool .* It is not made, supported or endorsed by Raptive\./,
      );
      expect(await text()).not.toMatch(/\{\{|undefined|\[object Object\]/);
      // The icon is drawn (the layout's <img> loaded).
      expect(await page.locator('header img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
    }
    expect(requested.filter((u) => !u.startsWith('file://'))).toEqual([]);
  });

  test('it is written outside dist/ and build/ is ignored by git', () => {
    expect(() => buildSite(path.join(ROOT, 'dist', 'site'))).toThrow(/never goes into dist/);
    const ignored = spawnSync('git', ['check-ignore', '-q', 'build/site/index.html'], { cwd: ROOT });
    expect(ignored.status).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual([...PAGES, 'icon.svg', 'style.css'].sort());
  });
});
