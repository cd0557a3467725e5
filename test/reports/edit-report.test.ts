jest.mock('../../src/reports/runner', () => ({
  sheetRunner: () => {
    throw new Error('unit tests pass their own runner');
  },
}));

/**
 * Editing a saved report (the Saved tab's editor sends the whole definition again, with its id):
 * the report, sites, dates, row limit, columns, sheet and schedule may all change, through the same
 * checks as saving it the first time; a bad edit is refused in words and leaves the report as it was.
 */
import * as service from '../../src/reports/saved-reports-service';
import { readColumns } from '../../src/pull/query-options';
import { findReport } from '../../src/catalog/reports';
import { isCreatorError } from '../../src/shared/errors';
import type { ReportDefinition } from '../../src/shared/types';
import { createWorld, execution, type ReportsWorld } from './emulated-platform';

const saved = (world: ReportsWorld) =>
  service.saveReport(execution(world), {
    name: 'Mine',
    report: 'earnings',
    siteId: 'site-2',
    start: 'lastThirtyDays',
    sheetName: 'Earnings - site-2',
    schedule: { every: 'day', hour: 18 },
  });

function failure(work: () => unknown): { code: string; message: string } {
  try {
    work();
  } catch (error) {
    if (isCreatorError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('editing a saved report', () => {
  test('changes its report, sites, dates, limit, columns, sheet and schedule in place', () => {
    const world = createWorld();
    const first = saved(world);
    const edited: ReportDefinition = {
      id: first.id,
      name: 'Top pages',
      report: 'pages/performance',
      siteId: 'site-1',
      start: '2026-09-01',
      end: '2026-09-30',
      options: { limit: 25, columns: ['Page URL', 'earnings', 'rpm'] },
      sheetName: 'Top pages',
      schedule: { every: 'week', hour: 7, weekDay: 1 },
    };
    const view = service.saveReport(execution(world), edited);
    // Headers are read as their fields, kept in the report's own order.
    expect(view).toMatchObject({
      ...edited,
      options: { limit: 25, columns: ['pageUrl', 'earnings', 'rpm'] },
      reportLabel: 'Page performance',
      datesText: '2026-09-01 to 2026-09-30',
    });
    // One report, changed: not a second one.
    expect(service.listReports(execution(world)).reports.map((r) => r.id)).toEqual([first.id]);
  });

  test('every column is the same as no choice (new fields the API adds show up too)', () => {
    const spec = findReport('earnings')!;
    expect(
      readColumns(
        spec,
        spec.columns.map((c) => c.header),
      ),
    ).toBeUndefined();
  });

  test.each([
    [{ report: 'payouts' }, 'BAD_INPUT', '"payouts" is not a report this add-on knows. Choose one from the list.'],
    [{ options: { limit: 0 } }, 'BAD_INPUT', 'The limit "0" must be a whole number from 1 to 100000.'],
    [{ options: { limit: 100_001 } }, 'BAD_INPUT', 'The limit "100001" must be a whole number from 1 to 100000.'],
    [{ options: { limit: 2.5 } }, 'BAD_INPUT', 'The limit "2.5" must be a whole number from 1 to 100000.'],
    [
      { options: { columns: ['earnings', 'pageTitle'] } },
      'BAD_INPUT',
      '"pageTitle" is not a column of Earnings. Its columns are Date, Earnings, Pageviews, Sessions, RPM, Page RPM, RPS.',
    ],
    [{ options: { columns: [] } }, 'BAD_INPUT', 'Pick at least one column of Earnings (or all of them).'],
    [{ options: { columns: 'earnings' } }, 'BAD_INPUT', 'The columns must be a list of columns of Earnings, not "earnings".'],
    [
      { options: { columns: [{}] } },
      'BAD_INPUT',
      'A value of an unexpected kind is not a column of Earnings. Its columns are Date, Earnings, Pageviews, Sessions, RPM, Page RPM, RPS.',
    ],
    [
      { mode: 'history', options: { columns: ['date', 'earnings'] } },
      'BAD_INPUT',
      'A history keeps every column of the report (its rows are matched on them): show all columns, or turn Keep history off.',
    ],
    [{ id: 'r-gone' }, 'NOT_FOUND', 'This saved report no longer exists (someone may have deleted it). Save it as a new report.'],
  ])('refuses %j in words and keeps the report as it was', (change, code, message) => {
    const world = createWorld();
    const first = saved(world);
    const { id: _id, status: _status, reportLabel: _label, datesText: _dates, ...definition } = first;
    expect(failure(() => service.saveReport(execution(world), { ...definition, id: first.id, ...change } as ReportDefinition))).toEqual({
      code,
      message,
    });
    const [kept] = service.listReports(execution(world)).reports;
    expect(kept).toMatchObject({
      id: first.id,
      report: 'earnings',
      siteId: 'site-2',
      start: 'lastThirtyDays',
      sheetName: 'Earnings - site-2',
    });
    expect(kept.options).toBeUndefined();
  });
});
