import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

const COMMITTED = path.resolve(__dirname, '../../docs/screenshots');

/**
 * Where a browser test saves a screenshot: a temp folder, so `npm test` leaves the tree clean;
 * `UPDATE_SCREENSHOTS=1 npx jest test/browser test/playground` refreshes the committed ones the
 * README and docs/ show.
 */
export function screenshotPath(name: string): string {
  const dir = process.env.UPDATE_SCREENSHOTS === '1' ? COMMITTED : path.join(os.tmpdir(), 'creator-screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * A walk's picture of what the user sees, saved at screenshotPath. Every run takes the ones
 * committed under docs/screenshots (the docs show them); the others (to look a walk over) only with
 * SCREENSHOTS=all, as each costs the browser a full render and a PNG encoding.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const file = `${name}.png`;
  if (process.env.SCREENSHOTS !== 'all' && !fs.existsSync(path.join(COMMITTED, file))) return;
  await page.screenshot({ path: screenshotPath(file), fullPage: opts.fullPage });
}
