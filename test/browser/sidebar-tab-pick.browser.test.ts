/**
 * A tab the user opens while the sidebar is still loading its settings stays open when they
 * arrive. On a slow day the settings take seconds, and the sidebar used to jump back to its first
 * tab under the user's click (found by the playground walk at 15 times the usual pace). A credential
 * typed into Settings meanwhile stays too: the settings arriving used to wipe it, and Save then
 * said "Enter the client ID." (the playground driver's connect() types at once).
 */
import { openEmulatedSidebar, type EmulatedSidebar } from './sidebar-harness';

let sidebar: EmulatedSidebar;
let holding = false;
let release: (() => void) | null = null;
/** Holds getSettings back while `holding`, as a slow server would. */
const gate = (name: string): Promise<void> =>
  holding && name === 'getSettings'
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

/** Reloads the sidebar with its settings held back, does `meanwhile`, then lets them arrive. */
async function loadSlowly(meanwhile: () => Promise<void>): Promise<void> {
  holding = true;
  release = null;
  await sidebar.page.reload();
  await sidebar.page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Loading\u2026');
  await meanwhile();
  holding = false;
  // Read through a call: TypeScript keeps `release` narrowed to null across the awaits otherwise.
  const held = (): (() => void) | null => release;
  let go = held();
  while (!go) {
    await new Promise((r) => setTimeout(r, 20));
    go = held();
  }
  go();
  await sidebar.page.waitForFunction(() => document.querySelector('.status')?.textContent !== 'Loading\u2026');
}

describe('the sidebar while its settings load', () => {
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
});
