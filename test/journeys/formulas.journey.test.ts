/**
 * Journey: formulas typed into cells (dist/Code.js on the emulator) with rolling windows, presets,
 * DATE(), a range of sites and "all", before and after the owner allows formulas.
 */
import { journeyWorld } from './world';

describe('journey: formulas before and after consent', () => {
  it('a formula that failed because formulas were off shows its data once the owner allows them', () => {
    const w = journeyWorld();
    w.connect();
    w.type('Sheet1', 'A1', '=CREATOR_EARNINGS("site-1","7daysAgo","yesterday")');
    expect(w.errorOf('Sheet1', 'A1')).toMatch(/^Formulas are off in this spreadsheet/);

    const view = w.call<{ allowFormulas: boolean; recalculated?: number }>('saveSettings', {
      clientId: 'demo-client',
      clientSecret: '',
      allowFormulas: true,
    });
    expect(view).toMatchObject({ allowFormulas: true, recalculated: 1 });
    w.emu.recalculate();
    expect(w.errorOf('Sheet1', 'A1')).toBeNull();
    expect(w.shows('Sheet1', 'A1')).toBe('Date');
  });

  it('rolling windows end on the last day with data; presets, DATE(), a range of sites and "all" all work', () => {
    const w = journeyWorld();
    w.call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret', allowFormulas: true });
    // Earnings have data through 2026-11-19 on Saturday 2026-11-21: "yesterday" means the 19th.
    w.type('F', 'A1', '=CREATOR_EARNINGS("site-1","7daysAgo","yesterday")');
    expect(w.errorOf('F', 'A1')).toBeNull();
    const days = w
      .values('F')
      .slice(1)
      .map((r) => r[0] as Date);
    expect(days).toHaveLength(6);
    expect(w.shows('F', 'A7')).toMatch(/11\/19\/2026|2026-11-19/);

    w.type('G', 'A1', '=CREATOR_EARNINGS("site-1","today","today")');
    expect(w.errorOf('G', 'A1')).toBeNull();

    w.type('H', 'A1', '=CREATOR_TRAFFIC_SUMMARY("site-1",DATE(2026,10,1),DATE(2026,10,31))');
    expect([w.errorOf('H', 'A1'), w.shows('H', 'A1')]).toEqual([null, 'Pageviews']);

    w.type('I', 'A1', 'site-1');
    w.type('I', 'A2', 'site-2');
    w.type('I', 'C1', '=CREATOR_TRAFFIC_SUMMARY(A1:A2,"lastThirtyDays")');
    expect([w.errorOf('I', 'C1'), w.shows('I', 'C1'), w.shows('I', 'C2'), w.shows('I', 'C3')]).toEqual([null, 'Site', 'site-1', 'site-2']);

    w.type('J', 'A1', '=CREATOR_DEVICE_PERFORMANCE("all","lastMonth")');
    expect(w.errorOf('J', 'A1')).toBeNull();

    // An explicit calendar day past the data is still an error that names the range.
    w.type('K', 'A1', '=CREATOR_EARNINGS("site-1","2026-11-01","2026-11-21")');
    expect(w.errorOf('K', 'A1')).toBe(
      'Earnings data for site-1 is available from 2024-01-01 to 2026-11-19. Choose dates inside that range.',
    );
  });

  it('percents are fractions (so Sheets\u2019 % format works); a site name or a different case gets the ID suggested', () => {
    const w = journeyWorld();
    w.call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret', allowFormulas: true });
    w.type('P', 'A1', '=CREATOR_TRAFFIC_SUMMARY("site-1","lastMonth")');
    const [header, row] = w.values('P');
    const bounce = row[(header as string[]).indexOf('Bounce rate')] as number;
    expect(bounce).toBeGreaterThan(0);
    expect(bounce).toBeLessThan(1);
    // The sidebar's pull writes the same fraction, formatted as a percent.
    w.call('runReport', { report: 'traffic/summary', siteId: 'site-1', start: 'lastMonth', sheetName: 'Pulled' });
    expect(w.values('Pulled')[1][3]).toBe(bounce);
    expect(w.shows('Pulled', 'D2')).toMatch(/^\d+\.\d\d%$/);

    w.type('Q', 'A1', '=CREATOR_EARNINGS("SITE-1","lastMonth")');
    expect(w.errorOf('Q', 'A1')).toBe('Site IDs are case-sensitive: use site-1 (Example Kitchen), not SITE-1.');
    w.type('Q', 'A1', '=CREATOR_EARNINGS("Example Kitchen","lastMonth")');
    expect(w.errorOf('Q', 'A1')).toBe('"Example Kitchen" is a site name: use its ID, site-1.');
    w.type('Q', 'A1', '=CREATOR_EARNINGS("site-old","lastMonth")');
    expect(w.errorOf('Q', 'A1')).toBe(
      'Site site-old is inactive, so it has no data to report. Choose an active site, or "all" for every active one.',
    );
  });
});
