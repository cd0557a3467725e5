/**
 * A saved report too big to read back (70,000 rows of 15 columns: past the million cells the edit
 * check reads), walked as a user. Pulled and saved, with a value the user typed over one of its
 * cells and notes beside it; then refreshed from its card. The rows that did not change stay where
 * they are, vouched for by one sample row per band (commit-span.ts), so the refresh costs about a
 * first pull instead of a second write of every cell, and the user's value is not overwritten.
 */
import { connectedPlaygroundForFile } from '../journeys/playground-driver';
import { BIG_SHEET, pullAndSave, savedReportCard } from './big-saved-report';

const playground = connectedPlaygroundForFile();

describe('a big saved report refreshed', () => {
  it('pulls 70,000 rows and saves them; the user types over a cell and beside the block', async () => {
    await pullAndSave(playground(), 70000, [
      ['Q1', 'My notes'],
      ['B3', 'checked by hand'],
    ]);
  }, 400_000);

  it('Run on its card refreshes it: the typed value and the notes stay', async () => {
    const pg = playground();
    const { saved, card } = await savedReportCard(pg);
    const neighbour = await pg.cell('B4').textContent();
    await card.getByRole('button', { name: 'Run' }).click();

    const status = saved.locator('[data-test=saved-status]');
    await saved.locator('[data-test=saved-status].success, [data-test=saved-status].error').waitFor({ timeout: 600_000 });
    expect(await status.textContent()).toBe('Refreshed 1 of 1.');
    // The sheet as the refresh left it, not as the page last drew it during the run.
    await pg.showNow(BIG_SHEET);
    await pg.shot('playground-big-refresh-done');
    expect(await pg.cell('A1').getAttribute('title')).toMatch(/Refreshed/);
    expect(await pg.cell('B3').textContent()).toBe('checked by hand');
    expect(await pg.cell('B4').textContent()).toBe(neighbour);
    expect(await pg.cell('Q1').textContent()).toBe('My notes');
  }, 700_000);
});
