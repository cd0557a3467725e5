/**
 * What a creator who just found the repo does after saving the demo credential, in headless
 * Chromium, where no other walk goes: a menu item that asks a question (Extensions > Create
 * dashboard) asks the add-on's own prompt (its title and text, which list the site IDs the dashboard
 * accepts), not a text of the page's; Cancel changes nothing, and the typed answer is what the
 * add-on gets. An alert on a percent metric (bounce rate above 50) is typed, said, checked and
 * e-mailed in percent, as the sheet shows a bounce rate.
 */
import type { Dialog } from 'playwright-core';
import { connectedPlaygroundForFile } from '../journeys/playground-driver';

const pg = connectedPlaygroundForFile();

/** Runs the menu item, answering the first dialog with `answer` (null: Cancel); returns every dialog shown. */
async function menuAnswering(label: string, answer: string | null): Promise<Array<{ type: string; message: string; value: string }>> {
  const shown: Array<{ type: string; message: string; value: string }> = [];
  const onDialog = (dialog: Dialog) => {
    shown.push({ type: dialog.type(), message: dialog.message(), value: dialog.defaultValue() });
    void (shown.length === 1 && answer !== null ? dialog.accept(answer) : dialog.dismiss());
  };
  pg().page.on('dialog', onDialog);
  try {
    const settled = pg().page.waitForResponse(
      (r) => r.url().endsWith('/api/menu') && r.request().postData()?.includes('"answer"') === (answer !== null),
    );
    await pg().menu(label);
    await settled;
    await pg().page.waitForResponse((r) => r.url().includes('/api/state'));
  } finally {
    pg().page.off('dialog', onDialog);
  }
  return shown;
}

describe('a menu item that asks a question', () => {
  it('Create dashboard asks the add-on\u2019s own prompt, listing the site IDs it accepts; Cancel changes nothing', async () => {
    const tabsBefore = await pg().page.locator('#tabs button').allTextContents();
    const shown = await menuAnswering('Create dashboard', null);
    expect(shown).toHaveLength(1);
    expect(shown[0].type).toBe('prompt');
    expect(shown[0].message).toMatch(
      /^Create dashboard\n\nSite ID for the dashboard\. Site IDs you can use: site-1 \(Example Kitchen\), site-2/,
    );
    // An inactive site is not offered; the box starts empty, as Sheets' prompt does.
    expect(shown[0].message).not.toContain('site-old');
    expect(shown[0].value).toBe('');
    expect(await pg().page.locator('#tabs button').allTextContents()).toEqual(tabsBefore);
  }, 90_000);

  it('the sidebar\u2019s Dashboard tab: its intro stands apart from the form\u2019s first label', async () => {
    const tab = await pg().section('dashboard');
    const gap = await tab.evaluate((section) => {
      const intro = section.querySelector('.hint')!.getBoundingClientRect();
      const form = section.querySelector('form')!.getBoundingClientRect();
      return form.top - intro.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(8);
  });

  it('the typed site ID is what the add-on gets: the dashboard is made for it', async () => {
    const shown = await menuAnswering('Create dashboard', 'site-2');
    expect(shown.map((d) => d.type)).toEqual(['prompt']);
    await pg().tab('Dashboard - site-2 - Last 30 days').waitFor({ timeout: 90_000 });
    await pg().tab('Dashboard - site-2 - Last 30 days').click();
    await pg().cell('A1').filter({ hasText: 'Wander Far Travel (site-2)' }).waitFor();
  }, 120_000);

  it('a bounce-rate alert typed as 50 means 50 %: the card, Check now and the e-mail say percent', async () => {
    const tab = await pg().section('alerts');
    await tab.locator('input[name=alert-name]').fill('Bounce rate high');
    await tab.locator('select[name=alert-siteId]').selectOption('site-1');
    await tab.locator('select[name=alert-report]').selectOption('traffic/summary');
    await tab.locator('select[name=alert-metric]').selectOption('bounceRate');
    await tab.locator('select[name=alert-condition]').selectOption('above');
    expect(await tab.locator('.hint', { hasText: 'Percent: 50 means 50%.' }).isVisible()).toBe(true);
    await tab.locator('input[name=alert-threshold]').fill('50');
    await tab.getByRole('button', { name: 'Save alert' }).click();
    const card = tab.locator('[data-test=alert-card]', { hasText: 'Bounce rate high' });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain('Bounce rate on Example Kitchen (site-1) is above 50%, over the last 7 days with data');
    await tab.getByRole('button', { name: 'Check now' }).click();
    // The demo site's bounce rate is about 58 %: above 50 %, never "not above 5,000.00%".
    await card.filter({ hasText: /Bounce rate [\d-]+ to [\d-]+: 5\d\.\d\d%, above 50\.00%\./ }).waitFor({ timeout: 60_000 });
    // Edit shows the threshold as it was typed, in percent, and saving it unchanged keeps 50 %.
    await card.getByRole('button', { name: 'Edit' }).click();
    expect(await tab.locator('input[name=alert-threshold]').inputValue()).toBe('50');
    expect(await tab.locator('.hint', { hasText: 'Percent: 50 means 50%.' }).isVisible()).toBe(true);
    await tab.getByRole('button', { name: 'Cancel' }).click();
    await pg().page.click('#outboxButton');
    const mail = pg().page.locator('#outbox [data-test=mail]', { hasText: 'Bounce rate high' });
    await mail.waitFor();
    expect(await mail.locator('.mail-body').textContent()).toMatch(/Value: 5\d\.\d\d% \(/);
  }, 120_000);
});
