import { pullReport } from '../../src/pull/pull-report';
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
    const result = h.run((ex) => pullReport(ex, { report: 'earnings', siteId: 'site-1', start: 'lastMonth' }, { purpose: 'user' }), 'sidebar');
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
    const active = h.api.sites('agency-client').filter((s) => s.status === 'Active').map((s) => s.id);
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

  it('checks every site\'s bounds before fetching any rows', () => {
    const h = setUp();
    const run = () =>
      h.run((ex) => pullReport(ex, { report: 'earnings', siteId: [['site-1'], ['site-old']], start: 'lastMonth' }, { purpose: 'user' }), 'sidebar');
    expect(run).toThrow('Site site-old has no earnings data yet.');
    expect(h.api.stats.byPath['/creator-api/v1/sites/site-1/earnings']).toBeUndefined();
  });

  it('a forced refresh re-reads rows and bounds; a rows-only one keeps the bounds', () => {
    const h = setUp();
    const pull = (bypassCache: boolean | 'rows') =>
      h.run((ex) => pullReport(ex, { report: 'earnings', siteId: 'site-2', start: 'lastMonth' }, { purpose: 'user', bypassCache }), 'sidebar');
    pull(false);
    pull(false);
    const count = () => [h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds'], h.api.stats.byPath['/creator-api/v1/sites/site-2/earnings']];
    expect(count()).toEqual([1, 1]);
    pull('rows');
    expect(count()).toEqual([1, 2]);
    pull(true);
    expect(count()).toEqual([2, 3]);
  });

  it('formula purpose needs the owner\'s consent; user purpose does not', () => {
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
