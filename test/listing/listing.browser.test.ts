/**
 * The Marketplace listing's draft graphics, made in Chromium: the application icon at 128 and 32 px
 * from site/icon.svg, the card banner, and 1280x800 screenshots of the playground. They go to a temp
 * folder; `npm run listing` sets LISTING_OUT=build/listing (git-ignored) to keep them. The
 * screenshots are drafts: the listing's final ones must show the real product in Sheets, taken by
 * hand (docs/publishing.md).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { openPlayground, type Playground } from '../journeys/playground-driver';
import { ROOT } from '../build/fixture';
import { launch } from '../helpers/chromium';

const OUT = process.env.LISTING_OUT ? path.resolve(ROOT, process.env.LISTING_OUT) : fs.mkdtempSync(path.join(os.tmpdir(), 'listing-'));
const svg = fs.readFileSync(path.join(ROOT, 'site/icon.svg'), 'utf8');
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString()).toBe('PNG');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

let browser: Browser;
beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function render(html: string, width: number, height: number, file: string): Promise<string> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await page.setContent(`<html><body style="margin:0">${html}</body></html>`);
  await page
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => img.decode());
  const target = path.join(OUT, file);
  await page.screenshot({ path: target, omitBackground: true });
  await page.context().close();
  return target;
}

describe('listing graphics', () => {
  test('the icon at 128 and 32 px, drawn from the one SVG (site/icon.svg)', async () => {
    for (const size of [128, 32]) {
      const file = await render(
        `<img src="${svgUrl}" width="${size}" height="${size}" style="display:block">`,
        size,
        size,
        `icon-${size}.png`,
      );
      expect(pngSize(file)).toEqual({ width: size, height: size });
    }
  });

  test('the card banner, 220x140, names the add-on', async () => {
    const html = `<div style="width:220px;height:140px;background:#e6f4ea;display:flex;flex-direction:column;align-items:center;justify-content:center;font:600 15px system-ui,sans-serif;color:#0d652d;gap:8px;text-align:center">
      <img src="${svgUrl}" width="56" height="56"><span>Creator Reporting for Sheets</span></div>`;
    expect(pngSize(await render(html, 220, 140, 'banner.png'))).toEqual({ width: 220, height: 140 });
  });
});

describe('draft screenshots from the playground, 1280x800', () => {
  let pg: Playground;
  beforeAll(async () => {
    pg = await openPlayground({ viewport: { width: 1280, height: 800 } });
  }, 120_000);
  afterAll(async () => {
    await pg?.close();
  });

  test('a report pulled from the sidebar, and formulas spilled', async () => {
    await pg.connect({ allowFormulas: true });
    const report = await pg.pickReport('site-1', 'earnings');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
    const pulled = path.join(OUT, 'screenshot-1-report.png');
    await pg.page.screenshot({ path: pulled });
    expect(pngSize(pulled)).toEqual({ width: 1280, height: 800 });

    await pg.page.locator('#tabs button', { hasText: 'Sheet1' }).click();
    await pg.typeInto('A1', '=CREATOR_DEVICE_PERFORMANCE("all","lastMonth")');
    await pg.cell('A1').filter({ hasText: 'Site' }).waitFor();
    const formulas = path.join(OUT, 'screenshot-2-formulas.png');
    await pg.page.screenshot({ path: formulas });
    expect(pngSize(formulas)).toEqual({ width: 1280, height: 800 });
    expect(pg.outside).toEqual([]);
  }, 180_000);
});
