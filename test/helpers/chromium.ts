/**
 * Headless Chromium for the browser suites. One browser serves the whole test run (the jest
 * globalSetup starts it; each suite connects, in contexts of its own, and closing its Browser
 * only disconnects): a launch per suite cost more than the connection. Outside jest's globalSetup
 * (no endpoint in the environment) a suite launches its own.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

export const BROWSER_ENDPOINT_ENV = 'CREATOR_TEST_BROWSER_WS';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's headless shell where it is installed (.ci/run installs it): the same engine without the
 * browser's UI, it took a third less CPU over the browser suites than the full browser, whose
 * headless mode still runs it. The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

const OPTIONS: LaunchOptions = { executablePath, args: CHROMIUM_ARGS, headless: true };

export function launchShared(): Promise<BrowserServer> {
  return chromium.launchServer(OPTIONS);
}

export async function launch(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(OPTIONS);
}
