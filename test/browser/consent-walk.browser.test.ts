/**
 * Granular consent, walked in Chromium one permission at a time: for each scope the manifest
 * requests (iterating the one scope table, so a scope added there is walked too), a connected user
 * who granted every other one opens the sidebar. The notice names exactly that permission in the
 * table's words, with Google's link in a new tab, and the journey the scope governs says what is not
 * allowed, never "Something unexpected went wrong". One browser and one page; each case gets a
 * fresh emulator and fake API (the page's server calls follow `world`), and a reload starts the
 * sidebar over on it.
 */
import type { Browser, Page } from 'playwright-core';
import { requestedScopes, SCOPE_PREFIX, SCOPES, type ScopeRow } from '../../src/platform/scopes';
import { builtAddOn } from '../helpers/built';
import { launch } from '../helpers/chromium';
import { screenshotPath } from '../helpers/screenshots';
import { sidebarWorld, type SidebarWorld } from '../sidebar/world';
import { openSidebar, type SidebarPage } from './sidebar-harness';
import { ANY_EARNINGS_ALERT } from '../reports/emulated-world';

const KEYS = requestedScopes().map((s) => s.slice(SCOPE_PREFIX.length));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const row = (key: string): ScopeRow => SCOPES.find((r) => r.key === key)!;
/** How every refusal but the nothing-runs ones ends: where the notice and its link really are. */
const HOW_TO_ALLOW =
  ' To allow it, use the Allow link in the notice at the top of the add-on\u2019s sidebar (Extensions > Creator Reporting > Open sidebar).';
const GENERIC = /Something unexpected went wrong|unexpected error|undefined|\[object /;
const STATUS_SHEET = 'Creator Reporting status';
const REPORT = { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Saved' };
const ALERT = ANY_EARNINGS_ALERT;

const built = builtAddOn();
let browser: Browser;
let sidebar: SidebarPage;
let page: Page;
let world: SidebarWorld;

function freshWorld(): SidebarWorld {
  const w = sidebarWorld({ emulator: { latencyMs: 40, distDir: built.dir } });
  w.emu.loadBundle(built.code);
  return w;
}

const call = (name: string, ...args: unknown[]) => world.emu.bundle!.call(name, ...args);

beforeAll(async () => {
  world = freshWorld();
  browser = await launch();
  sidebar = await openSidebar(browser, () => world.emu, built.sidebar);
  page = sidebar.page;
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
  await browser?.close();
});

const section = (id: string) => page.locator(`section[data-section=${id}]`);
const notice = () => page.locator('[data-test=permissions]');

async function openTab(id: string) {
  await page.click(`button.tab[data-section=${id}]`);
  await section(id).waitFor();
}

/** Waits until `locator`'s text matches, and returns it (the sidebar fills statuses asynchronously). */
async function textOf(locator: ReturnType<Page['locator']>, settled: RegExp): Promise<string> {
  await locator.filter({ hasText: settled }).first().waitFor({ timeout: 30_000 });
  return (await locator.filter({ hasText: settled }).first().textContent()) ?? '';
}

/** A status past its in-progress lines (the sidebar shows them while its calls are under way). */
const SETTLED = /^(?!Refreshing|Checking your alerts|Loading alerts)\S/;

async function checkAlertsNow(): Promise<string> {
  await openTab('alerts');
  await section('alerts').getByRole('button', { name: 'Check now' }).click();
  return textOf(section('alerts').locator('[data-test=check-results], [data-test=alerts-status]'), SETTLED);
}

async function refreshAll(): Promise<string> {
  await openTab('saved');
  await section('saved').getByRole('button', { name: 'Refresh all' }).click();
  return textOf(section('saved').locator('[data-test=saved-status]'), SETTLED);
}

async function runReport(): Promise<string> {
  await openTab('report');
  await section('report').locator('select[name=report]').selectOption('earnings');
  await section('report').getByRole('button', { name: 'Run report' }).click();
  return textOf(section('report').locator('[data-test=run-status]'), /\S/);
}

/**
 * What each scope's absence costs, as the user meets it. A scope added to the table without an entry
 * here (BigQuery's, say) is still walked: its notice, and `everyAction` with no generic error; give
 * it an entry for the journey it governs.
 */
const JOURNEYS: Record<string, () => Promise<void>> = {
  'script.send_mail': async () => {
    expect(await checkAlertsNow()).toMatch(/^Checked 1 of your 1 alert: 1 fired/);
    const card = section('alerts').locator('[data-test=alert-card]');
    expect(await card.textContent()).toContain('Not sent: E-mail is not allowed for this add-on in your account.');
    const statusSheet = world.shown(STATUS_SHEET).flat();
    expect(statusSheet).toContain('Not sent: E-mail is not allowed for this add-on in your account.');
    expect(world.emu.mail.sent).toEqual([]);
  },

  'script.scriptapp': async () => {
    expect(await runReport()).toMatch(/^Wrote 30 rows/);
    await section('report').getByRole('button', { name: 'Save this report\u2026' }).click();
    const offer = section('saved').locator('[data-test=save-last-run]');
    await offer.locator('select[name=every]').selectOption('hour');
    await offer.getByRole('button', { name: 'Save this report' }).click();
    await section('saved').locator('[data-report-id]').first().waitFor();
    const owner = section('saved').locator('[data-test=schedule-owner]');
    expect(await textOf(owner.locator('.error'), /\S/)).toBe(
      `Schedules cannot run: scheduled runs are not allowed for this add-on in your account.${HOW_TO_ALLOW}`,
    );
    // Saved, and still refreshed by hand; no trigger was made.
    expect(await refreshAll()).toBe('Refreshed 1 of 1.');
    expect(world.emu.triggers).toEqual([]);
    // No other person is involved and taking over needs the same permission: the box says only
    // why schedules cannot run for this user, and offers no Take over.
    expect(await owner.innerText()).toBe(
      `Schedules cannot run: scheduled runs are not allowed for this add-on in your account.${HOW_TO_ALLOW}`,
    );
    expect(await section('saved').getByRole('button', { name: 'Take over' }).count()).toBe(0);
  },

  'script.external_request': async () => {
    const before = world.shown('Saved');
    const refused = new RegExp(
      `^Fetching data from the Creator Reporting API is not allowed for this add-on in your account\\.${escapeRegExp(HOW_TO_ALLOW)}$`,
    );
    expect(await refreshAll()).toMatch(new RegExp(`^Refreshed 0 of 1\\.\\n?Earnings: site-1: ${refused.source.slice(1)}`));
    expect(await section('saved').locator('[data-test=report-status]').textContent()).toMatch(
      /: failed\. Fetching data from the Creator Reporting API is not allowed/,
    );
    expect((await checkAlertsNow()).replace(/^.*1 failed: /, '')).toMatch(refused);
    // Data already in the sheet stays; nothing was asked of the API.
    expect(world.shown('Saved')).toEqual(before);
    expect(world.api.stats.log).toEqual([]);
  },

  'userinfo.email': async () => {
    // As when Google hides the address: no address is shown, e-mails say why they were not sent.
    await openTab('settings');
    expect(await textOf(page.locator('[data-test=settings-state]'), /Connected/)).toMatch(/^Connected with client ID demo-client\.$/);
    expect(await checkAlertsNow()).toMatch(/^Checked 1 of your 1 alert: 1 fired/);
    expect(await section('alerts').locator('[data-test=alert-card]').textContent()).toContain(
      'Not sent: Google did not give the add-on your e-mail address.',
    );
    // Everything else works; the editor whose trigger runs the schedules shows as "another user".
    // (The editor's report waits for this user's approval, so one of two is refreshed.)
    expect(await refreshAll()).toBe(
      'Refreshed 1 of 2.\nWaiting for your approval: Editor\u2019s. Approve them on their cards to refresh them.',
    );
    expect(await section('saved').locator('[data-test=report-status]').first().textContent()).toMatch(/^Last run .* 30 rows/);
    expect(await section('saved').locator('[data-test=schedule-owner]').textContent()).toContain(
      'Schedules run with another user\u2019s account.',
    );
  },

  'spreadsheets.currentonly': async () => nothingRuns('spreadsheets.currentonly'),
  'script.container.ui': async () => nothingRuns('script.container.ui'),
};

/** One message with the link, from whatever the user tries; no sheet is touched. */
async function nothingRuns(key: string) {
  const linkTo = new RegExp(`^https://script\\.google\\.com/\\S+authorize\\?scope=\\S*${key.replace(/\./g, '\\.')}`);
  // Thrown by the menu entry, the URL is text; in a status line, a link that names itself.
  const refusal = new RegExp(
    `^${row(key).refusal}, so nothing can run\\. Allow it here, then try again: (${linkTo.source.slice(1)}|Google\u2019s permission page)`,
  );
  if (key === 'script.container.ui') {
    // Without it the sidebar cannot open at all: the menu entry that opens it says so (the page
    // here stands for a sidebar left open from before).
    expect(() => call('showSidebar')).toThrow(refusal);
    return;
  }
  const sheets = world.emu.spreadsheet.getSheets().map((s) => s.getName());
  expect(await runReport()).toMatch(refusal);
  // The status line shows Google's link as a link (a new tab), not as text to copy.
  const runLink = section('report').locator('[data-test=run-status] a');
  expect(await runLink.textContent()).toBe('Google\u2019s permission page (opens in a new tab)');
  expect(await runLink.getAttribute('target')).toBe('_blank');
  expect(await runLink.getAttribute('href')).toMatch(linkTo);
  expect(await refreshAll()).toMatch(refusal);
  expect(await section('saved').locator('[data-test=saved-status] a').getAttribute('href')).toMatch(linkTo);
  expect(await checkAlertsNow()).toMatch(refusal);
  expect(world.emu.spreadsheet.getSheets().map((s) => s.getName())).toEqual(sheets);
}

/** A scope without its own journey yet: every main action answers without a generic error. */
async function everyAction() {
  for (const text of [await runReport(), await refreshAll(), await checkAlertsNow()]) expect(text).not.toMatch(GENERIC);
}

const CREDENTIAL = { clientId: 'demo-client', clientSecret: 'demo-secret' };

/**
 * The user connected with every permission, ran and saved a scheduled report and an alert, then
 * withheld `key`. Without script.scriptapp the report is saved in the walk itself; without
 * userinfo.email the schedules are an editor's who withheld it too, so their address is unknown.
 */
function connectedWithout(key: string): void {
  const { emu } = world;
  const allBut = KEYS.filter((k) => k !== key);
  call('saveSettings', CREDENTIAL);
  call('saveAlert', ALERT);
  if (key === 'script.scriptapp') {
    emu.grantScopes(emu.user, allBut);
    return;
  }
  call('runReport', REPORT);
  if (key === 'userinfo.email') {
    call('saveReport', REPORT);
    const editor = emu.users[1];
    emu.grantScopes(editor, allBut);
    emu.bundle!.callAs({ user: editor }, 'saveSettings', CREDENTIAL);
    emu.bundle!.callAs({ user: editor }, 'saveReport', {
      ...REPORT,
      name: 'Editor\u2019s',
      sheetName: 'Editor',
      schedule: { every: 'hour' },
    });
  } else {
    call('saveReport', { ...REPORT, schedule: { every: 'hour' } });
  }
  emu.grantScopes(emu.user, allBut);
}

describe('each requested permission withheld, walked in the sidebar', () => {
  for (const key of KEYS) {
    it(`without ${key}: the notice names it with the link, and its journey says what is not allowed`, async () => {
      world = freshWorld();
      connectedWithout(key);
      world.api.stats.log.length = 0;
      await page.reload();

      await notice().waitFor();
      expect(await notice().locator('strong').textContent()).toBe('A permission is not granted');
      expect(await notice().locator('li').allTextContents()).toEqual([`${row(key).permission}: ${row(key).withoutIt}`]);
      const link = notice().locator('[data-test=authorize]');
      // The link every refusal points to (HOW_TO_ALLOW) is this one, named as they name it.
      expect(await link.textContent()).toBe('Allow it (opens Google in a new tab)');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^https://script\\.google\\.com/\\S*authorize\\?scope=\\S*${key.replace(/\./g, '\\.')}`),
      );

      await (JOURNEYS[key] ?? everyAction)();
      await page.screenshot({ path: screenshotPath(`consent-without-${key}.png`), fullPage: true });
      expect(await page.locator('#app').innerText()).not.toMatch(GENERIC);
      expect(world.emu.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
    }, 120_000);
  }
});
