/**
 * Demo mode walked in the playground, in Chromium, as a reviewer without a Raptive account does:
 * the menu's "Try it with demo data", a pull, a formula, a saved report (scheduled, and said to be
 * the demo's schedule), then "End demo". Offline:
 * the page may reach nothing but the playground.
 */
import { openPlayground, type Playground, pullSite2EarningsAndOfferToSave } from './playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground();
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('demo mode in the playground', () => {
  it('from the menu to a pulled report, a formula and a saved report, all on demo data; End demo removes the saved report and keeps the sheet', async () => {
    await pg.menu('Try it with demo data');
    const bar = pg.sidebar.locator('[data-test=demo-bar]');
    await bar.waitFor();
    expect(await bar.textContent()).toMatch(
      /^Demo data · built-in sample data for a few sites; nothing is fetched and no credential is used\./,
    );

    const { saved, offer } = await pullSite2EarningsAndOfferToSave(pg);
    await offer.locator('select[name=every]').selectOption('day');
    await offer.getByRole('button', { name: 'Save this report' }).click();
    await saved.locator('[data-report-id]').first().waitFor();
    // Scheduled in the demo: its schedule is the demo's, not the account's, and goes with it.
    const owner = saved.locator('[data-test=schedule-owner]');
    await owner.filter({ hasText: /chedules run/ }).waitFor();
    expect(await owner.textContent()).toBe(
      'Demo schedules run on demo data, for you only (your trigger, hourly); they end when the demo ends.',
    );

    await pg.typeInto('H1', '=CREATOR_SITES()');
    await pg.cell('H2').filter({ hasText: 'site-1' }).waitFor();
    await pg.shot('journey-demo');

    await bar.getByRole('button', { name: 'End demo' }).click();
    await bar.waitFor({ state: 'hidden' });
    const status = pg.sidebar.locator('.sidebar > .status');
    await status.filter({ hasText: 'Demo ended' }).waitFor();
    expect(await status.textContent()).toBe(
      `Demo ended: 1 saved report and 0 alerts removed. The demo's sheets stay, labelled "Demo data"; delete them when you like.`,
    );
    // The sheet stays; the saved list is empty again, already before the tab is visited again
    // (no card of a removed report flashes up there).
    expect(await pg.tab('Earnings - site-2').count()).toBe(1);
    await saved.locator('[data-report-id]').first().waitFor({ state: 'detached' });
    await pg.section('saved');
    await saved.getByText('No saved reports yet.').waitFor();
    expect(await saved.locator('[data-report-id]').count()).toBe(0);

    // Without a credential, Settings offers the demo again.
    const settings = await pg.section('settings');
    await settings.locator('[data-test=demo-offer]').getByRole('button', { name: 'Try it with demo data' }).click();
    await bar.waitFor();
    expect(pg.outside).toEqual([]);
  }, 240_000);
});
