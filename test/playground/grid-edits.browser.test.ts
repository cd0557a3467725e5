/**
 * What the README promises a user can try in the playground, done the way Sheets offers it: a row
 * inserted into a report's block from the row header's right-click menu makes the next refresh
 * refuse (naming the rows) and keeps what the user typed; a tab renamed by double-click is
 * followed by its saved report, which refreshes it instead of making a sheet with the old name.
 * And what a user does while the page is still busy (a tab's load, a poll, the Saved tab's list, all
 * answered late, as on a slow machine) lands where they did it.
 */
import type { APIResponse, Locator, Page, Request, Route } from 'playwright-core';
import { connectedPlaygroundForFile } from '../journeys/playground-driver';

const pg = connectedPlaygroundForFile();
const SHEET = 'Earnings - site-2';

async function headerMenu(header: string, item: string): Promise<void> {
  const th = /^\d+$/.test(header)
    ? pg().page.locator(`#grid th[data-header-row="${header}"]`)
    : pg().page.locator('#grid th', { hasText: new RegExp(`^${header}$`) });
  await th.click({ button: 'right' });
  await pg().page.locator('#contextMenu button', { hasText: item }).click();
}

/**
 * Holds back the page's answers from `url` (the requests `which` picks, at most `limit` of them), as
 * a slow machine does: each is answered by the server at once, then reaches the page when `release`
 * lets the oldest held go (waiting until it has fully arrived). `stop` lets the rest through.
 */
async function holdAnswers(
  page: Page,
  url: RegExp | string,
  which: (request: Request) => boolean = () => true,
  limit = Number.POSITIVE_INFINITY,
) {
  const held: Array<{ route: Route; response: APIResponse }> = [];
  let taken = 0;
  let arrived = () => {};
  const hold = async (route: Route) => {
    if (taken >= limit || !which(route.request())) return route.fallback();
    taken++;
    held.push({ route, response: await route.fetch() });
    arrived();
  };
  await page.route(url, hold);
  const heldAnswers = async (count: number) => {
    while (held.length < count) await new Promise<void>((resolve) => (arrived = resolve));
  };
  return {
    heldAnswers,
    async release() {
      await heldAnswers(1);
      const { route, response } = held.shift()!;
      const finished = page.waitForEvent('requestfinished', (r) => r === route.request());
      await route.fulfill({ response });
      await finished;
    },
    async stop() {
      await page.unroute(url, hold);
      for (const { route, response } of held.splice(0)) await route.fulfill({ response });
    },
  };
}

/** Reloads of the sheet shown (a poll, the load after a write: the state asked for without a sheet). */
const holdReloads = (page: Page) => holdAnswers(page, /\/api\/state\?offset=\d+$/);

/** The answer to the load of sheet `name` (a tab clicked). */
const holdLoadOf = (page: Page, name: string) =>
  holdAnswers(page, new RegExp(`/api/state\\?.*sheet=${name.replace(' ', '(?:\\+|%20)')}(&|$)`));

describe('row, column and sheet edits in the playground', () => {
  it('a row inserted inside a block from the row header menu makes the next run refuse and keeps what was typed', async () => {
    const report = await pg().pickReport('site-2', 'earnings');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
    await pg().page.locator('#tabs button.active', { hasText: SHEET }).waitFor();
    const dateBelow = await pg().cell('A5').textContent();

    // The header menu offers what Sheets' does; the block's rows move down by one.
    await pg().page.locator('#grid th[data-header-row="5"]').click({ button: 'right' });
    expect(await pg().page.locator('#contextMenu button').allTextContents()).toEqual([
      'Insert 1 row above',
      'Insert 1 row below',
      'Delete row',
      'View > Freeze > Up to row 5',
      'View > Freeze > No rows',
    ]);
    await pg().shot('playground-row-menu');
    await pg().page.locator('#contextMenu button', { hasText: 'Insert 1 row above' }).click();
    await pg().cell('A6').filter({ hasText: dateBelow! }).waitFor();
    expect(await pg().cell('A5').textContent()).toBe('');
    await pg().typeInto('A5', 'my note');
    await pg().cell('A5').filter({ hasText: 'my note' }).waitFor();

    await report.getByRole('button', { name: 'Run report' }).click();
    const status = report.locator('[data-test=run-status].error');
    await status.waitFor({ timeout: 90_000 });
    // The rows named begin at the inserted one (the add-on compares the block in bands of rows).
    expect(await status.textContent()).toMatch(
      /^Sheet 'Earnings - site-2' has 1 row inserted inside the report's block A1:G32 \(the change is in rows 5(-\d+)?\)\. The report was not written/,
    );
    await status.scrollIntoViewIfNeeded();
    await pg().shot('playground-row-refused');
    // Left as it is: the typed cell and the row below it.
    expect(await pg().cell('A5').textContent()).toBe('my note');
    expect(await pg().cell('A6').textContent()).toBe(dateBelow);

    // Deleting the row puts the block back as written: the run goes through again.
    await headerMenu('5', 'Delete row');
    await pg().cell('A5').filter({ hasText: dateBelow! }).waitFor();
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
  }, 240_000);

  it('column header menu: a column inserted to the left moves the block right, deleting it moves it back', async () => {
    await pg().page.locator('#grid th', { hasText: /^A$/ }).click({ button: 'right' });
    expect(await pg().page.locator('#contextMenu button').allTextContents()).toEqual([
      'Insert 1 column left',
      'Insert 1 column right',
      'Delete column',
    ]);
    await pg().page.locator('#contextMenu button', { hasText: 'Insert 1 column left' }).click();
    await pg().cell('B1').filter({ hasText: 'Date' }).waitFor();
    expect(await pg().cell('A1').textContent()).toBe('');
    await headerMenu('A', 'Delete column');
    await pg().cell('A1').filter({ hasText: 'Date' }).waitFor();
  }, 60_000);

  it('a tab renamed by double-click is followed by its saved report', async () => {
    const report = await pg().section('report');
    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const saved = pg().sidebar.locator('section[data-section=saved]');
    await saved.locator('[data-test=save-last-run]').getByRole('button', { name: 'Save this report' }).click();
    const card = saved.locator('[data-report-id]').first();
    await card.waitFor();

    // A taken name is refused with a message, and the input stays for another try.
    await pg().tab(SHEET).dblclick();
    const input = pg().page.locator('#tabs input.tab-rename');
    await input.fill('Sheet1');
    await input.press('Enter');
    await pg().page.locator('.toast', { hasText: 'A sheet with the name "Sheet1" already exists. Please enter another name.' }).waitFor();
    await input.fill('  ');
    await input.press('Enter');
    await pg().page.locator('.toast', { hasText: 'A sheet needs a name' }).waitFor();
    // Escape keeps the old name.
    await input.press('Escape');
    await pg().page.locator('#tabs button.active', { hasText: SHEET }).waitFor();

    await pg().tab(SHEET).dblclick();
    await input.fill('My earnings');
    await pg().shot('playground-rename-tab');
    await input.press('Enter');
    await pg().page.locator('#tabs button.active', { hasText: 'My earnings' }).waitFor();

    // Later (the clock moves on), the saved report refreshes the renamed sheet.
    await pg().advanceHour();
    const before = await card.locator('[data-test=report-status]').textContent();
    await card.getByRole('button', { name: 'Run' }).click();
    await saved.locator('[data-test=saved-status].success').waitFor({ timeout: 90_000 });
    const after = await card.locator('[data-test=report-status]').textContent();
    expect(after).toMatch(/^Last run .* · 30 rows · data through/);
    expect(after).not.toBe(before);
    // The refresh adds its status sheet, and no sheet under the old name (the tabs are drawn again
    // after the card says so, on a loaded machine a moment later).
    await pg().page.locator('#tabs button', { hasText: 'Creator Reporting status' }).waitFor();
    expect(await pg().page.locator('#tabs button').allTextContents()).toEqual(['Sheet1', 'My earnings', 'Creator Reporting status', '+']);
    await pg().page.locator('#tabs button.active', { hasText: 'My earnings' }).waitFor();
    expect(await pg().cell('A1').textContent()).toBe('Date');
    expect(await card.locator('.hint.gray').first().textContent()).toMatch(/\u2192 My earnings$/);
    await pg().shot('playground-renamed-refreshed');
  }, 240_000);

  it('what is typed right after clicking a tab lands in that tab, even while it is still loading', async () => {
    const { page } = pg();
    await page.locator('#tabs button.active', { hasText: 'My earnings' }).waitFor();
    // The clicked sheet's contents arrive late (a slow machine), and the user goes on meanwhile.
    // Enter pressed before the sheet arrived: the value goes to the sheet clicked, not the one drawn.
    let late = await holdLoadOf(page, 'Sheet1');
    await pg().tab('Sheet1').click();
    await late.heldAnswers(1);
    await pg().cell('C3').click();
    await page.fill('#formulaInput', 'typed while loading');
    await page.press('#formulaInput', 'Enter');
    await late.release();
    await late.stop();
    await page.locator('#tabs button.active', { hasText: 'Sheet1' }).waitFor();
    await pg().cell('C3').filter({ hasText: 'typed while loading' }).waitFor();

    // Typing begun before the sheet arrived is still in the formula bar when it does.
    late = await holdLoadOf(page, 'My earnings');
    await pg().tab('My earnings').click();
    await late.heldAnswers(1);
    await pg().cell('J40').click();
    await page.fill('#formulaInput', 'my note');
    await late.release();
    await late.stop();
    await page.locator('#tabs button.active', { hasText: 'My earnings' }).waitFor();
    expect(await page.inputValue('#formulaInput')).toBe('my note');
    await page.press('#formulaInput', 'Enter');
    await pg().cell('J40').filter({ hasText: 'my note' }).waitFor();
    expect(await pg().cell('C3').textContent()).not.toBe('typed while loading');
    expect(await pg().cell('A1').textContent()).toBe('Date');
    await pg().tab('Sheet1').click();
    await page.locator('#tabs button.active', { hasText: 'Sheet1' }).waitFor();
    expect(await pg().cell('C3').textContent()).toBe('typed while loading');
    expect(await pg().cell('J40').textContent()).toBe('');
  }, 60_000);

  it('a late answer to an earlier load neither takes the user back to the sheet they left nor hides what they just typed', async () => {
    const { page } = pg();
    await page.locator('#tabs button.active', { hasText: 'Sheet1' }).waitFor();
    // The grid's reload after "+1 hour" answers late (a slow machine): another tab was clicked meanwhile.
    let reloads = await holdReloads(page);
    await page.click('#advanceHour');
    await reloads.heldAnswers(1);
    await pg().tab('My earnings').click();
    await page.locator('#tabs button.active', { hasText: 'My earnings' }).waitFor();
    await reloads.release();
    await reloads.stop();
    // Drawn once the formula bar moved on: typeInto's wait is enough to read the cell.
    await pg().typeInto('K40', 'after a late load');
    expect(await pg().cell('K40').textContent()).toBe('after a late load');
    expect(await page.locator('#tabs button.active').textContent()).toBe('My earnings');

    // A reload asked before Enter answers after the value was written: the value must not vanish
    // from its cell once the selection has moved on (nor may the formula bar's caller read it so).
    reloads = await holdReloads(page);
    await page.click('#advanceHour');
    await reloads.heldAnswers(1);
    await page.evaluate(() => {
      const seen = window as unknown as { hidTyped: boolean };
      seen.hidTyped = false;
      const typed = () => document.querySelector('td[data-row="41"][data-col="11"]')?.textContent;
      new MutationObserver(() => {
        if (document.getElementById('nameBox')!.textContent === 'K42' && typed() !== 'typed after') seen.hidTyped = true;
      }).observe(document.getElementById('nameBox')!, { childList: true, characterData: true, subtree: true });
    });
    await pg().cell('K41').click();
    await page.fill('#formulaInput', 'typed after');
    await page.press('#formulaInput', 'Enter');
    await reloads.heldAnswers(2);
    await reloads.release();
    await reloads.release();
    await reloads.stop();
    await pg().cell('K41').filter({ hasText: 'typed after' }).waitFor();
    await page.locator('#nameBox:text-is("K42")').waitFor();
    expect(await page.evaluate(() => (window as unknown as { hidTyped: boolean }).hidTyped)).toBe(false);
    await pg().tab('Sheet1').click();
    await page.locator('#tabs button.active', { hasText: 'Sheet1' }).waitFor();
    expect(await pg().cell('K40').textContent()).toBe('');
  }, 60_000);

  it('a tab clicked while the page redraws (a poll each second during a pull) opens all the same', async () => {
    const { page } = pg();
    await page.locator('#tabs button.active', { hasText: 'Sheet1' }).waitFor();
    // The button pressed, then the page redraws (the clock moved) before it is let go.
    const clickWhileRedrawn = async (button: Locator) => {
      const box = (await button.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const clock = await page.textContent('#clock');
      await page.evaluate(() => document.getElementById('advanceHour')!.click());
      await page.waitForFunction((old) => document.getElementById('clock')!.textContent !== old, clock);
      await page.mouse.up();
      // Once a later load is drawn, what the click started has been drawn too.
      await pg().advanceHour();
    };
    await clickWhileRedrawn(pg().tab('My earnings'));
    expect(await page.locator('#tabs button.active').textContent()).toBe('My earnings');
    // The same with an item of the add-on's menu.
    await page.click('#extensionsButton');
    await clickWhileRedrawn(page.locator('#extensionsMenu button', { hasText: 'Show report status' }));
    expect(await page.locator('#tabs button.active').textContent()).toBe('Creator Reporting status');
  }, 60_000);

  it('a saved report opened for editing while the Saved tab is still loading its list stays open', async () => {
    const { page } = pg();
    await pg().section('report');
    // The list the tab asks for on each visit answers late (a slow machine).
    const list = await holdAnswers(page, '**/api/run', (r) => r.postData()?.includes('"listReports"') === true, 1);
    const saved = await pg().section('saved');
    await list.heldAnswers(1);
    const card = saved.locator('[data-report-id]').first();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.locator('[data-test=availability]', { hasText: 'data through' }).waitFor({ timeout: 60_000 });
    await list.release();
    await list.stop();
    await card.locator('input[name=name]').fill('Earnings, edited while the list loaded');
    await card.getByRole('button', { name: 'Save' }).click();
    await saved.locator('[data-test=saved-status].success').waitFor({ timeout: 60_000 });
    expect(await card.locator('.site-name').textContent()).toBe('Earnings, edited while the list loaded');
  }, 120_000);
});
