import { columnNames, snakeCase, stableSuffix } from '../../src/warehouse/column-names';
import { schemaFor } from '../../src/warehouse/schema';
import { REPORTS } from '../../src/catalog/reports';
import { toTable } from '../../src/table';

describe('BigQuery column names', () => {
  it('are snake_case of the field, never starting with a digit', () => {
    expect(snakeCase('pageRpm')).toBe('page_rpm');
    expect(snakeCase('pageRPM')).toBe('page_rpm');
    expect(snakeCase('cpm.score')).toBe('cpm_score');
    expect(snakeCase('7dayViews')).toBe('f_7day_views');
    expect(snakeCase('Ad unit (name)')).toBe('ad_unit_name');
  });

  it('two fields mapping to one name: the one spelt that way keeps it, the other gets a suffix that does not depend on order', () => {
    const a = columnNames(['pageRPM', 'page_rpm']);
    const b = columnNames(['page_rpm', 'pageRPM', 'somethingNew']);
    expect(a.get('page_rpm')).toBe('page_rpm');
    expect(a.get('pageRPM')).toBe(`page_rpm_${stableSuffix('pageRPM')}`);
    expect(b.get('pageRPM')).toBe(a.get('pageRPM'));
  });

  it('reserved words get _value; an API field that maps to an added column gets a suffix', () => {
    const names = columnNames(['select', 'siteId', '_TABLE_x'], ['site_id']);
    expect(names.get('select')).toBe('select_value');
    expect(names.get('_TABLE_x')).toBe('table_x');
    expect(names.get('siteId')).toBe(`site_id_${stableSuffix('siteId')}`);
  });

  it('every catalog report gets unique, valid names (case-insensitive) and a description for every column', () => {
    for (const spec of REPORTS) {
      const schema = schemaFor(spec, toTable(spec, [], { toDate: (d) => new Date(d) }).columns);
      const names = schema.columns.map((c) => c.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      for (const c of schema.columns) {
        expect(c.name).toMatch(/^[a-z_][a-z0-9_]*$/);
        expect(c.description.length).toBeGreaterThan(10);
      }
    }
  });
});
