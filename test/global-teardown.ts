import * as fs from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import { BUILT_DIR_ENV } from './helpers/built';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { creatorTestBrowser?: BrowserServer }).creatorTestBrowser?.close();
  const dir = process.env[BUILT_DIR_ENV];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
