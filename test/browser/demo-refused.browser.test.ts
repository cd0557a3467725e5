/**
 * "Try it with demo data" on the Report tab, where the demo is refused: this user's trigger runs
 * the spreadsheet's schedules, and the credential was cleared. The refusal used to go to the report
 * form's status line, hidden until a credential is set up, so the button looked dead (found by a
 * playground walk). It shows beside the button, as it does on the Settings tab.
 */
import { openEmulatedSidebar, type EmulatedSidebar } from './sidebar-harness';

let sidebar: EmulatedSidebar;

beforeAll(async () => {
  sidebar = await openEmulatedSidebar();
  const call = (name: string, ...args: unknown[]) => sidebar.emu.bundle!.call(name, ...args);
  call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret' });
  call('saveReport', { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Saved', schedule: { every: 'hour' } });
  call('clearSettings');
  await sidebar.page.reload();
}, 120_000);

afterAll(async () => {
  await sidebar?.close();
});

describe('the demo refused, asked for from the Report tab', () => {
  it('says why beside the button, and starts no demo', async () => {
    const { page } = sidebar;
    await page.getByRole('tab', { name: 'Report' }).click();
    const report = page.locator('section[data-section=report]');
    await report.getByRole('button', { name: 'Try it with demo data' }).click();
    const status = report.locator('[data-test=setup-status]');
    await status.waitFor({ state: 'visible' });
    expect(await status.textContent()).toMatch(
      /Your trigger runs this spreadsheet's saved-report schedules.*Try the demo in a new spreadsheet instead\./,
    );
    expect(await status.getAttribute('role')).toBe('alert');
    expect(await page.locator('[data-test=end-demo]').isVisible()).toBe(false);
  });
});
