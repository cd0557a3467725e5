import * as server from '../../src/sidebar/server';
import { caught, HOSTILE_SITE_NAME, hostileSiteName, sidebarWorld } from './world';

describe('getCatalog', () => {
  it('lists every report with its group, description and date family', () => {
    const catalog = server.getCatalog();
    expect(catalog.find((r) => r.key === 'pages/performance')).toEqual({
      key: 'pages/performance',
      label: 'Page performance',
      description: expect.stringMatching(/per page/),
      group: 'performance',
      dateFamily: 'earnings',
      paginated: true,
      formula: 'CREATOR_PAGE_PERFORMANCE',
      // The column choice offers the report's own columns, as the sheet heads them.
      columns: expect.arrayContaining([
        { field: 'pageUrl', header: 'Page URL' },
        { field: 'earnings', header: 'Earnings' },
      ]),
    });
    expect(new Set(catalog.map((r) => r.group))).toEqual(new Set(['account', 'traffic', 'performance']));
    expect(catalog.find((r) => r.key === 'traffic/by-device')?.dateFamily).toBe('analytics');
    expect(catalog.every((r) => r.description.length > 10)).toBe(true);
  });
});

describe('listSites', () => {
  it('lists active sites first, with name and URL', () => {
    const w = sidebarWorld();
    w.connect();
    const sites = server.listSites(w.ex());
    expect(sites[0]).toEqual({ id: 'site-1', name: 'Example Kitchen', url: 'https://example-kitchen.com', status: 'Active', active: true });
    expect(sites.map((s) => s.id)).toEqual(['site-1', 'site-2', 'site-3', 'site-big', 'site-old']);
    expect(sites[sites.length - 1].active).toBe(false);
  });

  it('says how to set up when no credential is saved', () => {
    const w = sidebarWorld();
    expect(caught(() => server.listSites(w.ex()))).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: /Open sidebar and enter your client ID/,
    });
  });

  it('passes a hostile site name on as data (the page shows it as text)', () => {
    const w = sidebarWorld({ edit: hostileSiteName });
    w.connect();
    expect(server.listSites(w.ex()).find((s) => s.id === 'site-2')?.name).toBe(HOSTILE_SITE_NAME);
  });
});

describe('getDateOptions', () => {
  it('offers the earnings bounds, data-through date and presets for a performance report', () => {
    const w = sidebarWorld();
    w.connect();
    const options = server.getDateOptions(w.ex(), { siteId: 'site-1', report: 'pages/performance' });
    expect(options.family).toBe('earnings');
    expect(options.available.startDate).toBe('2024-01-01');
    expect(options.dataThrough).toBe(options.available.endDate);
    expect(options.presets.map((p) => p.key)).toContain('lastThirtyDays');
    const last30 = options.presets.find((p) => p.key === 'lastThirtyDays')!;
    expect(last30.label).toBe('Last 30 days');
    expect(last30.endDate! <= options.dataThrough!).toBe(true);
  });

  it('uses the analytics bounds for traffic reports, which run later than earnings', () => {
    const w = sidebarWorld();
    w.connect();
    const traffic = server.getDateOptions(w.ex(), { siteId: 'site-1', report: 'traffic/by-device' });
    const earnings = server.getDateOptions(w.ex(), { siteId: 'site-1', report: 'earnings' });
    expect(traffic.family).toBe('analytics');
    expect(traffic.dataThrough! > earnings.dataThrough!).toBe(true);
  });

  it('refuses reports without dates and unknown reports with a clear message', () => {
    const w = sidebarWorld();
    w.connect();
    expect(caught(() => server.getDateOptions(w.ex(), { siteId: 'site-1', report: 'sites' })).message).toBe(
      'The report "Sites" takes no dates.',
    );
    expect(caught(() => server.getDateOptions(w.ex(), { siteId: 'site-1', report: 'nope' })).code).toBe('BAD_INPUT');
  });
});

describe('showSidebar', () => {
  it('opens the built page titled Creator Reporting', () => {
    const w = sidebarWorld();
    server.showSidebar(w.ex());
    expect(w.emu.ui.lastSidebar()?.title).toBe('Creator Reporting');
  });
});
