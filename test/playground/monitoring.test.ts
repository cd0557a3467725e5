/**
 * Totals, comparisons and history as a person uses them in the playground (`npm start`'s server,
 * headless Chromium): the builder's Totals row and Compare with, a CREATOR_COMPARE formula, and a
 * saved report that keeps history. Screenshots go where screenshotPath says (the committed ones with
 * UPDATE_SCREENSHOTS=1).
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

const cellText = (a1: string) => pg.cell(a1).textContent();
const headerRow = async (cols: number) => Promise.all(Array.from({ length: cols }, (_, i) => cellText(`${String.fromCharCode(65 + i)}1`)));

beforeAll(async () => {
  pg = await openPlayground({ viewport: { width: 1400, height: 860 } });
  await pg.connect({ allowFormulas: true });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('monitoring over time in the playground', () => {
  it('runs a report with a Totals row compared with the previous period', async () => {
    const report = await pg.pickReport('site-1', 'devices/performance');
    await report.locator('input[name=totals]').check();
    await report.locator('select[name=compareTo]').selectOption('previousPeriod');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    await pg.tab('Device performance - site-1').click();
    await pg.cell('C1').filter({ hasText: 'Earnings previous' }).waitFor();
    await pg
      .cell('A1')
      .filter({ hasText: /^Device$/ })
      .waitFor();
    expect(await headerRow(5)).toEqual(['Device', 'Earnings', 'Earnings previous', 'Earnings change', 'Earnings change %']);
    expect(await cellText('A5')).toBe('Total');
    expect(await cellText('E2')).toMatch(/^-?\d+\.\d%$/);
    await pg.shot('playground-compare');
  });

  it('types CREATOR_COMPARE for a daily series a year back, weekdays aligned', async () => {
    await pg.tab('Sheet1').click();
    await pg.typeInto('A1', '=CREATOR_COMPARE("earnings", "site-1", "lastThirtyDays", , "previousYearWeekday", "totals=true")');
    await pg.cell('B1').filter({ hasText: 'Previous date' }).waitFor();
    expect(await cellText('A32')).toBe('Total');
    await pg.shot('playground-compare-formula');
  });

  it('saves a report that keeps history, saying what it costs, and refreshes it into its sheet', async () => {
    const report = await pg.section('report');
    await report.locator('input[name=totals]').uncheck();
    await report.locator('select[name=compareTo]').selectOption('');
    await report.locator('input[name=sheetName]').fill('Devices');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 60_000 });
    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const { sidebar } = pg;
    await sidebar.locator('input[name=keepHistory]').check();
    const cost = sidebar.locator('[data-test=history-cost]');
    expect(await cost.textContent()).toMatch(
      /pulled day by day: 30 requests per site for the first fill, then about 9 per site for a daily refresh/,
    );
    await sidebar.locator('select[name=every]').last().selectOption('month');
    await sidebar.locator('select[name=monthDay]').last().selectOption('2');
    await pg.shot('playground-history-save');
    await sidebar.getByRole('button', { name: 'Save this report' }).click();
    const card = sidebar.locator('[data-report-id]').first();
    await card.waitFor();
    expect(await card.textContent()).toMatch(/history, 7-day revision window/);
    expect(await card.textContent()).toMatch(/Monthly on the 2nd at 06:00/);
    // The history goes to a sheet of its own.
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.locator('input[name=sheetName]').fill('Device history');
    await card.getByRole('button', { name: 'Save' }).click();
    await sidebar.locator('[data-report-id]').first().getByRole('button', { name: 'Run' }).click();
    await pg.tab('Device history').waitFor({ timeout: 60_000 });
    await pg.tab('Device history').click();
    await pg
      .cell('B1')
      .filter({ hasText: /^Device$/ })
      .waitFor();
    expect(await headerRow(3)).toEqual(['Date', 'Device', 'Earnings']);
    // 30 days of three devices, one row per day and device.
    expect(await cellText('B91')).toMatch(/^(desktop|mobile|tablet)$/);
    expect(await cellText('B92')).toBe('');
    await pg.shot('playground-history');
  });
});
