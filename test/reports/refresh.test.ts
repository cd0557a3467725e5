// The real pull-and-write is exercised in the emulator tests; these pass a stub runner.
jest.mock('../../src/reports/runner', () => ({
  sheetRunner: () => {
    throw new Error('unit tests pass their own runner');
  },
}));

import * as service from '../../src/reports/saved-reports-service';
import { withDocumentLock } from '../../src/run/document-lock';
import { createWorld, execution, type ReportsWorld } from './emulated-platform';
import { stubRunner } from './stub-runner';

function save(world: ReportsWorld, sheetName: string, extra: Record<string, unknown> = {}) {
  return service.saveReport(execution(world), { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName, ...extra });
}

describe('refreshing saved reports on demand', () => {
  test('runs every report in saved order, each into its own block, with presets as saved', () => {
    const world = createWorld();
    const a = save(world, 'A');
    const b = save(world, 'B', { start: '7daysAgo', end: 'yesterday' });
    const runner = stubRunner(world);
    const outcomes = service.refreshReports(execution(world), undefined, runner);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok']);
    expect(runner.calls.map((c) => c.blockId)).toEqual([a.id, b.id]);
    expect(runner.calls[0].request).toMatchObject({ report: 'earnings', start: 'lastMonth', sheetName: 'A' });
    expect(runner.calls[0].request.end).toBeUndefined();
    expect(runner.calls[1].request).toMatchObject({ start: '7daysAgo', end: 'yesterday' });
    const listed = service.listReports(execution(world)).reports;
    expect(listed[0].status).toMatchObject({
      outcome: 'ok',
      rows: 2,
      dataThrough: '2026-10-04',
      lastError: null,
      lastRunAt: '2026-10-05T12:00:00.000Z',
    });
  });

  test('only the chosen reports run; an unknown id is reported, not fatal', () => {
    const world = createWorld();
    save(world, 'A');
    const b = save(world, 'B');
    const runner = stubRunner(world);
    const outcomes = service.refreshReports(execution(world), [b.id, 'gone'], runner);
    expect(runner.sheets()).toEqual(['B']);
    expect(outcomes.map((o) => [o.id, o.outcome])).toEqual([
      [b.id, 'ok'],
      ['gone', 'error'],
    ]);
  });

  test('a failing report records its error while the others still refresh and keep their rows', () => {
    const world = createWorld();
    save(world, 'A');
    save(world, 'B');
    save(world, 'C');
    service.refreshReports(execution(world), undefined, stubRunner(world));
    world.now += 3_600_000;
    const runner = stubRunner(world, { failFor: { B: 'OUT_OF_BOUNDS' } });
    const outcomes = service.refreshReports(execution(world), undefined, runner);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'error', 'ok']);
    const b = service.listReports(execution(world)).reports[1].status;
    // The sheet still holds the last good data: its row count and data-through date stay.
    expect(b).toMatchObject({ outcome: 'error', lastError: 'Failed: OUT_OF_BOUNDS', rows: 2, dataThrough: '2026-10-04' });
  });

  test('a rejected credential marks every remaining report without hammering the API', () => {
    const world = createWorld();
    save(world, 'A');
    save(world, 'B');
    save(world, 'C');
    const runner = stubRunner(world, { failFor: { B: 'AUTH_FAILED' } });
    const outcomes = service.refreshReports(execution(world), undefined, runner);
    expect(runner.sheets()).toEqual(['A', 'B']);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'error', 'error']);
    const statuses = service.listReports(execution(world)).reports.map((r) => r.status.lastError);
    expect(statuses).toEqual([null, expect.stringMatching(/credential was rejected/), expect.stringMatching(/credential was rejected/)]);
  });

  test('stops before the time budget: reports not reached are skipped, untouched, and the first always runs', () => {
    const world = createWorld();
    save(world, 'A');
    save(world, 'B');
    save(world, 'C');
    // 330 s budget: 2 minutes each fits A and B; C is not started with 90 s left.
    const runner = stubRunner(world, { takesMs: 120_000 });
    const outcomes = service.refreshReports(execution(world, 'trigger'), undefined, runner);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok', 'skipped']);
    expect(service.listReports(execution(world)).reports[2].status.outcome).toBe('never');
    expect(runner.sheets()).toEqual(['A', 'B']);
    const slow = stubRunner(world, { takesMs: 400_000 });
    // A report that alone outlasts the budget fails in words (it would otherwise be retried forever).
    expect(service.refreshReports(execution(world, 'trigger'), undefined, slow).map((o) => o.outcome)).toEqual([
      'error',
      'skipped',
      'skipped',
    ]);
    expect(slow.sheets()).toEqual(['A']);
  });

  test('a report that runs out of time after others used it is skipped, not failed', () => {
    const world = createWorld();
    save(world, 'A');
    save(world, 'B');
    // A is quick and B unknown: B starts with 320 s left but needs 400 s.
    const runner = stubRunner(world, { takesMs: 10_000 });
    const slowB = {
      run: (ex: Parameters<typeof runner.run>[0], req: Parameters<typeof runner.run>[1], o: Parameters<typeof runner.run>[2]) =>
        req.sheetName === 'B' ? stubRunner(world, { takesMs: 400_000 }).run(ex, req, o) : runner.run(ex, req, o),
    };
    expect(service.refreshReports(execution(world, 'trigger'), undefined, slowB).map((o) => o.outcome)).toEqual(['ok', 'skipped']);
    expect(service.listReports(execution(world)).reports[1].status.outcome).toBe('never');
  });

  test('a refresh while another execution holds the document is refused as BUSY, with nothing run', () => {
    const world = createWorld();
    save(world, 'A');
    world.emu.locks.hold('document');
    const runner = stubRunner(world);
    expect(() => service.refreshReports(execution(world), undefined, runner)).toThrow(
      'Another report is being written to this spreadsheet. Try again in a minute.',
    );
    expect(runner.calls).toHaveLength(0);
  });

  test('the writer nested in a refresh re-enters the lock through the execution (no self-deadlock, no early release)', () => {
    const world = createWorld();
    save(world, 'A');
    save(world, 'B');
    const seen: string[] = [];
    service.refreshReports(execution(world), undefined, {
      run: (ex, request) => {
        // What the real writer does around each block: it must run, not wait on the refresh's own lock.
        withDocumentLock(ex, () => seen.push(`wrote ${request.sheetName}`));
        // Leaving the nested section keeps the refresh's lock: no other refresh slips in between reports.
        seen.push(world.emu.locks.held('document') ? 'still held' : 'released');
        return {
          sheetName: request.sheetName ?? '',
          range: 'A1',
          rows: 0,
          startDate: null,
          endDate: null,
          dataThrough: null,
          seconds: 0,
          truncated: false,
        };
      },
    });
    expect(seen).toEqual(['wrote A', 'still held', 'wrote B', 'still held']);
    expect(world.emu.locks.held('document')).toBe(false);
  });

  test('the menu summary names failures and what was not reached', () => {
    expect(service.summarize([])).toMatch(/No saved reports yet/);
    expect(
      service.summarize([
        { id: '1', name: 'Earnings', outcome: 'ok', rows: 3 },
        { id: '2', name: 'Pages', outcome: 'error', message: 'The credential was rejected.' },
        { id: '3', name: 'Devices', outcome: 'skipped' },
      ]),
    ).toBe(
      'Refreshed 1 of 3 reports. Failed: Pages (The credential was rejected.). Not reached in time: Devices; refresh again to finish. Details in the "Creator Reporting status" sheet.',
    );
  });

  test('the menu summary tells reports waiting for approval from reports out of time', () => {
    expect(
      service.summarize([
        { id: '1', name: 'Earnings', outcome: 'ok', rows: 3 },
        {
          id: '2',
          name: 'Planted',
          outcome: 'skipped',
          message: 'Needs approval by owner@example.com: it was saved by editor@example.com, ...',
        },
      ]),
    ).toBe(
      'Refreshed 1 of 2 reports. Waiting for your approval (saved by someone else): Planted; approve them in the sidebar to refresh them with your credential. Details in the "Creator Reporting status" sheet.',
    );
  });
});
