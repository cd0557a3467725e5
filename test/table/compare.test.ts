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

function compare(now: Record<string, unknown>[], then: Record<string, unknown>[], totals = false) {
  const out = compareTables({
    spec,
    current: table(now),
    previous: table(then),
    shift: dayShift('previousPeriod', { startDate: '2026-09-01', endDate: '2026-09-30' }),
    dayOf: () => null,
    toDate,
    totals,
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

  test('changeOf is blank for a missing side and for a previous 0, a fraction otherwise', () => {
    expect(changeOf(80, 100)).toEqual({ change: -20, fraction: -0.2 });
    expect(changeOf(5, 0)).toEqual({ change: 5, fraction: '' });
    expect(changeOf('', 3)).toEqual({ change: '', fraction: '' });
  });
});
