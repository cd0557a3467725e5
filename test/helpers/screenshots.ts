import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const COMMITTED = path.resolve(__dirname, '../../docs/screenshots');

/**
 * Where a browser test saves a screenshot: a temp folder, so `npm test` leaves the tree clean;
 * `UPDATE_SCREENSHOTS=1 npx jest test/browser test/playground` refreshes the committed ones the
 * README shows.
 */
export function screenshotPath(name: string): string {
  const dir = process.env.UPDATE_SCREENSHOTS === '1' ? COMMITTED : path.join(os.tmpdir(), 'creator-screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
