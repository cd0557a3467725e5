/**
 * One sidebar section alone in headless Chromium, its server calls answered by the built add-on on
 * the emulator as one user at a time. Failures reach the page as rejected promises, as
 * google.script.run's failure handler does.
 */
import * as path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launch } from './chromium';

/** What answers the page's server calls (the emulated world): `fn` run as `user`. */
export interface SectionServer {
  callAs(user: string, fn: string, ...args: unknown[]): unknown;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Each wait's limit on the page (playwright's default timeout), in milliseconds. */
  timeout: number;
}

/**
 * Bundles `entry` (a script importing from src/sidebar/client that defines
 * `window.mountForTest(user)`, its calls going through `window.serverCall(user, fn, args)`) and
 * connects a browser before the file's first test; closes it after the last. `open` gives a page
 * with the section mounted for `user`.
 */
export function sidebarSectionForFile(entry: string): { open(server: SectionServer, user: string, opts: PageOptions): Promise<Page> } {
  let browser: Browser | undefined;
  let script = '';
  beforeAll(async () => {
    const launched = launch();
    const out = await build({
      stdin: { contents: entry, resolveDir: path.resolve(__dirname, '../../src/sidebar/client'), loader: 'ts' },
      bundle: true,
      format: 'iife',
      target: 'es2020',
      write: false,
    });
    script = out.outputFiles[0].text;
    browser = await launched;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  async function open(server: SectionServer, user: string, opts: PageOptions): Promise<Page> {
    if (!browser) throw new Error('No browser: sidebarSectionForFile() connects it in beforeAll.');
    const page = await browser.newPage(opts.viewport ? { viewport: opts.viewport } : {});
    page.setDefaultTimeout(opts.timeout);
    await page.exposeFunction('serverCall', (as: string, fn: string, args: unknown[]) => {
      try {
        return { ok: server.callAs(as, fn, ...args) };
      } catch (error) {
        return { error: String((error as { message?: unknown }).message ?? error) };
      }
    });
    await page.setContent('<!DOCTYPE html><html><body><div id="app"></div></body></html>');
    await page.addScriptTag({
      content: `const raw = window.serverCall; window.serverCall = (u, f, a) => raw(u, f, a).then((r) => r.error !== undefined ? Promise.reject(new Error(r.error)) : r.ok);\n${script}`,
    });
    await page.evaluate((u) => (window as unknown as { mountForTest(u: string): void }).mountForTest(u), user);
    return page;
  }
  return { open };
}
