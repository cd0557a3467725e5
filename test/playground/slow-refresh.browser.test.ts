/**
 * A 60,000-row saved report on a day Google is slow, walked as a user. Pulled and saved at the
 * usual pace, with the user's own notes beside it; then the playground restarted at every cost
 * times 15 (PLAYGROUND_SLOW, a copy priced as a write). Reading the block back for typed-over
 * cells (900,000 cells, about 337 s at that pace) would fill a whole execution, so the refresh
 * checks the block's shape only and commits, instead of failing with "cannot be refreshed as one
 * block" every day. The user's notes stay where they were.
 */
import { connectedPlaygroundForFile } from '../journeys/playground-driver';
import { pullAndSave, savedReportCard } from './big-saved-report';

const playground = connectedPlaygroundForFile();

describe('a saved report refreshed on a slow day', () => {
  it('pulls 60,000 rows and saves them, with the user\u2019s notes beside the block', async () => {
    await pullAndSave(playground(), 60000, [
      ['Q1', 'My notes'],
      ['Q2', 'check the top pages'],
    ]);
  }, 400_000);

  it('at 15 times the usual pace, Run on its card refreshes it, the notes kept', async () => {
    const pg = playground();
    const { saved, card } = await savedReportCard(pg, '15');
    const before = await pg.cell('A1').getAttribute('title');
    await card.getByRole('button', { name: 'Run' }).click();

    const status = saved.locator('[data-test=saved-status]');
    await saved.locator('[data-test=saved-status].success, [data-test=saved-status].error').waitFor({ timeout: 600_000 });
    expect(await status.textContent()).toBe('Refreshed 1 of 1.');
    await pg.shot('playground-slow-refresh-done');
    expect(await pg.cell('Q1').textContent()).toBe('My notes');
    expect(await pg.cell('Q2').textContent()).toBe('check the top pages');
    expect(await pg.cell('A1').textContent()).toBe('Page URL');
    expect(await card.textContent()).not.toMatch(/cannot be refreshed|too big/);
    // The block's note has the new refresh time (the grid shows it once it has redrawn).
    await pg.page.waitForFunction((old) => document.querySelector('td[data-row="1"][data-col="1"]')?.getAttribute('title') !== old, before);
    expect(await pg.cell('A1').getAttribute('title')).toMatch(/Refreshed/);
  }, 700_000);
});
