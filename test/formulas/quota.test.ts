import { createHarness, errorOf, OWNER } from './harness';

const dataRequests = (byPath: Record<string, number>) =>
  Object.entries(byPath)
    .filter(([path]) => !path.endsWith('/date-bounds') && !path.endsWith('/oauth/token'))
    .reduce((sum, [, n]) => sum + n, 0);

/** site-big with 45,000 pages instead of 120,000: far more than 30 seconds of pages at live speed. */
const BIG_SITE = { 'site-big': 45_000 };

describe('quota', () => {
  it('a recalculation with nothing changed makes no API call', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    sheet.getRange('A1').setFormula('=CREATOR_EARNINGS("site-1", "lastMonth")');
    sheet.getRange('J1').setFormula('=CREATOR_PAGE_PERFORMANCE("site-1", "2026-10-01", "2026-10-31", 10, "-rpm")');
    sheet.getRange('A40').setFormula('=CREATOR_TRAFFIC_BY_DEVICE("all", "lastThirtyDays")');
    sheet.getRange('J40').setFormula('=CREATOR_SITES()');
    expect(h.emu.recalculate(h.functions).errors).toEqual([]);
    const first = sheet.getDataRange().getValues();

    h.emu.resetCounters();
    h.emu.clock.advance(60_000);
    expect(h.emu.recalculate(h.functions).errors).toEqual([]);
    expect(h.emu.counters.requests).toBe(0);
    expect(sheet.getDataRange().getValues()).toEqual(first);
  });

  it("100 formulas over 10 agency sites mint one token, read each site's bounds once, and call once per distinct request", () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'agency', true);
    const sites = Array.from({ length: 10 }, (_, i) => `agency-${String(i + 1).padStart(2, '0')}`);
    const calls: Array<[string, ...unknown[]]> = [];
    for (const site of sites) {
      calls.push(
        ['CREATOR_EARNINGS', site, 'lastMonth'],
        ['CREATOR_EARNINGS', site, 'lastThirtyDays'],
        ['CREATOR_DEVICE_PERFORMANCE', site, 'lastMonth'],
        ['CREATOR_COUNTRY_PERFORMANCE', site, 'lastMonth', '', 5, '-rpm'],
        ['CREATOR_TRAFFIC_SUMMARY', site, 'lastMonth'],
        ['CREATOR_TRAFFIC_BY_DEVICE', site, '2026-10-01', '2026-10-15'],
        ['CREATOR_SOURCE_PERFORMANCE', site, 'monthToDate'],
        ['CREATOR_CATEGORY_PERFORMANCE', site, 'lastMonth'],
        // The same requests again, as a second sheet might hold them: served from the cache.
        ['CREATOR_EARNINGS', site, 'lastMonth'],
        ['CREATOR_REPORT', 'traffic/summary', site, 'LASTMONTH'],
      );
    }
    expect(calls).toHaveLength(100);
    for (const [name, ...args] of calls) expect(h.formula(name, ...args)[0].length).toBeGreaterThan(1);

    const { byPath, tokenMints } = h.api.stats;
    expect(tokenMints).toBe(1);
    for (const site of sites) expect(byPath[`/creator-api/v1/sites/${site}/date-bounds`]).toBe(1);
    // 80 distinct requests, plus the 10 written differently ("LASTMONTH"): with no refresh marker
    // in the shared cache yet, a formula cannot tell whether a refresh happened since a cached
    // copy was made, so each request skips the cache once (toward fresh data, never stale).
    expect(dataRequests(byPath)).toBe(90);
    const again = h.api.stats.requests;
    for (const [name, ...args] of calls) h.formula(name, ...args);
    expect(h.api.stats.requests).toBe(again);
  });

  it('a paginated report bigger than a formula shows fetches only what it shows, in time at live speed', () => {
    // About a second per page of 500 rows, as the live service takes: all 90 pages cannot fit
    // in 30 seconds, the 34 holding the rows a formula can show do.
    const h = createHarness({ latencyMs: 1000, pageCounts: BIG_SITE });
    h.saveCredential(OWNER, 'demo', true);
    const grid = h.formula('CREATOR_PAGE_PERFORMANCE', 'site-big', 'lastMonth');
    expect(String(grid[grid.length - 1][0])).toMatch(/^Cut at 13,331 of 45,000 rows: .*Add a limit.*sidebar/);
    expect(h.api.stats.byPath['/creator-api/v1/sites/site-big/pages/performance']).toBeLessThan(40);
  });

  it('a paginated report too slow for 30 seconds asks for a limit or the sidebar, without fetching it all', () => {
    // A slow service: even the pages a formula can show cannot come in time.
    const h = createHarness({ latencyMs: 5000, pageCounts: BIG_SITE });
    h.saveCredential(OWNER, 'demo', true);
    const message = errorOf(() => h.formula('CREATOR_PAGE_PERFORMANCE', 'site-big', 'lastMonth'));
    expect(message).toMatch(/more than fit in one formula \(30 s\)\. Add a limit, or pull it from the sidebar/);
    expect(h.api.stats.byPath['/creator-api/v1/sites/site-big/pages/performance']).toBeLessThan(20);
    // With a limit it fits.
    const grid = h.formula('CREATOR_PAGE_PERFORMANCE', 'site-big', 'lastMonth', '', 1000);
    expect(grid).toHaveLength(1001);
  });

  it('refuses more sites than a formula can handle, pointing to the sidebar', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const many = Array.from({ length: 51 }, (_, i) => [`site-x${i}`]);
    expect(errorOf(() => h.formula('CREATOR_EARNINGS', many, 'lastMonth'))).toMatch(
      /^That is 51 sites; a formula handles at most 50\. .*sidebar/,
    );
  });
});
