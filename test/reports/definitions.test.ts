import { cleanDefinition } from '../../src/reports/validate-definition';
import {
  getStatus,
  listDefinitions,
  newReportId,
  putDefinition,
  putStatus,
  deleteDefinition,
  EMPTY_STATUS,
} from '../../src/reports/report-store';
import { createWorld, execution } from './emulated-platform';
import { formatDate } from '../dates/clock-stub';

const ctx = { platform: { formatDate, now: () => Date.parse('2026-10-05T12:00:00Z') }, timeZone: 'America/New_York' };
const base = { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Earnings' };

describe('a saved report is checked before it is stored', () => {
  test('a good definition keeps its preset as typed and gets a readable default name', () => {
    const def = cleanDefinition(base, ctx);
    expect(def).toMatchObject({
      report: 'earnings',
      siteId: 'site-1',
      start: 'lastMonth',
      sheetName: 'Earnings',
      schedule: { every: 'off' },
    });
    expect(def.end).toBeUndefined();
    expect(def.name).toBe('Earnings: site-1');
  });

  test('relative days stay relative so each refresh moves with the calendar', () => {
    expect(cleanDefinition({ ...base, start: '7daysAgo', end: 'yesterday' }, ctx)).toMatchObject({ start: '7daysAgo', end: 'yesterday' });
  });

  test.each([
    [{ ...base, report: 'payouts' }, /not a report/],
    [{ ...base, siteId: [] }, /at least one site/],
    [{ ...base, start: 'lastMonth', end: '2026-10-01' }, /leave the end date empty/],
    [{ ...base, start: '2026-10-09', end: '2026-10-01' }, /after the end date/],
    [{ ...base, start: '2026-02-30', end: '2026-03-01' }, /not a real calendar day/],
    [{ ...base, start: undefined }, /date range/],
    [{ ...base, sheetName: '  ' }, /Name the sheet/],
    [{ ...base, sheetName: 'Creator Reporting status' }, /status sheet/],
    [{ ...base, schedule: { every: 'day', hour: 24 } }, /hour of the day/],
    [{ ...base, schedule: { every: 'week', hour: 7, weekDay: 7 } }, /day of the week/],
    [{ ...base, schedule: { every: 'minute' } }, /every hour, day, week or month/],
    [{ ...base, options: { limit: 0 } }, /^The limit "0" must be a whole number from 1 to 100000\.$/],
    // The refresh would refuse these, so saving does too (one reader of limit and sort).
    [{ ...base, options: { limit: 250_000 } }, /^The limit "250000" must be a whole number from 1 to 100000\.$/],
    [{ ...base, options: { sort: 'rpm desc' } }, /^The sort "rpm desc" is not a field name/],
  ])('rejects %j with a message that says what to fix', (input, message) => {
    expect(() => cleanDefinition(input, ctx)).toThrow(message);
  });

  test('only known fields survive: a pasted secret never reaches document properties', () => {
    const def = cleanDefinition({ ...base, clientSecret: 'demo-secret', options: { limit: 5, token: 'abc' } } as never, ctx);
    expect(JSON.stringify(def)).not.toContain('demo-secret');
    expect(def.options).toEqual({ limit: 5 });
  });

  test('"all" among sites means every active site; duplicates go', () => {
    expect(cleanDefinition({ ...base, siteId: ['site-1', 'all'] }, ctx).siteId).toBe('all');
    expect(cleanDefinition({ ...base, siteId: ['site-1', 'site-2', 'site-1'] }, ctx).siteId).toEqual(['site-1', 'site-2']);
  });

  test('schedules keep only the fields their frequency uses', () => {
    expect(cleanDefinition({ ...base, schedule: { every: 'day', hour: '6', weekDay: 3 } }, ctx).schedule).toEqual({
      every: 'day',
      hour: 6,
    });
    expect(cleanDefinition({ ...base, schedule: { every: 'week', hour: 7, weekDay: 1 } }, ctx).schedule).toEqual({
      every: 'week',
      hour: 7,
      weekDay: 1,
    });
  });
});

describe('definitions and statuses in document properties', () => {
  test('ids are unique within one execution and list in creation order', () => {
    const world = createWorld();
    const ex = execution(world);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = newReportId(ex, world.props);
      ids.push(id);
      putDefinition(world.props, { ...cleanDefinition(base, ctx), id, name: `R${i}` });
    }
    world.now += 1000;
    const later = newReportId(execution(world), world.props);
    putDefinition(world.props, { ...cleanDefinition(base, ctx), id: later, name: 'R3' });
    expect(new Set(ids).size).toBe(3);
    expect(listDefinitions(world.props).map((d) => d.name)).toEqual(['R0', 'R1', 'R2', 'R3']);
    expect(world.props.getKeys().every((k) => k.startsWith('cr.report.'))).toBe(true);
  });

  test('deleting a report removes its status, and a refresh finishing later does not bring it back', () => {
    const world = createWorld();
    const id = newReportId(execution(world), world.props);
    putDefinition(world.props, { ...cleanDefinition(base, ctx), id });
    putStatus(world.props, id, { ...EMPTY_STATUS, outcome: 'ok', rows: 3 });
    expect(deleteDefinition(world.props, id)).toBe(true);
    putStatus(world.props, id, { ...EMPTY_STATUS, outcome: 'ok', rows: 4 });
    expect(world.props.getKeys().length).toBe(0);
    expect(getStatus(world.props, id).outcome).toBe('never');
  });

  test('a definition too big for one property value is refused in words', () => {
    const world = createWorld();
    const sites = Array.from({ length: 190 }, (_, i) => `a-very-long-site-identifier-that-goes-on-and-on-${i}`);
    const def = { ...cleanDefinition({ ...base, siteId: sites }, ctx), id: 'r1' };
    expect(() => putDefinition(world.props, def)).toThrow(/too long to save/);
  });
});
