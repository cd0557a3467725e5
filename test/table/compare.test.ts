import { findReport } from '../../src/catalog/reports';
import { dayShift } from '../../src/dates/compare-period';
import { changeOf, compareTables } from '../../src/table/compare';
import { toTable } from '../../src/table';

const spec = findReport('devices/performance')!;
const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const table = (rows: Record<string, unknown>[]) => toTable(spec, rows, { toDate });
const row = (device: string, earnings: number, sessions: number) => ({
  device,
  earnings,
  pageviews: sessions * 2,
  sessions,
  rpm: (earnings / sessions) * 1000,
  rps: earnings / sessions,
});

function compare(now: Record<string, unknown>[], then: Record<string, unknown>[], totals = false, currentRowsOnly = false) {
  const out = compareTables({
    spec,
    current: table(now),
    previous: table(then),
    shift: dayShift('previousPeriod', { startDate: '2026-09-01', endDate: '2026-09-30' }),
    dayOf: () => null,
    toDate,
    totals,
    currentRowsOnly,
  });
  const header = out.columns.map((c) => c.header);
  return out.rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe('comparing two periods', () => {
  test('rows on one side only appear with blanks on the other; a previous 0 leaves the change % blank', () => {
    const rows = compare(
      [row('Desktop', 10, 100), row('Tablet', 5, 50)],
      [row('Mobile', 4, 40), { ...row('Tablet', 0, 20), rpm: 0, rps: 0 }],
    );
    expect(rows.map((r) => r.Device)).toEqual(['Desktop', 'Tablet', 'Mobile']);
    expect(rows[0]).toMatchObject({ Earnings: 10, 'Earnings previous': '', 'Earnings change': '', 'Earnings change %': '' });
    expect(rows[1]).toMatchObject({ Earnings: 5, 'Earnings previous': 0, 'Earnings change': 5, 'Earnings change %': '' });
    expect(rows[2]).toMatchObject({ Earnings: '', 'Earnings previous': 4, 'Earnings change': '', 'Earnings change %': '' });
    for (const r of rows) for (const v of Object.values(r)) expect(Number.isNaN(v) || v === Infinity || v === -Infinity).toBe(false);
  });

  test('rows sharing a key count once, with RPM recomputed from their sums; totals compare each side’s own ratio', () => {
    const rows = compare([row('Desktop', 10, 100), row('Desktop', 30, 100)], [row('Desktop', 10, 50)], true);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ Earnings: 40, Sessions: 200, RPM: 200, 'RPM previous': 200, 'RPM change': 0 });
    expect(rows[1]).toMatchObject({
      Device: 'Total',
      Earnings: 40,
      'Earnings previous': 10,
      'Earnings change %': 3,
      RPM: 200,
      'RPM previous': 200,
    });
  });

  test('a limited comparison keeps the current rows in their order; a key the previous period lacks is blank, and the Total compares the same rows', () => {
    // Top 2 by earnings this period, against every row of the previous one (Mobile was not in this top 2).
    const rows = compare(
      [row('Tablet', 50, 100), row('Desktop', 10, 100)],
      [row('Desktop', 8, 100), row('Mobile', 70, 100), { ...row('Tablet', 0, 0), rpm: 0, rps: 0 }].slice(0, 2),
      true,
      true,
    );
    expect(rows.map((r) => r.Device)).toEqual(['Tablet', 'Desktop', 'Total']);
    expect(rows[0]).toMatchObject({
      Earnings: 50,
      'Earnings previous': '',
      'Earnings change': '',
      'Earnings change %': '',
      'RPM previous': '',
    });
    expect(rows[1]).toMatchObject({ Earnings: 10, 'Earnings previous': 8, 'Earnings change': 2, 'Earnings change %': 0.25 });
    // Mobile's 70 is not in the previous total: it is not among the rows shown.
    expect(rows[2]).toMatchObject({ Earnings: 60, 'Earnings previous': 8, 'Earnings change': 52, Sessions: 200, 'Sessions previous': 100 });
    for (const r of rows) for (const v of Object.values(r)) expect(Number.isNaN(v) || v === Infinity || v === -Infinity).toBe(false);
  });

  test('a limited comparison whose rows the previous period has none of leaves every previous value blank', () => {
    const rows = compare([row('Tablet', 50, 100)], [row('Mobile', 70, 100)], true, true);
    expect(rows.map((r) => r.Device)).toEqual(['Tablet', 'Total']);
    for (const r of rows) {
      expect(r['Earnings previous']).toBe('');
      expect(r['RPM change %']).toBe('');
      for (const v of Object.values(r)) expect(Number.isNaN(v) || v === Infinity || v === -Infinity).toBe(false);
    }
  });

  test('changeOf is blank for a missing side and for a previous 0, a fraction otherwise', () => {
    expect(changeOf(80, 100)).toEqual({ change: -20, fraction: -0.2 });
    expect(changeOf(5, 0)).toEqual({ change: 5, fraction: '' });
    expect(changeOf('', 3)).toEqual({ change: '', fraction: '' });
  });
});
