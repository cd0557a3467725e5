/**
 * The built sidebar page in headless Chromium, wired to the built server bundle on the emulator:
 * google.script.run is replaced by a bridge that calls the bundle's function in Node, with the
 * same plain-JSON and failure-handler behaviour. Offline: every request that is not to the local
 * page server (Google's add-on stylesheet included) is blocked.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Emulator } from '../../emulator';
import type { FakeApi } from '../../fake-api';
import { builtAddOn } from '../helpers/built';
import { launch } from '../helpers/chromium';
import { sidebarWorld, type SidebarWorldOptions } from '../sidebar/world';

export interface SidebarPage {
  page: Page;
  /** Every server function the page called, in order. */
  calls: string[];
  blocked: string[];
  close(): Promise<void>;
}

/** Runs in the page before its script: the google.script.run chain, forwarding to the bridge. */
const BRIDGE_SCRIPT = `
(() => {
  const make = (ok, fail) => new Proxy({}, {
    get(_, name) {
      if (name === 'withSuccessHandler') return (f) => make(f, fail);
      if (name === 'withFailureHandler') return (f) => make(ok, f);
      return (...args) => {
        window.__serverCall(String(name), JSON.stringify(args)).then((out) => {
          const answer = JSON.parse(out);
          if (answer.ok) { if (ok) ok(answer.value); }
          else if (fail) fail(new Error(answer.message));
        });
      };
    },
  });
  window.google = { script: { run: make(null, null) } };
})();
`;

/** Awaited before each server call reaches the add-on: a test holds one back to play a slow server. */
export type SidebarGate = (name: string) => Promise<void>;

/**
 * `emu` may be a function: each server call then goes to the emulator it returns, so one page can
 * be walked against a fresh emulator per case (a reload starts the sidebar over on the new one).
 */
export async function openSidebar(
  browser: Browser,
  emu: Emulator | (() => Emulator),
  htmlFile: string,
  gate?: SidebarGate,
): Promise<SidebarPage> {
  const current = typeof emu === 'function' ? emu : () => emu;
  const html = fs.readFileSync(htmlFile, 'utf8');
  const server = http.createServer((req, res) => {
    if (req.url === '/' || req.url === '/Sidebar.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const context = await browser.newContext({ viewport: { width: 300, height: 900 } });
  const page = await context.newPage();
  const calls: string[] = [];
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  await page.exposeFunction('__serverCall', async (name: string, argsJson: string) => {
    calls.push(name);
    await gate?.(name);
    try {
      const value = current().bundle!.call(name, ...(JSON.parse(argsJson) as unknown[]));
      return JSON.stringify({ ok: true, value: value ?? null });
    } catch (error) {
      return JSON.stringify({ ok: false, message: String((error as { message?: unknown }).message ?? error) });
    }
  });
  await page.addInitScript(BRIDGE_SCRIPT);
  await page.goto(`${origin}/`);
  return {
    page,
    calls,
    blocked,
    async close() {
      await context.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface EmulatedSidebar extends SidebarPage {
  browser: Browser;
  emu: Emulator;
  api: FakeApi;
}

/**
 * The built sidebar in a fresh Chromium, answered by the built add-on on sidebarWorld's emulator
 * and fake API (its clock, drift and answer edits); each round trip adds 40 virtual ms, so result
 * lines show a realistic duration.
 */
export async function openEmulatedSidebar(opts: Omit<SidebarWorldOptions, 'emulator'> = {}, gate?: SidebarGate): Promise<EmulatedSidebar> {
  const built = builtAddOn();
  const browser = launch();
  try {
    const { emu, api } = sidebarWorld({ ...opts, emulator: { latencyMs: 40, distDir: built.dir } });
    emu.loadBundle(built.code);
    const opened = await browser;
    const sidebar = await openSidebar(opened, emu, built.sidebar, gate);
    return {
      ...sidebar,
      browser: opened,
      emu,
      api,
      async close() {
        await sidebar.close();
        await opened.close();
      },
    };
  } catch (error) {
    await (await browser).close();
    throw error;
  }
}

/** One emulated sidebar for the whole test file: opened before its first test, closed after its last. */
export function emulatedSidebarForFile(opts: Omit<SidebarWorldOptions, 'emulator'> = {}): () => EmulatedSidebar {
  let sidebar: EmulatedSidebar | undefined;
  beforeAll(async () => {
    sidebar = await openEmulatedSidebar(opts);
  }, 120_000);
  afterAll(async () => {
    await sidebar?.close();
  });
  return () => {
    if (!sidebar) throw new Error('The sidebar is not open: emulatedSidebarForFile() opens it in beforeAll.');
    return sidebar;
  };
}

/** Types the demo credential into Settings and saves it; the status line once it no longer says Checking. */
export async function saveDemoCredential(page: Page): Promise<Locator> {
  await page.locator('input[name=clientId]').waitFor();
  await page.fill('input[name=clientId]', 'demo-client');
  await page.fill('input[name=clientSecret]', 'demo-secret');
  await page.locator('section[data-section=settings]').getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => !/Checking/.test(document.querySelector('[data-test=settings-status]')?.textContent ?? 'Checking'));
  return page.locator('[data-test=settings-status]');
}
