import { pullReport } from '../../src/pull/pull-report';
import { caught } from '../api/helpers/caught';
import { createHarness, OWNER } from '../formulas/harness';

function setUp(which: 'demo' | 'agency' = 'demo') {
  const h = createHarness();
  // The sidebar and schedules use the caller's own credential: no formula consent needed.
  h.saveCredential(OWNER, which, false);
  return h;
}

describe('pullReport (sidebar and schedules)', () => {
  it('returns the table with the days asked for and the data-through date', () => {
    const h = setUp();
    const result = h.run(
      (ex) => pullReport(ex, { report: 'earnings', siteId: 'site-1', start: 'lastMonth' }, { purpose: 'user' }),
      'sidebar',
    );
    expect(result.spec.key).toBe('earnings');
    expect(result.sites).toEqual(['site-1']);
    expect([result.startDate, result.endDate, result.dataThrough]).toEqual(['2026-10-01', '2026-10-31', '2026-11-19']);
    expect(result.rows).toBe(31);
    expect(result.table.columns[0].header).toBe('Date');
    expect(result.truncated).toBe(false);
  });

  it('stacks "all" active sites with a Site column and the earliest data-through', () => {
    const h = setUp('agency');
    const result = h.run(
      (ex) => pullReport(ex, { report: 'traffic/summary', siteId: 'ALL', start: '2026-10-01', end: '2026-10-31' }, { purpose: 'user' }),
      'sidebar',
    );
    const active = h.api
      .sites('agency-client')
      .filter((s) => s.status === 'Active')
      .map((s) => s.id);
    expect(active.length).toBeGreaterThanOrEqual(10);
    expect(result.sites).toEqual(active);
    expect(result.table.columns[0]).toMatchObject({ header: 'Site', type: 'text' });
    expect(result.table.rows.map((r) => r[0])).toEqual(result.sites);
    expect(result.dataThrough).toBe('2026-11-20');
  });

  it('reports progress page by page, and a limit that cut rows short', () => {
    const h = setUp();
    const messages: string[] = [];
    const result = h.run(
      (ex) =>
        pullReport(
          ex,
          { report: 'pages/performance', siteId: [['site-1'], ['site-3']], start: 'lastMonth', limit: 700, sort: '-rpm' },
          { purpose: 'user', onProgress: (m) => messages.push(m) },
        ),
      'sidebar',
    );
    expect(result.truncated).toBe(true);
    expect(result.rows).toBe(1000);
    expect(messages).toContain('site-1 (1 of 2): fetched page 2 of 2');
    expect(messages).toContain('site-3 (2 of 2): fetched page 1 of 1');
  });

  it("checks every site's bounds before fetching any rows", () => {
    const h = setUp();
    const run = () =>
      h.run(
        (ex) => pullReport(ex, { report: 'earnings', siteId: [['site-1'], ['site-old']], start: 'lastMonth' }, { purpose: 'user' }),
        'sidebar',
      );
    expect(run).toThrow('Site site-old is inactive, so it has no data to report. Choose an active site, or "all" for every active one.');
    expect(h.api.stats.byPath['/creator-api/v1/sites/site-1/earnings']).toBeUndefined();
  });

  it('a forced refresh re-reads rows and bounds; a rows-only one keeps the bounds', () => {
    const h = setUp();
    const pull = (bypassCache: boolean | 'rows') =>
      h.run(
        (ex) => pullReport(ex, { report: 'earnings', siteId: 'site-2', start: 'lastMonth' }, { purpose: 'user', bypassCache }),
        'sidebar',
      );
    pull(false);
    pull(false);
    const count = () => [
      h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds'],
      h.api.stats.byPath['/creator-api/v1/sites/site-2/earnings'],
    ];
    expect(count()).toEqual([1, 1]);
    pull('rows');
    expect(count()).toEqual([1, 2]);
    pull(true);
    expect(count()).toEqual([2, 3]);
  });

  it('works out each day once, and the cells of a day share its Date', () => {
    const h = setUp();
    const result = h.run(
      (ex) =>
        pullReport(
          ex,
          { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', limit: 500 },
          { purpose: 'user' },
        ),
      'sidebar',
    );
    const at = result.table.columns.findIndex((c) => c.field === 'modifiedDate');
    const dates = result.table.rows.map((r) => r[at]).filter((c): c is Date => c instanceof Date);
    expect(dates.length).toBeGreaterThan(100);
    const days = new Set(dates.map((d) => d.getTime()));
    expect(days.size).toBeLessThan(dates.length);
    // One Date a day: each is about 110 bytes a row would otherwise hold until its setValues call.
    expect(new Set(dates).size).toBe(days.size);
    // Midnight in the spreadsheet's zone (America/Los_Angeles).
    for (const d of dates) expect(h.emu.globals.Utilities.formatDate(d, 'America/Los_Angeles', 'HH:mm')).toBe('00:00');
  });

  describe('explicit days: the bounds ride along with the first page', () => {
    const pages = '/creator-api/v1/sites/site-1/pages/performance';
    const bounds = '/creator-api/v1/sites/site-1/date-bounds';

    it('spends no round trip of its own on the bounds', () => {
      const h = setUp();
      h.emu.resetCounters();
      const result = h.run(
        (ex) =>
          pullReport(
            ex,
            { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', limit: 1000 },
            { purpose: 'user' },
          ),
        'sidebar',
      );
      expect(result.rows).toBe(1000);
      expect(result.dataThrough).toBe('2026-11-19');
      // Token, then bounds + page 1 together, then page 2.
      expect(h.emu.counters.roundTrips).toBe(3);
      const log = h.api.stats.log.filter((e) => e.path !== '/oauth/token').map((e) => e.path);
      expect(log.slice(0, 2).sort()).toEqual([bounds, pages].sort());
      expect(h.api.stats.byPath[bounds]).toBe(1);
    });

    it('an out-of-bounds range fails with the available range, and no page beyond the first is asked for', () => {
      const h = setUp();
      const run = () =>
        h.run(
          (ex) =>
            pullReport(ex, { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-12-31' }, { purpose: 'user' }),
          'sidebar',
        );
      expect(run).toThrow(/^Earnings data for site-1 is available from 2024-01-01 to 2026-11-19\. Choose dates inside that range\.$/);
      expect(caught(run).code).toBe('OUT_OF_BOUNDS');
      // The first try sent page 1 with the bounds; the second knew the bounds and sent nothing.
      expect(h.api.stats.byPath[pages]).toBe(1);
      expect(h.api.stats.byPath[bounds]).toBe(1);
    });

    it('known bounds are checked first, as before', () => {
      const h = setUp();
      const pull = (end: string) =>
        h.run(
          (ex) =>
            pullReport(ex, { report: 'pages/performance', siteId: 'site-1', start: '2026-11-01', end, limit: 10 }, { purpose: 'user' }),
          'sidebar',
        );
      pull('2026-11-10');
      h.emu.resetCounters();
      expect(() => pull('2026-11-30')).toThrow(/available from .* to 2026-11-19/);
      expect(h.emu.counters.roundTrips).toBe(0);
      expect(h.api.stats.byPath[pages]).toBe(1);
    });

    it('a preset still reads the bounds first', () => {
      const h = setUp();
      h.run(
        (ex) => pullReport(ex, { report: 'pages/performance', siteId: 'site-1', start: 'lastMonth', limit: 10 }, { purpose: 'user' }),
        'sidebar',
      );
      const log = h.api.stats.log.filter((e) => e.path !== '/oauth/token');
      expect(log.map((e) => e.path)).toEqual([bounds, pages]);
      expect(h.emu.counters.roundTrips).toBe(3);
    });

    it("several sites: every unknown site's bounds go with the first page, checked before any other page", () => {
      const h = setUp();
      const run = () =>
        h.run(
          (ex) =>
            pullReport(
              ex,
              { report: 'earnings', siteId: [['site-1'], ['site-old']], start: '2026-10-01', end: '2026-10-31' },
              { purpose: 'user' },
            ),
          'sidebar',
        );
      expect(run).toThrow('Site site-old is inactive, so it has no data to report. Choose an active site, or "all" for every active one.');
      expect(h.api.stats.byPath['/creator-api/v1/sites/site-1/earnings']).toBe(1);
      expect(h.api.stats.byPath['/creator-api/v1/sites/site-old/earnings']).toBeUndefined();
      expect(h.api.stats.byPath['/creator-api/v1/sites/site-old/date-bounds']).toBe(1);
    });

    it('cached rows are still checked against the bounds', () => {
      const h = setUp();
      const pull = (end: string) =>
        h.run((ex) => pullReport(ex, { report: 'earnings', siteId: 'site-2', start: '2026-10-01', end }, { purpose: 'user' }), 'sidebar');
      const first = pull('2026-10-31');
      // The bounds' cache entry (30 min) expires before the rows' (a closed month keeps longer).
      h.emu.clock.advance(31 * 60_000);
      const second = pull('2026-10-31');
      expect(second.table.rows).toEqual(first.table.rows);
      expect(second.dataThrough).toBe(first.dataThrough);
      expect(h.api.stats.byPath['/creator-api/v1/sites/site-2/earnings']).toBe(1);
      expect(h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds']).toBe(2);
    });
  });

  it("formula purpose needs the owner's consent; user purpose does not", () => {
    const h = setUp();
    expect(() => h.run((ex) => pullReport(ex, { report: 'sites' }, { purpose: 'formula' }), 'formula')).toThrow(/Formulas are off/);
    expect(h.run((ex) => pullReport(ex, { report: 'sites' }, { purpose: 'user' }), 'sidebar').rows).toBe(5);
  });

  it('allows more sites from the sidebar than from a formula', () => {
    const h = setUp();
    const many = Array.from({ length: 501 }, (_, i) => `s${i}`);
    expect(() => h.run((ex) => pullReport(ex, { report: 'date-bounds', siteId: many }, { purpose: 'user' }), 'sidebar')).toThrow(
      'That is 501 sites; one pull handles at most 500. Split the list over several reports.',
    );
  });
});
