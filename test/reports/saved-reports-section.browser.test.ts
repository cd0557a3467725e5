/**
 * The sidebar's Saved tab in a real headless Chromium, its server calls answered by the built
 * add-on on the emulator (as google.script.run would), one user at a time.
 */
import type { Page } from 'playwright-core';
import { findReport } from '../../src/catalog/reports';
import { sidebarSectionForFile } from '../helpers/sidebar-section';
import { screenshot } from '../helpers/screenshots';
import { bundleForFile, createWorld, EDITOR, OWNER, type World } from './emulated-world';

const bundle = bundleForFile();
const section = sidebarSectionForFile(`import { mountSavedReports } from './saved-reports';
  window.mountForTest = (user) => { window.section = mountSavedReports(document.getElementById('app'), { run: (fn, ...args) => window.serverCall(user, fn, args) }); };`);

function open(w: World, user: string): Promise<Page> {
  return section.open(w, user, { timeout: 5_000 });
}

const cardText = (page: Page, i: number) => page.locator('[data-report-id]').nth(i).innerText();

/** Holds the page's calls of `fn` back until releaseCall, as a slow connection would; the rest answer at once. */
async function holdCall(page: Page, fn: string): Promise<void> {
  await page.evaluate((held) => {
    const win = window as unknown as { serverCall: (u: string, f: string, a: unknown[]) => Promise<unknown>; release: () => void };
    const call = win.serverCall;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    win.release = open;
    win.serverCall = (u, f, a) => (f === held ? gate.then(() => call(u, f, a)) : call(u, f, a));
  }, fn);
}

const releaseCall = (page: Page) => page.evaluate(() => (window as unknown as { release: () => void }).release());

test('lists saved reports with their status; names stay text; Run refreshes and shows the result', async () => {
  const w = createWorld(bundle());
  w.connect();
  w.call('saveReport', {
    name: '<img src=x onerror=alert(1)>',
    report: 'earnings',
    siteId: 'site-1',
    start: 'lastMonth',
    sheetName: 'A',
    schedule: { every: 'day', hour: 6 },
  });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  expect(await page.locator('[data-report-id] img').count()).toBe(0);
  expect(await cardText(page, 0)).toContain('<img src=x onerror=alert(1)>');
  expect(await cardText(page, 0)).toContain('Not refreshed since it was saved.');
  expect(await cardText(page, 0)).toContain('Daily at 06:00');
  expect(await page.locator('[data-test=schedule-owner]').innerText()).toContain('your account');

  await page.getByRole('button', { name: 'Run' }).click();
  await page.getByText(/Refreshed 1 of 1/).waitFor();
  expect(await cardText(page, 0)).toMatch(/30 rows · data through 2026-10-0\d/);
  expect(w.values('A').length).toBe(31);
  await page.close();
});

test('a failure shows in words on the report; Delete asks for a second click', async () => {
  const w = createWorld(bundle());
  w.connect();
  w.call('saveReport', { name: 'B', report: 'traffic/summary', siteId: 'site-1', start: 'lastMonth', sheetName: 'B' });
  w.api.inject({ kind: 'revoke' });
  w.call('refreshReports');
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  const status = page.locator('[data-test=report-status]');
  expect(await status.getAttribute('class')).toContain('error');
  expect(await status.innerText()).toMatch(/failed\./);

  await page.getByRole('button', { name: 'Delete' }).click();
  expect(w.call<{ reports: unknown[] }>('listReports').reports).toHaveLength(1);
  await page.getByRole('button', { name: 'Confirm delete' }).click();
  await page.getByText(/No saved reports yet/).waitFor();
  expect(w.call<{ reports: unknown[] }>('listReports').reports).toHaveLength(0);
  await page.close();
});

test("someone else's schedule: the owner line names them and Take over makes it mine", async () => {
  const w = createWorld(bundle());
  w.connect();
  w.call('saveReport', {
    name: 'C',
    report: 'earnings',
    siteId: 'site-1',
    start: 'lastMonth',
    sheetName: 'C',
    schedule: { every: 'hour' },
  });
  const page = await open(w, EDITOR);
  const owner = page.locator('[data-test=schedule-owner]');
  await owner.getByText(OWNER, { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Take over' }).click();
  await owner.getByText(/your account/).waitFor();
  expect(
    w
      .triggers()
      .map((t) => t.owner)
      .sort(),
  ).toEqual([EDITOR, OWNER]);
  await page.close();
});

test('Edit changes the schedule; offerSave saves what the builder ran', async () => {
  const w = createWorld(bundle());
  w.connect();
  w.call('saveReport', { name: 'D', report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'D' });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.locator('select[name=every]').selectOption('week');
  await page.locator('select[name=weekDay]').selectOption('1');
  await page.locator('select[name=hour]').selectOption('7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Weekly on Monday at 07:00').waitFor();
  expect(w.triggers()).toHaveLength(1);

  // The builder's last run, as the section receives it after 'report-ran'.
  await page.evaluate(() =>
    (window as unknown as { section: { offerSave(r: unknown, label: string): void } }).section.offerSave(
      { report: 'traffic/summary', siteId: ['site-1', 'site-2'], start: 'lastThirtyDays', sheetName: 'Traffic' },
      'Traffic summary',
    ),
  );
  const offer = page.locator('[data-test=save-last-run]');
  expect(await offer.innerText()).toContain('Traffic summary · site-1, site-2 · Last 30 days → Traffic');
  await offer.locator('input[name=name]').fill('Traffic, both sites');
  await offer.locator('select[name=every]').selectOption('day');
  await offer.locator('select[name=hour]').selectOption('5');
  await offer.getByRole('button', { name: 'Save this report' }).click();
  await page.getByText('Traffic, both sites').waitFor();
  expect(await offer.isHidden()).toBe(true);
  const saved = w.call<{ reports: Array<Record<string, unknown>> }>('listReports').reports[1];
  expect(saved).toMatchObject({
    name: 'Traffic, both sites',
    report: 'traffic/summary',
    siteId: ['site-1', 'site-2'],
    start: 'lastThirtyDays',
    sheetName: 'Traffic',
    schedule: { every: 'day', hour: 5 },
  });
  await page.close();
});

test('a report someone else saved waits for my approval; Approve lets my Run and schedule use it', async () => {
  const w = createWorld(bundle());
  w.connect();
  w.callAs(EDITOR, 'saveReport', { name: 'Planted', report: 'earnings', siteId: 'all', start: 'lastMonth', sheetName: 'E' });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  expect(await cardText(page, 0)).toContain(`Needs your approval: saved by ${EDITOR}.`);
  expect(await page.getByRole('button', { name: 'Run' }).count()).toBe(0);
  await screenshot(page, 'saved-approve-before');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(/Approved: your refreshes and schedule run it now\./).waitFor();
  expect(await cardText(page, 0)).toContain('Not refreshed since it was saved.');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.getByText(/Refreshed 1 of 1/).waitFor();
  await screenshot(page, 'saved-approve-after');
  expect(w.values('E').length).toBeGreaterThan(1);
  await page.close();
});

test('Edit keeps what the pickers cannot show as they are: a list of sites, rolling dates, a sort, the start cell', async () => {
  const w = createWorld(bundle());
  w.connect();
  const original = {
    name: 'Both sites',
    report: 'pages/performance',
    siteId: ['site-1', 'site-2'],
    start: '7daysAgo',
    end: 'yesterday',
    options: { limit: 10, sort: '-earnings', columns: ['pageUrl', 'earnings'] },
    sheetName: 'Pages',
    startCell: 'B2',
    notifyOnFailure: true,
  };
  w.call('saveReport', original);
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
  expect(await page.locator('select[name=site] option:checked').textContent()).toBe('site-1, site-2 (as saved)');
  expect(await page.locator('select[name=preset] option:checked').textContent()).toBe('7 days ago to yesterday (as saved)');
  expect(await page.locator('input[name=limit]').inputValue()).toBe('10');
  expect(
    await page.locator('[data-test=columns] input:checked').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
  ).toEqual(['pageUrl', 'earnings']);
  await page.locator('select[name=every]').selectOption('hour');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Hourly', { exact: false }).first().waitFor();
  const [saved] = w.call<{ reports: Array<Record<string, unknown>> }>('listReports').reports;
  expect(saved).toMatchObject({ ...original, schedule: { every: 'hour' } });
  await page.close();
});

test('Edit: a name the add-on gave follows a new report, one the user wrote stays; the sheet stays', async () => {
  const w = createWorld(bundle());
  w.connect();
  const from = findReport('earnings')!;
  const to = findReport('traffic/summary')!;
  // The first as the builder saves it (its default sheet, no name); the second named by the user.
  w.call('saveReport', { report: from.key, siteId: 'site-1', start: 'lastMonth', sheetName: `${from.label} - site-1` });
  w.call('saveReport', { name: 'My money', report: from.key, siteId: 'site-1', start: 'lastMonth', sheetName: 'Money' });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').nth(1).waitFor();
  for (const i of [0, 1]) {
    await page.locator('[data-report-id]').nth(i).getByRole('button', { name: 'Edit' }).click();
    await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
    await page.locator('select[name=report]').selectOption(to.key);
    if (i === 0) {
      expect(await page.locator('input[name=name]').inputValue()).toBe(`${to.label}: site-1`);
      // The block stays where it is unless the user types another sheet.
      expect(await page.locator('input[name=sheetName]').inputValue()).toBe(`${from.label} - site-1`);
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved: the list is drawn again, without the editor.
    await page.locator('input[name=sheetName]').waitFor({ state: 'detached' });
  }
  const names = w.call<{ reports: Array<Record<string, unknown>> }>('listReports').reports.map((r) => [r.name, r.sheetName, r.report]);
  expect(names).toEqual([
    [`${to.label}: site-1`, `${from.label} - site-1`, to.key],
    ['My money', 'Money', to.key],
  ]);
  await page.close();
});

test('Edit: Save waits until the pickers hold the report, so an early click cannot refuse or save half a form', async () => {
  const w = createWorld(bundle());
  w.connect();
  w.call('saveReport', { name: 'Slow', report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'S' });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  // The catalog answers only when the test says so, as on a slow connection.
  await holdCall(page, 'getCatalog');
  await page.getByRole('button', { name: 'Edit' }).click();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await releaseCall(page);
  await page.locator('[data-test=availability]', { hasText: 'data through' }).waitFor();
  expect(await save.isEnabled()).toBe(true);
  await save.click();
  await page.locator('input[name=sheetName]').waitFor({ state: 'detached' });
  expect(w.call<{ reports: Array<Record<string, unknown>> }>('listReports').reports[0]).toMatchObject({ name: 'Slow', report: 'earnings' });
  await page.close();
});

test('Edit: a Save clicked before the dates with data arrive keeps the dates as saved', async () => {
  const w = createWorld(bundle());
  w.connect();
  w.call('saveReport', { name: 'Late dates', report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'S' });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  // The dates answer only when the test says so, as on a slow connection; the rest answers at once.
  await holdCall(page, 'getDateOptions');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.locator('[data-test=availability]', { hasText: 'Loading the dates' }).waitFor();
  await page.locator('input[name=sheetName]').fill('Moved');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('input[name=sheetName]').waitFor({ state: 'detached' });
  expect(w.call<{ reports: Array<Record<string, unknown>> }>('listReports').reports[0]).toMatchObject({
    name: 'Late dates',
    start: 'lastMonth',
    sheetName: 'Moved',
  });
  expect(await page.locator('[data-test=saved-status]').innerText()).toBe('Saved.');
  await releaseCall(page);
  await page.close();
});

test('Also send to BigQuery: Test says what is missing, Save keeps the table, Run exports, Export now sends the rows again', async () => {
  const w = createWorld(bundle(), { bigQuery: { projects: { 'agency-data': {} } } });
  const project = w.emu.bigQuery?.projects.get('agency-data');
  project?.datasets.set('creator', { projectId: 'agency-data', datasetId: 'creator', defaultTableExpirationMs: null, tables: new Map() });
  w.connect();
  w.call('saveReport', { name: 'E', report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'E' });
  const page = await open(w, OWNER);
  await page.locator('[data-report-id]').first().waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  const section = page.locator('[data-test=warehouse-section]');
  await section.waitFor();
  await section.locator('input[name=bqProject]').fill('agency-data');
  await section.locator('input[name=bqDataset]').fill('reports');
  await section.locator('input[name=bqTable]').fill('earnings_daily');
  await section.getByRole('button', { name: 'Test' }).click();
  await section.getByText(/There is no dataset "reports" in project "agency-data"/).waitFor();
  expect(await section.locator('[data-test=warehouse-status]').innerText()).toMatch(/Not ready yet/);
  await section.locator('input[name=bqDataset]').fill('creator');
  await section.getByRole('button', { name: 'Test' }).click();
  await section.getByText(/does not exist yet: the first export creates it/).waitFor();
  await section.getByText(/Ready: each refresh also sends its rows there/).waitFor();
  await screenshot(page, 'warehouse-section', { fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('[data-test=saved-status]').getByText('Saved.').waitFor();
  expect(w.call<{ reports: Array<{ warehouse?: unknown }> }>('listReports').reports[0].warehouse).toEqual({
    projectId: 'agency-data',
    datasetId: 'creator',
    tableId: 'earnings_daily',
  });
  await page.getByRole('button', { name: 'Run' }).click();
  await page.getByText(/Refreshed 1 of 1/).waitFor();
  const line = page.locator('[data-test=warehouse-line]');
  await line.getByText(/30 rows sent to agency-data\.creator\.earnings_daily \(1 load job and 1 query\)/).waitFor();
  expect(await line.getAttribute('class')).toContain('success');
  expect(w.emu.bigQuery?.table('agency-data', 'creator', 'earnings_daily')?.rows).toHaveLength(30);
  await page.getByRole('button', { name: 'Export now' }).click();
  await page
    .locator('[data-test=saved-status]')
    .getByText(/30 rows sent/)
    .waitFor();
  expect(w.emu.bigQuery?.table('agency-data', 'creator', 'earnings_daily')?.rows).toHaveLength(30);
  await screenshot(page, 'warehouse-card', { fullPage: true });
  await page.close();
});
