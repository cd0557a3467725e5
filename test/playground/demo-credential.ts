import type { FrameLocator } from 'playwright-core';

/**
 * Saves the playground's demo credential in the open sidebar, as a new user does from the page's
 * banner, and waits for the save to be confirmed.
 */
export async function saveDemoCredential(sidebar: FrameLocator, { allowFormulas }: { allowFormulas: boolean }): Promise<void> {
  await sidebar.locator('input[name=clientId]').fill('demo-client');
  await sidebar.locator('input[name=clientSecret]').fill('demo-secret');
  if (allowFormulas) await sidebar.locator('input[name=allowFormulas]').check();
  await sidebar.locator('section[data-section=settings]').getByRole('button', { name: 'Save', exact: true }).click();
  await sidebar.locator('[data-test=settings-status].success').waitFor({ timeout: 30_000 });
}
