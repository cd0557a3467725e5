/**
 * A saved report too big to refresh in one execution on a slow day, walked as a user: 100,000 rows
 * of 15 columns pulled and saved, a value typed over one of its cells and a note beside it; then
 * the playground restarted at every cost times 30 (PLAYGROUND_SLOW, a copy priced as a write: a copy of every row, 450 s, would fit no execution) and
 * the report run from its card. Each call stops before Google's limit and says "continuing"; the
 * rows' hashes go from one call to the next with the staging sheet (staged-hashes.ts), so the
 * commit leaves the rows that did not change where they are, as a refresh in one execution does:
 * the typed value stays, where a copy of every row would have overwritten it.
 */
import { connectedPlaygroundForFile } from '../journeys/playground-driver';
import { BIG_SHEET, pullAndSave, savedReportCard } from './big-saved-report';

const playground = connectedPlaygroundForFile();

describe('a big saved report refreshed across executions on a slow day', () => {
  it('pulls 100,000 rows and saves them; the user types over a cell and beside the block', async () => {
    await pullAndSave(playground(), 100000, [
      ['Q1', 'My notes'],
      ['B3', 'checked by hand'],
    ]);
  }, 500_000);

  it('at 30 times the usual pace, Run on its card continues call after call, then refreshes it: the typed value and the note stay', async () => {
    const pg = playground();
    const { saved, card } = await savedReportCard(pg, '30');
    const neighbour = await pg.cell('B4').textContent();
    await card.getByRole('button', { name: 'Run' }).click();

    const status = saved.locator('[data-test=saved-status]');
    await saved.locator('[data-test=saved-status]', { hasText: /continuing|Refreshed/ }).waitFor({ timeout: 400_000 });
    expect(await status.textContent()).toMatch(/continuing: [\d,]+ of 100,000 rows; done about /);
    await pg.shot('playground-continued-refresh-continuing');
    // The old rows stay in place until the whole report is in.
    expect(await pg.cell('B3').textContent()).toBe('checked by hand');

    await saved.locator('[data-test=saved-status].success, [data-test=saved-status].error').waitFor({ timeout: 900_000 });
    expect(await status.textContent()).toBe('Refreshed 1 of 1.');
    // The sheet as the refresh left it, not as the page last drew it during the run.
    await pg.showNow(BIG_SHEET);
    await pg.shot('playground-continued-refresh-done');
    expect(await pg.cell('A1').getAttribute('title')).toMatch(/Refreshed/);
    expect(await pg.cell('B3').textContent()).toBe('checked by hand');
    expect(await pg.cell('B4').textContent()).toBe(neighbour);
    expect(await pg.cell('Q1').textContent()).toBe('My notes');
  }, 1_000_000);
});
