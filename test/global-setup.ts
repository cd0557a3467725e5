/**
 * Builds the add-on once per test run (Code.js and Sidebar.html from the current source) into a
 * temp dir, for every suite that drives the shipped bundle: one esbuild run instead of one per
 * suite. A temp dir, never dist/, so an `npm run build` meanwhile cannot race the tests. The
 * playground server goes there too, bundled for plain node: the browser suites start it seven
 * times a run, and tsx would transpile it each time. And one Chromium for every browser suite
 * (helpers/chromium.ts); globalTeardown closes it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleCode } from '../scripts/lib/bundle-code';
import { bundleNodeProgram } from '../scripts/lib/bundle-node';
import { bundleSidebar } from '../scripts/lib/bundle-sidebar';
import { BUILT_DIR_ENV, PLAYGROUND_SERVER } from './helpers/built';
import { BROWSER_ENDPOINT_ENV, launchShared } from './helpers/chromium';

const ROOT = path.resolve(__dirname, '..');

export default async function globalSetup(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-test-build-'));
  const [code, sidebar, , browser] = await Promise.all([
    bundleCode(path.join(ROOT, 'src/Code.ts')),
    bundleSidebar(path.join(ROOT, 'src/sidebar/client')),
    bundleNodeProgram(path.join(ROOT, 'playground/server.ts'), path.join(dir, PLAYGROUND_SERVER)),
    launchShared(),
  ]);
  (globalThis as { creatorTestBrowser?: unknown }).creatorTestBrowser = browser;
  process.env[BROWSER_ENDPOINT_ENV] = browser.wsEndpoint();
  fs.writeFileSync(path.join(dir, 'Code.js'), code.code);
  fs.writeFileSync(path.join(dir, 'Sidebar.html'), sidebar);
  // Workers start after this and inherit the environment.
  process.env[BUILT_DIR_ENV] = dir;
}
