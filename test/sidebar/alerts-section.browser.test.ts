/**
 * The sidebar's Alerts tab in headless Chromium, its server calls answered by the built add-on on
 * the emulator as two people (the owner and an editor): Edit opens the same form pre-filled and
 * saves through the same checks; another person's alert shows no Edit or Delete, and Remove (with a
 * confirmation) only once its maker has lost access to the spreadsheet.
 */
import type { Page } from 'playwright-core';
import type { AlertView } from '../../src/shared/types';
import { screenshot } from '../helpers/screenshots';
import { sidebarSectionForFile } from '../helpers/sidebar-section';
import { bundleForFile, createWorld, EDITOR, OWNER, type World } from '../reports/emulated-world';

const bundle = bundleForFile();
// The tab as main.ts mounts it, with a context whose rpc calls the emulator as one user.
const section = sidebarSectionForFile(`import { createAlertsSection } from './alerts-section';
        window.mountForTest = (user) => {
          const listeners = {};
          const ctx = {
            rpc: (fn, ...args) => window.serverCall(user, fn, args),
            on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
            emit: (event, value) => { for (const f of listeners[event] || []) f(value); },
            showSection: () => {},
            hasSection: () => true,
            settings: () => ({ configured: true }),
          };
          const section = createAlertsSection();
          section.mount(document.getElementById('app'), ctx);
          ctx.rpc('listSites').then((sites) => { ctx.emit('sites-loaded', sites); section.shown(); });
        };`);

async function open(w: World, user: string): Promise<Page> {
  const page = await section.open(w, user, { viewport: { width: 300, height: 1400 }, timeout: 10_000 });
  await page.locator('select[name=alert-siteId] option[value=site-1]').waitFor({ state: 'attached' });
  return page;
}

function world(): World {
  const w = createWorld(bundle(), { now: '2026-11-20T12:00:00Z' });
  w.connect(OWNER);
  w.connect(EDITOR);
  return w;
}

const card = (page: Page, name: string) => page.locator('[data-test=alert-card]', { hasText: name });

test('Edit opens the same form pre-filled, saves the change to the same alert, and refuses what a new alert would', async () => {
  const w = world();
  const made = w.call<AlertView>('saveAlert', {
    name: 'Travel RPM drop',
    siteId: 'site-2',
    report: 'earnings',
    metric: 'rpm',
    condition: 'changeBelow',
    threshold: -0.2,
    period: '28daysAgo',
    compareTo: 'previousYear',
  });
  const page = await open(w, OWNER);
  const mine = card(page, 'Travel RPM drop');
  await mine.waitFor();
  await mine.getByRole('button', { name: 'Edit' }).click();

  const form = page.locator('[data-test=alert-form]');
  expect(await page.locator('summary').textContent()).toBe('Edit alert: Travel RPM drop');
  expect(await form.locator('input[name=alert-name]').inputValue()).toBe('Travel RPM drop');
  expect(await form.locator('select[name=alert-siteId]').inputValue()).toBe('site-2');
  expect(await form.locator('select[name=alert-report]').inputValue()).toBe('earnings');
  expect(await form.locator('select[name=alert-metric]').inputValue()).toBe('rpm');
  expect(await form.locator('select[name=alert-condition]').inputValue()).toBe('changeBelow');
  expect(await form.locator('input[name=alert-threshold]').inputValue()).toBe('20');
  expect(await form.locator('select[name=alert-period]').inputValue()).toBe('28daysAgo');
  expect(await form.locator('select[name=alert-compareTo]').inputValue()).toBe('previousYear');
  await screenshot(page, 'alerts-edit-open', { fullPage: true });

  // The same checks as a new alert: an empty threshold is refused, and nothing is saved.
  await form.locator('input[name=alert-threshold]').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('[data-test=alerts-status].error').waitFor();
  expect(await page.locator('[data-test=alerts-status]').textContent()).toBe('Give the threshold the value is compared with.');

  await form.locator('input[name=alert-threshold]').fill('35');
  await form.locator('select[name=alert-siteId]').selectOption('site-1');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('[data-test=alerts-status].success').waitFor();
  const alerts = w.call<{ alerts: AlertView[] }>('listAlerts').alerts;
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatchObject({ id: made.id, siteId: 'site-1', threshold: -0.35, period: '28daysAgo', compareTo: 'previousYear' });
  expect(await card(page, 'Travel RPM drop').textContent()).toContain('falls by more than 35% against the same dates a year ago');
  // Back to a new alert after saving.
  expect(await page.locator('summary').textContent()).toBe('New alert');
  expect(await form.getByRole('button', { name: 'Save alert' }).isVisible()).toBe(true);
  await page.close();
});

test('a fall of 100% or more, typed as the form asks (in percent), is refused in percent', async () => {
  const w = world();
  const page = await open(w, OWNER);
  const form = page.locator('[data-test=alert-form]');
  await form.locator('select[name=alert-condition]').selectOption('changeBelow');
  expect(await form.textContent()).toContain('Percent: 20 means a change of more than 20%.');
  await form.locator('input[name=alert-threshold]').fill('150');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await page.locator('[data-test=alerts-status].error').waitFor();
  expect(await page.locator('[data-test=alerts-status]').textContent()).toBe(
    'A fall of 150% cannot happen: a value falls by 100% at most. For a 20% drop, give 20 in the sidebar (-0.2 in a server call).',
  );
  expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts).toHaveLength(0);
  await page.close();
});

test('another person\u2019s alert shows no Edit or Delete; once its maker lost access, Remove asks first, then removes it', async () => {
  const w = world();
  w.callAs(EDITOR, 'saveAlert', {
    name: 'Editor alert',
    siteId: 'site-1',
    report: 'earnings',
    metric: 'rpm',
    condition: 'above',
    threshold: 5,
  });
  w.call('saveAlert', { name: 'Owner alert', siteId: 'site-1', report: 'earnings', metric: 'rpm', condition: 'above', threshold: 5 });
  let page = await open(w, OWNER);
  const theirs = card(page, 'Editor alert');
  await theirs.waitFor();
  expect(await theirs.locator('button').count()).toBe(0);
  expect(await card(page, 'Owner alert').locator('button').allTextContents()).toEqual(['Edit', 'Delete']);
  await page.close();

  w.emu.access.revoke(EDITOR);
  page = await open(w, OWNER);
  const gone = card(page, 'Editor alert');
  await gone.waitFor();
  expect(await gone.locator('button').allTextContents()).toEqual(['Remove']);
  await gone.getByRole('button', { name: 'Remove' }).click();
  expect(await gone.locator('[data-test=remove-confirm]').textContent()).toBe(
    'editor@example.com no longer has access to this spreadsheet, so nobody checks this alert. Removing it is recorded on the status sheet.',
  );
  // The first click only asks.
  expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts).toHaveLength(2);
  await screenshot(page, 'alerts-remove-confirm', { fullPage: true });
  await gone.getByRole('button', { name: 'Confirm remove' }).click();
  await page.locator('[data-test=alert-card]', { hasText: 'Editor alert' }).waitFor({ state: 'detached' });
  expect(w.call<{ alerts: AlertView[] }>('listAlerts').alerts.map((a) => a.name)).toEqual(['Owner alert']);
  await page.close();
});

test('the tab says the e-mail rule: one e-mail per day of data, none within 20 hours of the last', async () => {
  const page = await open(world(), OWNER);
  const intro = page.locator('#app > .hint').first();
  expect(await intro.textContent()).toContain('one e-mail per day of data at most, and none within 20 hours of the last');
  expect(await intro.textContent()).not.toContain('once a day');
  await page.close();
});

test('a noData alert names the day it checks: on its card, and in the form as the report, the hour and its own lag change it', async () => {
  // 07:00 in New York on 2026-11-20: before 09:00 an earnings alert checks the day before 2 days ago.
  const w = world();
  w.call('saveAlert', { name: 'Earnings late', siteId: 'site-1', report: 'earnings', condition: 'noData', byHour: 9 });
  w.call('saveAlert', { name: 'Next-day earnings', siteId: 'site-1', report: 'earnings', condition: 'noData', byHour: 6, lagDays: 1 });
  const page = await open(w, OWNER);
  await card(page, 'Earnings late').waitFor();
  expect(await card(page, 'Earnings late').textContent()).toContain(
    'Earnings on Example Kitchen (site-1) has no data for 2 days ago (2026-11-17) by 09:00',
  );

  const form = page.locator('[data-test=alert-form]');
  const noData = form.locator('select[name=alert-condition] option[value=noData]');
  await form.locator('select[name=alert-condition]').selectOption('noData');
  expect(await noData.textContent()).toBe('has no data for 2 days ago (2026-11-17) by');
  // From 06:00 on (it is 07:00), the day is two days ago itself.
  await form.locator('select[name=alert-byHour]').selectOption('6');
  expect(await noData.textContent()).toBe('has no data for 2 days ago (2026-11-18) by');
  await form.locator('select[name=alert-report]').selectOption('traffic/summary');
  expect(await noData.textContent()).toBe('has no data for yesterday (2026-11-19) by');
  await screenshot(page, 'alerts-nodata-day', { fullPage: true });

  // An alert saved with its own lag is edited with that lag's day, not its family's.
  await card(page, 'Next-day earnings').getByRole('button', { name: 'Edit' }).click();
  expect(await form.locator('select[name=alert-condition]').inputValue()).toBe('noData');
  expect(await form.locator('select[name=alert-byHour]').inputValue()).toBe('6');
  expect(await noData.textContent()).toBe('has no data for yesterday (2026-11-19) by');
  await page.close();
});

test('Check now names the alerts that fired, failed or were not checked, beside the summary of why', async () => {
  const w = world();
  const alert = { siteId: 'site-1', report: 'earnings', metric: 'rpm', period: 'yesterday' };
  w.call('saveAlert', { ...alert, name: 'RPM above zero', condition: 'above', threshold: 0 });
  w.call('saveAlert', { ...alert, name: 'RPM below zero', condition: 'below', threshold: 0 });
  const page = await open(w, OWNER);
  await card(page, 'RPM below zero').waitFor();
  const status = page.locator('[data-test=alerts-status]');
  const names = page.locator('[data-test=check-group]');

  await page.getByRole('button', { name: 'Check now' }).click();
  await status.filter({ hasText: 'Checked 2 of your 2 alerts: 1 fired, 1 quiet, 0 failed.' }).waitFor();
  expect(await names.allTextContents()).toEqual(['Fired: RPM above zero']);

  // The credential cleared, an hour later: the quiet one fails, the fired one is not checked again.
  w.call('clearSettings');
  w.emu.clock.advance(3_600_000);
  await page.getByRole('button', { name: 'Check now' }).click();
  await status.filter({ hasText: '1 failed: No Creator Reporting credential is saved.' }).waitFor();
  expect(await status.textContent()).toContain('Checked 1 of your 2 alerts: 0 fired, 0 quiet, 1 failed.');
  expect(await status.textContent()).toContain('1 not checked: Already e-mailed in the last 20 hours');
  expect(await names.allTextContents()).toEqual(['Failed: RPM below zero', 'Not checked: RPM above zero']);
  await screenshot(page, 'alerts-check-now-summary', { fullPage: true });

  // The names belong to that check: the next action clears them.
  await card(page, 'RPM below zero').getByRole('button', { name: 'Edit' }).click();
  await page.locator('[data-test=alert-form]').getByRole('button', { name: 'Save changes' }).click();
  await status.filter({ hasText: 'Alert saved.' }).waitFor();
  expect(await names.count()).toBe(0);
  await page.close();
});
