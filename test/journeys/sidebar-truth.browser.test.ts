/**
 * Issue 27 item 4, walked in the playground as a person would: the sidebar says which site is which
 * (name beside ID, inactive ones marked) wherever a site is picked or listed, Alerts and Dashboard
 * pick from the builder's own site picker, "top 10 pages by RPM" is pulled, saved and scheduled from
 * the builder, cards and the save dialog say the comparison, and after Clear the Saved tab no longer
 * claims the schedules run.
 */
import type { Locator } from 'playwright-core';
import { connectedPlaygroundForFile } from './playground-driver';

const pg = connectedPlaygroundForFile();

const optionTexts = (select: Locator): Promise<string[]> => select.locator('option').allTextContents();

/** The column under `header` in the block at A1, rows 2 to `last`, as numbers ("$12.34" -> 12.34). */
async function columnNumbers(header: string, last: number): Promise<number[]> {
  let col = '';
  for (const letter of 'ABCDEFGHIJKL') {
    if ((await pg().cell(`${letter}1`).textContent()) === header) col = letter;
  }
  expect(col).not.toBe('');
  const out: number[] = [];
  for (let row = 2; row <= last; row++) out.push(Number((await pg().cell(`${col}${row}`).textContent())!.replace(/[$,]/g, '')));
  return out;
}

describe('the sidebar tells which site is which, sorts, and says what a saved report holds', () => {
  it('Test connection and the builder show each site by name and ID, inactive ones marked', async () => {
    const settings = await pg().section('settings');
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await settings.locator('[data-test=connection-sites] li').first().waitFor();
    expect(await settings.locator('[data-test=connection-sites] li[data-site-id=site-1]').textContent()).toMatch(
      /^Example Kitchen \(site-1\) https:/,
    );
    const old = settings.locator('[data-test=connection-sites] li[data-site-id=site-old]');
    expect(await old.textContent()).toMatch(/^Retired Recipes \(site-old\) · inactive https:/);
    expect(await old.getAttribute('class')).toBe('inactive');
    await pg().shot('truth-test-connection');

    const report = await pg().section('report');
    await report.locator('select[name=site] option[value=site-1]').waitFor({ state: 'attached' });
    const sites = await optionTexts(report.locator('select[name=site]'));
    expect(sites).toContain('Example Kitchen (site-1)');
    expect(sites).toContain('Retired Recipes (site-old) · inactive');
  }, 120_000);

  it('Alerts and Dashboard pick a site from the builder\u2019s picker; inactive sites cannot be chosen there', async () => {
    const builderSites = await optionTexts((await pg().section('report')).locator('select[name=site]'));
    const alerts = await pg().section('alerts');
    const alertSite = alerts.locator('select[name=alert-siteId]');
    expect(await optionTexts(alertSite)).toEqual(builderSites);
    expect(await alertSite.locator('option[value=site-old]').isDisabled()).toBe(true);
    await alerts.locator('input[name=alert-name]').fill('Travel RPM drop');
    await alertSite.selectOption('site-2');
    await alerts.locator('input[name=alert-threshold]').fill('20');
    await alerts.getByRole('button', { name: 'Save alert' }).click();
    await alerts.locator('[data-test=alerts-status].success').waitFor({ timeout: 30_000 });
    expect(await alerts.locator('[data-test=alert-card]').first().textContent()).toContain(
      'RPM on Wander Far Travel (site-2) falls by more than 20%',
    );
    // The site stays chosen for the next alert.
    expect(await alertSite.inputValue()).toBe('site-2');
    await pg().shot('truth-alerts');

    const dashboard = await pg().section('dashboard');
    const dashSite = dashboard.locator('select[name=dashboard-siteId]');
    const dashSites = await optionTexts(dashSite);
    // One site per dashboard: no "All active sites"; otherwise the builder's list.
    expect(dashSites).toEqual(builderSites.filter((s) => s !== 'All active sites'));
    expect(await dashSite.inputValue()).toBe('site-1');
    expect(await dashSite.locator('option[value=site-old]').isDisabled()).toBe(true);
    await pg().shot('truth-dashboard');
  }, 120_000);

  it('pulls the top 10 pages by RPM from the builder, saves and schedules it, and the card says so', async () => {
    const report = await pg().pickReport('site-1', 'pages/performance');
    await report.locator('select[name=sortField]').selectOption('rpm');
    expect(await report.locator('select[name=sortOrder]').inputValue()).toBe('desc');
    await report.locator('input[name=limit]').fill('10');
    await report.locator('select[name=sortField]').scrollIntoViewIfNeeded();
    await pg().shot('truth-builder-sort');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
    expect(await report.locator('[data-test=run-status]').textContent()).toMatch(/^Wrote 10 rows to 'Page performance - site-1'/);
    await pg().tab('Page performance - site-1').click();
    await pg()
      .cell('A1')
      .filter({ hasText: /^Page URL$/ })
      .waitFor();
    const rpm = await columnNumbers('RPM', 11);
    expect(rpm.every((v) => Number.isFinite(v))).toBe(true);
    expect(rpm).toEqual([...rpm].sort((a, b) => b - a));
    expect(await pg().cell('A12').textContent()).toBe('');

    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const saved = pg().sidebar.locator('section[data-section=saved]');
    const offer = saved.locator('[data-test=save-last-run]');
    expect(await offer.locator('p').first().textContent()).toContain('top 10 by RPM');
    await offer.locator('input[name=name]').fill('Top pages by RPM');
    await offer.locator('select[name=every]').selectOption('day');
    await offer.getByRole('button', { name: 'Save this report' }).click();
    await saved.locator('[data-report-id]', { hasText: 'Top pages by RPM' }).waitFor();
    // By its ID: once Edit turns it into a form, its name is an input's value, not text.
    const id = await saved.locator('[data-report-id]', { hasText: 'Top pages by RPM' }).getAttribute('data-report-id');
    const card = saved.locator(`[data-report-id="${id}"]`);
    expect(await card.locator('.hint.gray').first().textContent()).toBe(
      'Page performance \u00b7 Example Kitchen (site-1) \u00b7 Last 30 days \u00b7 top 10 by RPM \u2192 Page performance - site-1',
    );
    // The editor shows the saved sort in the same control, and keeps it.
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.locator('[data-test=availability]', { hasText: 'data through' }).waitFor({ timeout: 60_000 });
    expect(await card.locator('select[name=sortField]').inputValue()).toBe('rpm');
    expect(await card.locator('select[name=sortOrder]').inputValue()).toBe('desc');
    await card.locator('select[name=sortOrder]').selectOption('asc');
    await card.getByRole('button', { name: 'Save' }).click();
    await saved.locator('[data-test=saved-status].success').waitFor({ timeout: 60_000 });
    expect(await card.locator('.hint.gray').first().textContent()).toContain('lowest 10 by RPM');
    await pg().shot('truth-top-pages');
  }, 240_000);

  it('the save dialog and the card say the comparison, not only "with totals"', async () => {
    const report = await pg().pickReport('site-2', 'earnings');
    // Another report starts in its own order: the pages' sort does not follow.
    expect(await report.locator('select[name=sortField]').inputValue()).toBe('');
    await report.locator('input[name=totals]').check();
    await report.locator('select[name=compareTo]').selectOption('previousPeriod');
    await report.getByRole('button', { name: 'Run report' }).click();
    await report.locator('[data-test=run-status].success').waitFor({ timeout: 90_000 });
    await report.getByRole('button', { name: 'Save this report\u2026' }).click();
    const saved = pg().sidebar.locator('section[data-section=saved]');
    const offer = saved.locator('[data-test=save-last-run]');
    expect(await offer.locator('p').first().textContent()).toContain('with totals, compared with the previous period');
    await offer.locator('input[name=name]').fill('Travel earnings vs before');
    await offer.getByRole('button', { name: 'Save this report' }).click();
    const card = saved.locator('[data-report-id]', { hasText: 'Travel earnings vs before' });
    await card.waitFor();
    expect(await card.locator('.hint.gray').first().textContent()).toBe(
      'Earnings \u00b7 Wander Far Travel (site-2) \u00b7 Last 30 days \u00b7 with totals, compared with the previous period \u2192 Earnings - site-2',
    );
    await pg().shot('truth-comparison-card');
  }, 180_000);

  it('after Clear, the Saved tab no longer says the schedules run with your account', async () => {
    const saved = await pg().section('saved');
    const owner = saved.locator('[data-test=schedule-owner]');
    await owner.filter({ hasText: 'Schedules run with your account (your trigger, hourly).' }).waitFor();
    const settings = await pg().section('settings');
    await settings.getByRole('button', { name: 'Clear' }).click();
    await settings.getByRole('button', { name: 'Click again to forget' }).click();
    await settings.locator('[data-test=settings-status].success').waitFor({ timeout: 30_000 });
    await pg().section('saved');
    await owner.filter({ hasText: 'credential is cleared' }).waitFor({ timeout: 30_000 });
    expect(await owner.textContent()).not.toContain('Schedules run with your account (your trigger, hourly).');
    expect(await owner.textContent()).toBe(
      'The schedules run with your account, but your credential is cleared: they stop until you save a credential in Settings.',
    );
    await pg().shot('truth-saved-after-clear');
  }, 120_000);
});
