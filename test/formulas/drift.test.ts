/**
 * Every formula against both fakes (fake-api/drift.ts): whatever shapes the unconfirmed endpoints
 * send, a formula spills a clean table with readable headers, or shows a clear message.
 */
import { REPORTS } from '../../src/catalog/reports';
import { FAKE_MODES } from '../fake-modes';
import { createHarness, errorOf, OWNER } from './harness';

function badCells(grid: unknown[][]): unknown[] {
  const bad: unknown[] = [];
  for (const row of grid) {
    if (row.length !== grid[0].length) bad.push(row);
    for (const cell of row) {
      if (cell === null || cell === undefined || Number.isNaN(cell)) bad.push(cell);
      else if (/^(null|undefined|NaN|Infinity)$|\[object Object\]/.test(String(cell))) bad.push(cell);
    }
  }
  return bad;
}

describe.each(FAKE_MODES)('formulas against the %s fake', (_mode, drift) => {
  const harness = () => {
    const h = createHarness({ drift });
    h.saveCredential(OWNER, 'demo', true);
    return h;
  };

  it.each(REPORTS.map((r) => [r.formula, r] as const))('%s spills a clean table with readable headers', (formula, spec) => {
    const h = harness();
    const args = spec.key === 'sites' ? [] : spec.key === 'date-bounds' ? ['site-1'] : ['site-1', 'lastMonth', '', 50];
    const grid = h.formula(formula, ...args);
    expect(grid.length).toBeGreaterThan(1);
    expect(badCells(grid)).toEqual([]);
    for (const header of grid[0]) expect(String(header).replace('eCPM', 'ECPM')).toMatch(/^[A-Z0-9][\s\S]*$/);
    for (const header of grid[0]) expect(String(header).replace('eCPM', 'ECPM')).not.toMatch(/[a-z][A-Z]/);
    expect(grid[0]).toContain(spec.columns[0].header);
  });

  it('CREATOR_EARNINGS is day by day', () => {
    const grid = harness().formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07');
    expect(grid[0].slice(0, 2)).toEqual(['Date', 'Earnings']);
    expect(grid).toHaveLength(8);
    for (const row of grid.slice(1)) expect(row[0]).toBeInstanceOf(Date);
  });

  it('the top pages by RPM, across two sites, in catalog column order', () => {
    const grid = harness().formula('CREATOR_PAGE_PERFORMANCE', [['site-1'], ['site-3']], 'lastMonth', '', 5, '-rpm');
    expect(grid).toHaveLength(11);
    expect(grid[0].slice(0, 4)).toEqual(['Site', 'Site name', 'Page URL', 'Site URL']);
    const rpm = grid[0].indexOf('RPM');
    for (const rows of [grid.slice(1, 6), grid.slice(6, 11)]) {
      const values = rows.map((r) => r[rpm] as number);
      expect([...values].sort((a, b) => b - a)).toEqual(values);
    }
  });

  it('devices: one Device column, sorted by device', () => {
    const grid = harness().formula('CREATOR_DEVICE_PERFORMANCE', 'site-1', 'lastMonth', '', '', 'device');
    expect(grid[0][0]).toBe('Device');
    expect(grid[0]).not.toContain('Type');
    expect(grid.slice(1).map((r) => String(r[0]).toLowerCase())).toEqual(['desktop', 'mobile', 'tablet']);
  });

  it('an API preset from the bounds still resolves (timestamps or dates)', () => {
    const grid = harness().formula('CREATOR_VIDEO_EARNINGS', 'site-1', 'lastThirtyDays');
    expect(grid).toHaveLength(31);
  });
});

describe('formulas on drift variations that end in a message or a summary', () => {
  it('earnings as one summary row: no empty Date column', () => {
    const h = createHarness({ drift: { earningsSummaryOnly: true } });
    h.saveCredential(OWNER, 'demo', true);
    const grid = h.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07');
    expect(grid).toHaveLength(2);
    expect(grid[0]).toEqual(['Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
  });

  it('a firewall challenge: the cell says what happened and what to do', () => {
    const h = createHarness({ drift: { firewall: true } });
    h.saveCredential(OWNER, 'demo', true);
    const message = errorOf(() => h.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07'));
    expect(message).toMatch(
      /^The Creator API's host answered with a web page instead of data \(status 202\)\. This usually means its web firewall/,
    );
    expect(message).not.toContain('<');
  });

  it('a preset the API has no range for (null) says there is no data for it', () => {
    const h = createHarness({ drift: { boundsExtras: true } });
    h.saveCredential(OWNER, 'demo', true);
    expect(errorOf(() => h.formula('CREATOR_EARNINGS', 'site-1', 'lastYear'))).toMatch(
      /^The preset lastYear has no earnings data for site site-1\./,
    );
  });
});
