import { withCatalogNames } from '../../src/catalog/aliases';
import { findReport } from '../../src/catalog/reports';
import type { ReportSpec } from '../../src/catalog/types';
import { sortRows } from '../../src/api/local-sort';
import { parseDateBounds } from '../../src/api/bounds';
import { toTable } from '../../src/table';

const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const pages = findReport('pages/performance')!;

/** API rows as JSON.parse makes them: `__proto__` is then an own field like any other. */
const rows = (): Record<string, unknown>[] =>
  JSON.parse(
    JSON.stringify([
      { pageUrl: '/a/', constructor: 'c1', toString: 7, __proto__x: 'p', valueOf: true, hasOwnProperty: 'h' },
      { pageUrl: '/b/', constructor: 'c2', toString: 3, __proto__x: 'q', valueOf: false, hasOwnProperty: 'i' },
    ]),
  );

describe('API fields named like Object.prototype members are fields like any other', () => {
  it('get their own headers and values, never "Function Object() { [native code] }"', () => {
    const table = toTable(pages, rows(), { toDate });
    const headers = table.columns.map((c) => c.header);
    expect(headers).toEqual(expect.arrayContaining(['Constructor', 'To string', 'Proto x', 'Value of', 'Has own property']));
    expect(headers.join('|')).not.toMatch(/native code|function/i);
    const at = (header: string) => headers.indexOf(header);
    expect(table.rows.map((r) => r[at('Constructor')])).toEqual(['c1', 'c2']);
    expect(table.rows.map((r) => r[at('To string')])).toEqual([7, 3]);
    expect(table.rows.map((r) => r[at('Proto x')])).toEqual(['p', 'q']);
  });

  it('a field named "__proto__" keeps its column too', () => {
    const table = toTable(pages, JSON.parse('[{"pageUrl":"/a/","__proto__":"x"}]'), { toDate });
    expect(table.columns.map((c) => c.header)).toContain('Proto');
    expect(table.rows[0]).toContain('x');
  });

  it('sorts by such a field only when rows carry it', () => {
    expect(sortRows(rows(), '-toString').map((r) => r.pageUrl)).toEqual(['/a/', '/b/']);
    expect(sortRows(rows(), 'toString').map((r) => r.pageUrl)).toEqual(['/b/', '/a/']);
    const plain = JSON.parse('[{"pageUrl":"/a/"},{"pageUrl":"/b/"}]');
    expect(() => sortRows(plain, 'constructor')).toThrow(/Cannot sort by "constructor": this report has no such field/);
  });

  it('renames an alias only when the row lacks the field itself (own fields, not inherited members)', () => {
    const spec: ReportSpec = {
      ...pages,
      columns: [{ ...pages.columns[0], field: 'toString', aliases: ['legacyName'] }, ...pages.columns.slice(1)],
    };
    const [row] = withCatalogNames(spec, JSON.parse('[{"legacyName":"kept"}]'));
    expect(Object.keys(row)).toEqual(['toString']);
    expect(row.toString).toBe('kept');
  });

  it('keeps date-bounds presets the API names like prototype members as plain presets', () => {
    const bounds = parseDateBounds(
      JSON.parse(
        '{"earnings":{"range":{"startDate":"2026-01-01","endDate":"2026-11-19"},"constructor":{"startDate":"2026-11-01","endDate":"2026-11-19"},"__proto__":{"startDate":"2026-10-01","endDate":"2026-10-31"}}}',
      ),
    );
    expect(Object.keys(bounds.earnings.presets).sort()).toEqual(['__proto__', 'constructor']);
    expect(bounds.earnings.presets.constructor).toEqual({ startDate: '2026-11-01', endDate: '2026-11-19' });
  });
});
