/**
 * A pull too big for one execution, walked as a user in the playground made slow (PLAYGROUND_SLOW:
 * every sheet call takes the cost model times 30, a copy priced at the cited third of a write, on
 * the virtual clock, and an execution past Google's six minutes is killed: a first pull's writes
 * alone pass one execution, and a refresh's copy fits a fresh one). From the Report tab, 120,000 rows of the biggest site: each call
 * stops before the limit and answers "continuing", the page calls again at once, and the report's
 * sheet appears only when every row is in. Then the same report saved and refreshed from the
 * Saved tab: its card's Run goes on call after call too, the old rows in place until the commit.
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;
const SHEET = 'Page performance - site-big';

beforeAll(async () => {
  pg = await openPlayground({ env: { PLAYGROUND_SLOW: '30', PLAYGROUND_COPY: 'cited' } });
  await pg.connect({ allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

/** Every text `selector` shows from now on, in order (read back with seenIn). */
async function watch(selector: string): Promise<void> {
  await pg.sidebar.locator(selector).evaluate((node, key) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[key] = seen;
    new MutationObserver(() => {
      const text = node.textContent ?? '';
      if (text && text !== seen[seen.length - 1]) seen.push(text);
    }).observe(node, { childList: true, characterData: true, subtree: true });
  }, selector);
}

/**
 * The sheet tabs the page shows each time the sidebar says "continuing", taken at that moment
 * (the sidebar frame is the page's own origin): whatever the machine's speed, never after the commit.
 */
async function watchTabsWhileContinuing(): Promise<void> {
  await pg.sidebar.locator('[data-test=run-progress]').evaluate((node) => {
    const tabs: string[][] = [];
    (window as unknown as Record<string, string[][]>).tabsWhileContinuing = tabs;
    new MutationObserver(() => {
      if (!/^continuing: /.test(node.textContent ?? '')) return;
      tabs.push(Array.from(window.parent.document.querySelectorAll('#tabs button'), (b) => b.textContent ?? ''));
    }).observe(node, { childList: true, characterData: true, subtree: true });
  });
}

async function seenIn(selector: string): Promise<string[]> {
  return pg.sidebar.locator(selector).evaluate((_node, key) => (window as unknown as Record<string, string[]>)[key], selector);
}

describe('a pull too big for one execution, from the sidebar', () => {
  it('the Report tab continues call after call, then shows 120,000 rows', async () => {
    const report = await pg.pickReport('site-big', 'pages/performance');
    await watch('[data-test=run-progress]');
    await watchTabsWhileContinuing();
    await report.getByRole('button', { name: 'Run report' }).click();

    // The first answer: "continuing" (a page that did not call again would show its outcome instead).
    await pg.sidebar
      .locator('[data-test=run-progress]:has-text("continuing"), [data-test=run-status]:not(:empty)')
      .first()
      .waitFor({ timeout: 240_000 });
    expect((await seenIn('[data-test=run-progress]')).filter((t) => /^continuing: [\d,]+ of 120,000 rows$/.test(t))).not.toEqual([]);
    // Nothing of the report on the user's sheets while it continues: its rows wait on a hidden staging sheet.
    const tabsSeen = await pg.sidebar
      .locator('[data-test=run-progress]')
      .evaluate(() => (window as unknown as Record<string, string[][]>).tabsWhileContinuing);
    expect(tabsSeen.length).toBeGreaterThan(0);
    for (const tabs of tabsSeen) expect(tabs).toEqual(['Sheet1', '+']);
    await pg.shot('playground-continuing');

    const status = pg.sidebar.locator('[data-test=run-status]');
    await pg.sidebar.locator('[data-test=run-status].success, [data-test=run-status].error').waitFor({ timeout: 600_000 });
    // The time is the whole run's, all its calls: more than one execution can last.
    expect(await status.textContent()).toMatch(new RegExp(`^Wrote 120,000 rows to '${SHEET}'!A1:O120001 in (\\d+) min`));
    expect(Number(/ in (\d+) min/.exec((await status.textContent())!)![1])).toBeGreaterThanOrEqual(6);
    await pg.page.locator('#tabs button.active', { hasText: SHEET }).waitFor();
    await pg.shot('playground-continued-done');

    const seen = await seenIn('[data-test=run-progress]');
    const counts = seen.map((t) => /^continuing: ([\d,]+) of 120,000 rows$/.exec(t)).filter((m) => m !== null);
    expect(counts.length).toBeGreaterThan(0);
    const rows = counts.map((m) => Number(m![1].replace(/,/g, '')));
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    // The write phase says how far it is, not only the pages fetched.
    expect(seen.some((t) => /^Writing rows [\d,]+ of 120,000$/.test(t))).toBe(true);
  }, 700_000);

  it('the Saved tab: Run on the saved report goes on call after call and refreshes it', async () => {
    const report = await pg.section('report');
    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const saved = pg.sidebar.locator('section[data-section=saved]');
    await saved.locator('[data-test=save-last-run]').getByRole('button', { name: 'Save this report' }).click();
    const card = saved.locator('[data-report-id]').first();
    await card.waitFor();
    const before = await pg.cell('A2').textContent();
    await watch('[data-test=saved-status]');
    await card.getByRole('button', { name: 'Run' }).click();

    const status = saved.locator('[data-test=saved-status]');
    await saved.locator('[data-test=saved-status]', { hasText: /continuing|Refreshed/ }).waitFor({ timeout: 240_000 });
    expect(await status.textContent()).toMatch(/^Refreshing Page performance: site-big: continuing: [\d,]+ of 120,000 rows; done about /);
    await pg.shot('playground-saved-continuing');
    // The old rows stay in place until the whole report is in.
    expect(await pg.cell('A2').textContent()).toBe(before);

    await saved.locator('[data-test=saved-status].success, [data-test=saved-status].error').waitFor({ timeout: 600_000 });
    expect(await status.textContent()).toBe('Refreshed 1 of 1.');
    await pg.shot('playground-saved-continued-done');
    const seen = await seenIn('[data-test=saved-status]');
    expect(seen.some((t) => /^Refreshing Page performance.*: continuing: [\d,]+ of 120,000 rows/.test(t))).toBe(true);
  }, 700_000);
});
