/**
 * The playground's outbox, in headless Chromium: an alert that fires e-mails its maker, and the
 * e-mail is there to read as it would arrive (subject, sender, recipient, time, the body with its
 * values, dates and the link to the spreadsheet), not only as a toast that goes after 5 seconds.
 * Screenshots: `outbox` (committed, the README shows it) and, with SCREENSHOTS=all, the rest.
 */
import { openPlayground, type Playground } from '../journeys/playground-driver';

let pg: Playground;

beforeAll(async () => {
  pg = await openPlayground({ viewport: { width: 1500, height: 900 } });
  await pg.connect({ allowFormulas: false });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe('the outbox panel', () => {
  it('is empty before anything is sent, and says what would arrive there', async () => {
    const { page } = pg;
    expect(await page.locator('#outboxCount').isHidden()).toBe(true);
    await page.click('#outboxButton');
    await page.locator('#outbox:not([hidden])').waitFor();
    expect(await page.locator('#outboxList').textContent()).toContain('No e-mail yet.');
    await page.click('#closeOutbox');
    await page.locator('#outbox[hidden]').waitFor({ state: 'attached' });
  });

  it("shows a fired alert's e-mail as it would arrive: subject, sender, time, values, dates and the link", async () => {
    const tab = await pg.section('alerts');
    await tab.locator('input[name=alert-name]').fill('RPM above 1');
    await tab.locator('select[name=alert-siteId]').selectOption('site-1');
    await tab.locator('select[name=alert-condition]').selectOption('above');
    await tab.locator('input[name=alert-threshold]').fill('1');
    await tab.getByRole('button', { name: 'Save alert' }).click();
    await tab.locator('[data-test=alert-card]').first().waitFor({ timeout: 30_000 });
    await tab.getByRole('button', { name: 'Check now' }).click();
    const { page } = pg;
    // The toast still says it came, and where to read it; the button counts it.
    await page
      .locator('.toast', { hasText: 'E-mail to owner@example.com: Creator Reporting alert: RPM on site-1' })
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('.toast', { hasText: 'see the Outbox' }).count()).toBe(1);
    await page.locator('#outboxCount:not([hidden])', { hasText: '1' }).waitFor();

    await page.click('#outboxButton');
    const mail = page.locator('#outbox [data-test=mail]');
    await mail.first().waitFor();
    expect(await mail.count()).toBe(1);
    expect(await mail.locator('.mail-subject').textContent()).toMatch(/^Creator Reporting alert: RPM on site-1/);
    const meta = await mail.locator('.mail-meta').allTextContents();
    expect(meta[0]).toBe('From: Creator Reporting <owner@example.com>');
    expect(meta[1]).toBe('To: owner@example.com');
    expect(meta[2]).toMatch(/^Sent: Nov \d+, 2026, \d+:\d\d [AP]M$/);
    const body = (await mail.locator('.mail-body').textContent()) ?? '';
    expect(body).toContain('Your Creator Reporting alert "RPM above 1" fired.');
    expect(body).toContain('Site: site-1');
    // The value with its unit and the dates it covers.
    expect(body).toMatch(/Value: \$\d[\d,]*\.\d\d \(2026-\d\d-\d\d to 2026-\d\d-\d\d\)/);
    expect(body).toContain('Change or delete this in Extensions > Creator Reporting > Open sidebar.');
    // The spreadsheet's address is a link, as a mail reader shows it.
    const link = mail.locator('.mail-body a');
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\/d\/[^/]+\/edit$/);
    // Read: the badge goes.
    expect(await page.locator('#outboxCount').isHidden()).toBe(true);
    await pg.shot('outbox');
    expect(pg.outside).toEqual([]);
  });
});
