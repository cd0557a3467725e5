/**
 * A menu item that asks a question (Extensions > Create dashboard) in the playground, in headless
 * Chromium: the page asks the add-on's own prompt (its title and text, which list the site IDs the
 * dashboard accepts), not a text of its own; Cancel changes nothing, and the typed answer is what
 * the add-on gets.
 */
import type { Dialog } from 'playwright-core';
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground();
  await pg.connect({ allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

/** Runs the menu item, answering the first dialog with `answer` (null: Cancel); returns every dialog shown. */
async function menuAnswering(label: string, answer: string | null): Promise<Array<{ type: string; message: string; value: string }>> {
  const shown: Array<{ type: string; message: string; value: string }> = [];
  const onDialog = (dialog: Dialog) => {
    shown.push({ type: dialog.type(), message: dialog.message(), value: dialog.defaultValue() });
    void (shown.length === 1 && answer !== null ? dialog.accept(answer) : dialog.dismiss());
  };
  pg.page.on('dialog', onDialog);
  try {
    const settled = pg.page.waitForResponse(
      (r) => r.url().endsWith('/api/menu') && r.request().postData()?.includes('"answer"') === (answer !== null),
    );
    await pg.menu(label);
    await settled;
    await pg.page.waitForResponse((r) => r.url().includes('/api/state'));
  } finally {
    pg.page.off('dialog', onDialog);
  }
  return shown;
}

describe('a menu item that asks a question', () => {
  it('Create dashboard asks the add-on\u2019s own prompt, listing the site IDs it accepts; Cancel changes nothing', async () => {
    const tabsBefore = await pg.page.locator('#tabs button').allTextContents();
    const shown = await menuAnswering('Create dashboard', null);
    expect(shown).toHaveLength(1);
    expect(shown[0].type).toBe('prompt');
    expect(shown[0].message).toMatch(
      /^Create dashboard\n\nSite ID for the dashboard\. Site IDs you can use: site-1 \(Example Kitchen\), site-2/,
    );
    // An inactive site is not offered; the box starts empty, as Sheets' prompt does.
    expect(shown[0].message).not.toContain('site-old');
    expect(shown[0].value).toBe('');
    expect(await pg.page.locator('#tabs button').allTextContents()).toEqual(tabsBefore);
  }, 90_000);

  it('the typed site ID is what the add-on gets: the dashboard is made for it', async () => {
    const shown = await menuAnswering('Create dashboard', 'site-2');
    expect(shown.map((d) => d.type)).toEqual(['prompt']);
    await pg.tab('Dashboard - site-2 - Last 30 days').waitFor({ timeout: 90_000 });
    await pg.tab('Dashboard - site-2 - Last 30 days').click();
    await pg.cell('A1').filter({ hasText: 'Wander Far Travel (site-2)' }).waitFor();
  }, 120_000);
});
