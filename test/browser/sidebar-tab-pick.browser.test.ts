/**
 * The sidebar on a slow day, its answers taking seconds. A tab the user opens while the settings
 * load stays open when they arrive (the sidebar used to jump back to its first tab under the user's
 * click, found by the playground walk at 15 times the usual pace). A credential typed into Settings
 * meanwhile stays too: the settings arriving used to wipe it, and Save then said "Enter the client
 * ID." (the playground driver's connect() types at once). A Run clicked before the dates with data
 * arrive says so instead of "Choose a date range." over a range the user never saw.
 */
import { openEmulatedSidebar, type EmulatedSidebar } from './sidebar-harness';

let sidebar: EmulatedSidebar;
let holding = false;
let release: (() => void) | null = null;
/** The server call held back while `holding`, as a slow server would. */
let held = 'getSettings';
const gate = (name: string): Promise<void> =>
  holding && name === held
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();

beforeAll(async () => {
  sidebar = await openEmulatedSidebar({}, gate);
  sidebar.emu.bundle!.call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret' });
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
});

const shownSection = () => sidebar.page.locator('section[role=tabpanel]:not([hidden])').getAttribute('data-section');

/** Reloads the sidebar with `call` held back until `meanwhile` is done, as a slow server would answer it. */
async function reloadHolding(call: string, meanwhile: () => Promise<void>): Promise<void> {
  held = call;
  holding = true;
  release = null;
  await sidebar.page.reload();
  // Read through a call: TypeScript keeps `release` narrowed to null across the awaits otherwise.
  const pending = (): (() => void) | null => release;
  let go = pending();
  while (!go) {
    await new Promise((r) => setTimeout(r, 20));
    go = pending();
  }
  await meanwhile();
  holding = false;
  // The latest call held (an earlier one, for a site changed meanwhile, counts no more).
  pending()!();
}

/** Reloads the sidebar with its settings held back, does `meanwhile`, then lets them arrive. */
async function loadSlowly(meanwhile: () => Promise<void>): Promise<void> {
  await reloadHolding('getSettings', async () => {
    await sidebar.page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Loading\u2026');
    await meanwhile();
  });
  await sidebar.page.waitForFunction(() => document.querySelector('.status')?.textContent !== 'Loading\u2026');
}

describe('the sidebar while it loads', () => {
  it('opens on its first tab when the user picked none', async () => {
    await loadSlowly(async () => undefined);
    expect(await shownSection()).toBe('report');
  });

  it('keeps the tab the user opened meanwhile', async () => {
    await loadSlowly(async () => {
      await sidebar.page.locator('button.tab[data-section=saved]').click();
    });
    expect(await shownSection()).toBe('saved');
    expect(await sidebar.page.locator('button.tab[data-section=saved]').getAttribute('aria-selected')).toBe('true');
  });

  it('keeps what the user typed into Settings meanwhile, and shows what is stored beside it', async () => {
    const settings = sidebar.page.locator('section[data-section=settings]');
    await loadSlowly(async () => {
      await sidebar.page.locator('button.tab[data-section=settings]').click();
      await settings.locator('input[name=clientId]').fill('typed-client');
      await settings.locator('input[name=clientSecret]').fill('typed-secret');
      await settings.locator('input[name=allowFormulas]').check();
    });
    expect(await settings.locator('[data-test=settings-state]').textContent()).toMatch(/^Connected with client ID demo-client/);
    expect(await settings.locator('input[name=clientId]').inputValue()).toBe('typed-client');
    expect(await settings.locator('input[name=clientSecret]').inputValue()).toBe('typed-secret');
    expect(await settings.locator('input[name=allowFormulas]').isChecked()).toBe(true);
  });

  it('a Run clicked before the dates with data first arrive says they are loading and runs nothing', async () => {
    const { page } = sidebar;
    await reloadHolding('getDateOptions', async () => {
      await page.locator('select[name=site] option[value=site-1]').waitFor({ state: 'attached' });
      await page.locator('[data-test=availability]', { hasText: 'Loading the dates' }).waitFor();
      const ran = sidebar.calls.filter((c) => c === 'runReport').length;
      await page.getByRole('button', { name: 'Run report' }).click();
      await page.locator('[data-test=run-status]', { hasText: 'The dates with data are still loading. Try again in a moment.' }).waitFor();
      expect(sidebar.calls.filter((c) => c === 'runReport').length).toBe(ran);
    });
    await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
  });
});
