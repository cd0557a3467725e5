import type { Page } from 'playwright-core';
import type { ResponseEdit } from '../sidebar/world';
import { openEmulatedSidebar, type EmulatedSidebar } from './sidebar-harness';

/** The site list answers 503 however often it is asked; the token endpoint still works. */
const sitesDown: ResponseEdit = (req, res) => (/\/sites(\?|$)/.test(req.url) ? { ...res, status: 503, body: '{}' } : res);

let sidebar: EmulatedSidebar;
let page: Page;

beforeAll(async () => {
  sidebar = await openEmulatedSidebar({ edit: sitesDown });
  ({ page } = sidebar);
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
});

describe('saving settings while the site list cannot be read', () => {
  it('says it saved but could not check, never that the credential works', async () => {
    await page.locator('input[name=clientId]').waitFor();
    await page.fill('input[name=clientId]', 'demo-client');
    await page.fill('input[name=clientSecret]', 'demo-secret');
    await page.locator('section[data-section=settings]').getByRole('button', { name: 'Save', exact: true }).click();
    const status = page.locator('[data-test=settings-status]');
    await page.waitForFunction(() => !/Checking/.test(document.querySelector('[data-test=settings-status]')?.textContent ?? 'Checking'));
    const text = await status.textContent();
    expect(text).toMatch(/^Saved, but the Creator API could not be reached to check it/);
    expect(text).not.toContain('The credential works');
    expect(await status.getAttribute('class')).not.toContain('success');
    expect(await page.locator('[data-test=settings-state]').textContent()).toMatch(/Connected with client ID demo-client/);
  });
});
