/**
 * The playground as a new user meets it: `npm start`'s server in a child process, driven in
 * headless Chromium. Saves the demo credential, pulls a paginated report, types a formula, refreshes,
 * moves the clock, and restarts on the same state folder. Saves the screenshots the README and docs/ show (under /tmp unless UPDATE_SCREENSHOTS=1).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;
const cellText = (a1: string) => pg.cell(a1).textContent();

beforeAll(async () => {
  pg = await openPlayground();
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('the playground', () => {
  it('shows the demo credential and the add-on menu built by onOpen', async () => {
    const { page } = pg;
    expect(await page.textContent('#demo')).toContain('demo-client');
    expect(await page.textContent('#demo')).toContain('demo-secret');
    await page.click('#extensionsButton');
    const items = await page.locator('#extensionsMenu button').allTextContents();
    expect(items).toEqual([
      'Open sidebar',
      'Refresh formulas',
      'Refresh all reports',
      'Show report status',
      'Create dashboard',
      'Try it with demo data',
      'Check how Sheets reads values back',
      'Measure how fast Sheets writes, copies and reads',
    ]);
    await page.click('#extensionsButton');
  });

  it('opens the real sidebar and saves the demo credential through google.script.run', async () => {
    await pg.connect({ allowFormulas: true });
    expect(await pg.sidebar.locator('[data-test=settings-state]').textContent()).toMatch(/demo-client/);
  });

  it('pulls a paginated report into its own sheet', async () => {
    const report = await pg.pickReport('site-1', 'pages/performance');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    expect(await report.locator('[data-test=run-status]').textContent()).toMatch(/^Wrote 1,203 rows to 'Page performance - site-1'/);

    await pg.tab('Page performance - site-1').click();
    await pg.page.locator('#pager', { hasText: 'of 1,204' }).waitFor();
    expect(await cellText('A1')).toBe('Page URL');
    expect(await pg.cell('A1').getAttribute('class')).toContain('bold');
    // Money formatted as currency, counts as numbers.
    expect(await pg.page.locator('td[data-row="2"].num').count()).toBeGreaterThan(3);
    await pg.shot('playground-report');
  });

  it('evaluates a typed formula with the bundle and spills its table', async () => {
    await pg.tab('Sheet1').click();
    await pg.typeInto('A1', '=CREATOR_SITES()');
    await pg.cell('A2').filter({ hasText: 'site-1' }).waitFor();
    expect(await cellText('A1')).toBe('Site ID');
    expect(await cellText('B2')).toBe('Example Kitchen');
    await pg.typeInto('H1', '=CREATOR_EARNINGS("site-1", "2026-11-01", "2026-11-07")');
    await pg.cell('H1').filter({ hasText: 'Date' }).waitFor();
    // A formula's result carries no number format: Sheets shows dates in the locale's default form.
    expect(await cellText('H2')).toBe('11/1/2026');
    expect(await cellText('H8')).toBe('11/7/2026');
    expect(await cellText('I2')).toMatch(/^\d+(\.\d+)?$/);
    await pg.shot('playground-formula');
  });

  it('shows a formula error in its cell with a message that says what to do', async () => {
    await pg.typeInto('A20', '=CREATOR_EARNINGS("site-1", "2020-01-01", "2020-01-31")');
    const cell = pg.cell('A20');
    await cell.locator('xpath=self::*[contains(@class,"error")]').waitFor();
    expect(await cell.textContent()).toBe('#ERROR!');
    expect(await cell.getAttribute('title')).toMatch(/available from 2024-01-01 to 2026-\d\d-\d\d/);
  });

  it('refreshes every CREATOR_ formula from the menu, keeping the values', async () => {
    await pg.menu('Refresh formulas');
    await pg.page
      .locator('.toast', { hasText: /Refresh/i })
      .first()
      .waitFor();
    expect(await cellText('B2')).toBe('Example Kitchen');
    expect(await cellText('H1')).toBe('Date');
  });

  it('moves the clock forward', async () => {
    const before = await pg.page.textContent('#clock');
    await pg.advanceHour();
    expect(await pg.page.textContent('#clock')).not.toBe(before);
  });

  it('continues where the user left off after a restart', async () => {
    await pg.restart();
    expect(fs.existsSync(path.join(pg.stateDir, 'state.json'))).toBe(true);
    expect(await pg.page.locator('#tabs button').allTextContents()).toEqual(
      expect.arrayContaining(['Sheet1', 'Page performance - site-1']),
    );
    await pg.tab('Sheet1').click();
    await pg.cell('B2').filter({ hasText: 'Example Kitchen' }).waitFor();
    expect(await cellText('H1')).toBe('Date');
  });

  it('resets to an empty spreadsheet', async () => {
    const { page } = pg;
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelectorAll('#tabs button').length === 2);
    expect(await page.locator('#tabs button').allTextContents()).toEqual(['Sheet1', '+']);
    expect(await cellText('A1')).toBe('');
  });
});
