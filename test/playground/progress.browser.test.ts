/**
 * A big pull in the playground, as on Google: the sidebar's progress polls are answered while the
 * pull runs (a second execution alongside it), so the user sees the pages go by instead of
 * "Starting…" and then the end. The embedded API takes real time per round trip here
 * (PLAYGROUND_API_LATENCY_MS: two seconds per round trip, as a fetchAll of a batch of pages may take
 * on Google). The biggest site's top 5,000 pages (10 pages of its 120,000 rows) still come in three
 * round trips, the first page and then two batches, so the page count is seen short of the last;
 * its time goes to waiting, as a user's would, not to writing the whole site's rows.
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground({ env: { PLAYGROUND_API_LATENCY_MS: '2000' } });
  await pg.connect({ allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('progress of a long pull in the playground', () => {
  it('shows the pages fetched so far while a 5,000-row pull runs, then its result', async () => {
    const report = await pg.pickReport('site-big', 'pages/performance');
    await report.locator('input[name=limit]').fill('5000');
    // Every text the progress line shows, in order, whoever reads it and whenever.
    await pg.sidebar.locator('[data-test=run-progress]').evaluate((node) => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = node.textContent ?? '';
        if (text && text !== seen[seen.length - 1]) seen.push(text);
      }).observe(node, { childList: true, characterData: true, subtree: true });
    });
    await report.getByRole('button', { name: 'Run report' }).click();

    // A page count short of the last one: the pull is still running when the page hears of it.
    const midway = pg.sidebar.locator('[data-test=run-progress]', { hasText: /^Fetched page \d+ of 10$/ });
    await midway.waitFor({ timeout: 60_000 });
    const shown = (await midway.textContent())!;
    expect(Number(/page (\d+)/.exec(shown)![1])).toBeLessThan(10);
    // A change that is not a poll (typing into a cell of Sheet1) waits for the pull to end instead
    // of interleaving with it, and is not lost. Typed at once: the pull has a batch or two of round
    // trips left. Sheet1's tab first, as a user typing there would: under load the pull may end
    // first and show its own sheet, and a click on B2 would type into the report.
    await pg.tab('Sheet1').click();
    await pg.page.locator('#tabs button.active', { hasText: 'Sheet1' }).waitFor();
    await pg.cell('B2').click();
    await pg.page.fill('#formulaInput', 'typed during the pull');
    await pg.page.press('#formulaInput', 'Enter');
    await midway.scrollIntoViewIfNeeded();
    await pg.shot('playground-progress');

    const status = pg.sidebar.locator('[data-test=run-status]');
    await pg.sidebar.locator('[data-test=run-status].success').waitFor({ timeout: 120_000 });
    expect(await status.textContent()).toMatch(/^Wrote 5,000 rows to 'Page performance - site-big'/);
    await status.scrollIntoViewIfNeeded();
    await pg.shot('playground-progress-done');

    const seen = await pg.sidebar
      .locator('[data-test=run-progress]')
      .evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen[0]).toBe('Starting\u2026');
    const pages = seen
      .map((text) => /^Fetched page (\d+) of 10$/.exec(text))
      .filter((m) => m !== null)
      .map((m) => Number(m![1]));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(pages[0]).toBeLessThan(10);

    await pg.tab('Sheet1').click();
    await pg.cell('B2').filter({ hasText: 'typed during the pull' }).waitFor({ timeout: 60_000 });
  }, 240_000);
});
