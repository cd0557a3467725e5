/**
 * Granular consent in the sidebar, in Chromium: a user who did not grant some of the add-on's
 * permissions sees which, what each one costs, and Google's link that asks again (a new tab); a
 * pull without the fetch permission says so.
 */
import type { Page } from 'playwright-core';
import { requestedScopes, SCOPE_PREFIX, SCOPES } from '../../src/platform/scopes';
import { type EmulatedSidebar, openEmulatedSidebar } from './sidebar-harness';
import { screenshotPath } from '../helpers/screenshots';

const KEYS = requestedScopes().map((s) => s.slice(SCOPE_PREFIX.length));
const label = (key: string) => SCOPES.find((r) => r.key === key)!.permission;

let sidebar: EmulatedSidebar;
let page: Page;

beforeAll(async () => {
  sidebar = await openEmulatedSidebar();
  page = sidebar.page;
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
});

const notice = () => page.locator('[data-test=permissions]');

describe('missing permissions in the sidebar', () => {
  it('lists each permission not granted, with what it costs and a link that opens Google in a new tab', async () => {
    await page.locator('input[name=clientId]').waitFor();
    expect(await notice().isVisible()).toBe(false);

    sidebar.emu.grantScopes(
      sidebar.emu.user,
      KEYS.filter((k) => k !== 'script.send_mail' && k !== 'script.external_request'),
    );
    await page.reload();
    await notice().waitFor();
    expect(await notice().locator('strong').first().textContent()).toBe('2 permissions are not granted');
    expect(await notice().locator('.permission').allTextContents()).toEqual([label('script.external_request'), label('script.send_mail')]);
    const link = notice().locator('[data-test=authorize]');
    expect(await link.textContent()).toBe('Allow them (opens Google in a new tab)');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(
      /^https:\/\/script\.google\.com\/.*authorize\?scope=.*script\.external_request.*script\.send_mail/,
    );
    await page.screenshot({ path: screenshotPath('sidebar-permissions.png') });
  });

  it('saving a credential without the fetch permission says fetching is not allowed, not a network error', async () => {
    await page.fill('input[name=clientId]', 'demo-client');
    await page.fill('input[name=clientSecret]', 'demo-secret');
    await page.locator('section[data-section=settings]').getByRole('button', { name: 'Save', exact: true }).click();
    const status = page.locator('[data-test=settings-status]');
    await status.filter({ hasText: 'not allowed' }).waitFor();
    expect(await status.textContent()).toMatch(
      /^Fetching data from the Creator Reporting API is not allowed for this add-on in your account\./,
    );
    expect(sidebar.api.stats.log).toEqual([]);
  });

  it('once everything is granted again, the notice goes away', async () => {
    sidebar.emu.grantScopes(sidebar.emu.user);
    await page.reload();
    await page.locator('input[name=clientId]').waitFor();
    await page.waitForFunction(() => document.querySelector('.status')?.textContent !== 'Loading\u2026');
    expect(await notice().isVisible()).toBe(false);
  });
});
