jest.mock('../../src/reports/runner', () => ({
  sheetRunner: () => {
    throw new Error('unit tests pass their own runner');
  },
}));

import * as service from '../../src/reports/saved-reports-service';
import type { Schedule } from '../../src/shared/types';
import { createWorld, execution, type ReportsWorld } from './emulated-platform';
import { stubRunner } from './stub-runner';

const HOUR = 3_600_000;
const A = 'owner@example.com';
const B = 'assistant@example.com';

function save(world: ReportsWorld, sheetName: string, schedule: Schedule = { every: 'day', hour: 6 }) {
  return service.saveReport(execution(world), { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName, schedule });
}

function owner(world: ReportsWorld) {
  const json = world.props.getProperty('cr.schedule.owner');
  return json ? JSON.parse(json) : null;
}

/** Fires one trigger as its owner, as Apps Script does. */
function fire(world: ReportsWorld, triggerId: string, runner: ReturnType<typeof stubRunner>) {
  const trigger = world.triggers.find((t) => t.id === triggerId);
  if (!trigger) throw new Error(`no trigger ${triggerId}`);
  world.emu.runAs({ user: trigger.owner, mode: 'full' }, () =>
    service.runScheduled(execution(world, 'trigger'), { triggerUid: triggerId }, runner),
  );
}

describe('the schedule trigger', () => {
  test('turning on the first schedule creates one hourly trigger for that user and records them', () => {
    const world = createWorld();
    save(world, 'A');
    save(world, 'B', { every: 'hour' });
    expect(world.triggers).toEqual([{ id: world.triggerId(1), handler: 'onScheduleTrigger', owner: A }]);
    expect(owner(world)).toMatchObject({ email: A, triggerId: world.triggerId(1) });
    expect(service.listReports(execution(world)).scheduleOwner).toMatchObject({ active: true, ownerEmail: A, isMine: true });
    world.user = B;
    expect(service.listReports(execution(world)).scheduleOwner).toMatchObject({ active: true, ownerEmail: A, isMine: false });
    expect(world.triggers).toHaveLength(1);
  });

  test('saving without a schedule creates no trigger', () => {
    const world = createWorld();
    save(world, 'A', { every: 'off' });
    expect(world.triggers).toHaveLength(0);
    expect(service.listReports(execution(world)).scheduleOwner).toMatchObject({ active: false, ownerEmail: '', isMine: false });
  });

  test('a vanished trigger is re-created when its owner opens the list, not when someone else does', () => {
    const world = createWorld();
    save(world, 'A');
    world.dropTriggers();
    world.user = B;
    service.listReports(execution(world));
    expect(world.triggers).toHaveLength(0);
    world.user = A;
    expect(service.listReports(execution(world)).scheduleOwner).toMatchObject({ active: true, isMine: true });
    expect(world.triggers).toEqual([{ id: world.triggerId(2), handler: 'onScheduleTrigger', owner: A }]);
    expect(owner(world).triggerId).toBe(world.triggerId(2));
  });

  test('take over: the caller becomes the owner; the old trigger removes itself at its next run', () => {
    const world = createWorld();
    save(world, 'A');
    world.user = B;
    const view = service.takeOverSchedule(execution(world));
    expect(view.scheduleOwner).toMatchObject({ active: true, ownerEmail: B, isMine: true });
    expect(owner(world)).toMatchObject({ email: B, triggerId: world.triggerId(2) });
    const runner = stubRunner(world);
    world.now += 24 * HOUR;
    fire(world, world.triggerId(1), runner);
    expect(runner.calls).toHaveLength(0);
    expect(world.triggers.map((t) => [t.id, t.owner])).toEqual([[world.triggerId(2), B]]);
    // A saved the report: B's trigger does not spend B's credential on it until B approves it.
    fire(world, world.triggerId(2), runner);
    expect(runner.calls).toHaveLength(0);
    const waiting = service.listReports(execution(world)).reports[0];
    expect(waiting.approval).toEqual({ mine: false, savedBy: A });
    expect(waiting.status.lastError).toMatch(/^Needs approval by assistant@example\.com: it was saved by owner@example\.com/);
    service.approveReport(execution(world), waiting.id);
    world.now += 24 * HOUR;
    fire(world, world.triggerId(2), runner);
    expect(runner.sheets()).toEqual(['A']);
  });

  test('the last schedule turned off by its owner removes the trigger and the record', () => {
    const world = createWorld();
    const a = save(world, 'A');
    service.saveReport(execution(world), { ...a, schedule: { every: 'off' } });
    expect(world.triggers).toHaveLength(0);
    expect(owner(world)).toBeNull();
  });

  test("deleted by someone else: the owner's trigger finds nothing scheduled and removes itself", () => {
    const world = createWorld();
    const a = save(world, 'A');
    world.user = B;
    service.deleteReport(execution(world), a.id);
    expect(world.triggers).toHaveLength(1);
    fire(world, world.triggerId(1), stubRunner(world));
    expect(world.triggers).toHaveLength(0);
    expect(owner(world)).toBeNull();
  });
});

describe('scheduled runs', () => {
  test('reports come due at their hour in the spreadsheet time zone and run once per slot', () => {
    // 08:00 in New York on Monday 5 October.
    const world = createWorld('2026-10-05T12:00:00Z');
    save(world, 'Daily', { every: 'day', hour: 6 });
    save(world, 'Hourly', { every: 'hour' });
    save(world, 'Weekly', { every: 'week', hour: 7, weekDay: 3 });
    save(world, 'Manual', { every: 'off' });
    const runner = stubRunner(world);
    const tick = (hours: number) => {
      world.now += hours * HOUR;
      fire(world, world.triggerId(1), runner);
    };
    tick(0.9); // 08:54: the hourly is not due until 09:00
    expect(runner.sheets()).toEqual([]);
    tick(1); // 09:54
    expect(runner.sheets()).toEqual(['Hourly']);
    tick(0.04); // 09:57: same hourly slot already done
    expect(runner.sheets()).toEqual(['Hourly']);
    runner.calls.length = 0;
    world.now = Date.parse('2026-10-06T10:30:00Z'); // Tuesday 06:30
    fire(world, world.triggerId(1), runner);
    expect(runner.sheets()).toEqual(['Daily', 'Hourly']);
    world.now = Date.parse('2026-10-07T11:20:00Z'); // Wednesday 07:20
    runner.calls.length = 0;
    fire(world, world.triggerId(1), runner);
    // Oldest slot first (06:00), then the two 07:00 slots in saved order.
    expect(runner.sheets()).toEqual(['Daily', 'Hourly', 'Weekly']);
    fire(world, world.triggerId(1), runner);
    expect(runner.sheets()).toEqual(['Daily', 'Hourly', 'Weekly']);
  });

  test('next run shows on the status, in the future until it is due', () => {
    const world = createWorld('2026-10-05T12:00:00Z');
    save(world, 'Daily', { every: 'day', hour: 6 });
    expect(service.listReports(execution(world)).reports[0].status.nextRunAt).toBe('2026-10-06T10:00:00.000Z');
  });

  test('a run out of time continues next hour where it stopped, losing and repeating nothing', () => {
    const world = createWorld('2026-10-05T12:00:00Z');
    for (const name of ['R1', 'R2', 'R3', 'R4', 'R5']) save(world, name, { every: 'day', hour: 6 });
    const runner = stubRunner(world, { takesMs: 100_000 });
    world.now = Date.parse('2026-10-06T10:05:00Z');
    fire(world, world.triggerId(1), runner);
    // 330 s budget: R1 and R2 (100 s each); R3, guessed as long, is not started with 130 s left.
    expect(runner.sheets()).toEqual(['R1', 'R2']);
    const statuses = () => service.listReports(execution(world)).reports.map((r) => r.status.outcome);
    expect(statuses()).toEqual(['ok', 'ok', 'never', 'never', 'never']);
    world.now += HOUR;
    fire(world, world.triggerId(1), runner);
    world.now += HOUR;
    fire(world, world.triggerId(1), runner);
    world.now += HOUR;
    fire(world, world.triggerId(1), runner);
    expect(runner.sheets()).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(statuses()).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  test('a report left over from an earlier slot goes before one that just came due', () => {
    const world = createWorld('2026-10-05T12:00:00Z');
    save(world, 'Hourly', { every: 'hour' });
    save(world, 'Daily', { every: 'day', hour: 6 });
    world.now = Date.parse('2026-10-06T10:05:00Z');
    const release = world.emu.locks.hold('document'); // someone else is refreshing: this hour's run gives up
    const runner = stubRunner(world);
    fire(world, world.triggerId(1), runner);
    expect(runner.calls).toHaveLength(0);
    release();
    world.now += HOUR;
    fire(world, world.triggerId(1), runner);
    expect(runner.sheets()).toEqual(['Daily', 'Hourly']);
  });

  test('a manual refresh after the slot covers it: the trigger does not pull it again', () => {
    const world = createWorld('2026-10-05T12:00:00Z');
    save(world, 'Daily', { every: 'day', hour: 6 });
    world.now = Date.parse('2026-10-06T10:01:00Z');
    service.refreshReports(execution(world), undefined, stubRunner(world));
    const runner = stubRunner(world);
    world.now += 0.5 * HOUR;
    fire(world, world.triggerId(1), runner);
    expect(runner.calls).toHaveLength(0);
  });

  test('a failed scheduled run records its error and waits for the next slot instead of retrying hourly', () => {
    const world = createWorld('2026-10-05T12:00:00Z');
    save(world, 'Daily', { every: 'day', hour: 6 });
    world.now = Date.parse('2026-10-06T10:05:00Z');
    const failing = stubRunner(world, { failFor: { Daily: 'SERVER_ERROR' } });
    fire(world, world.triggerId(1), failing);
    world.now += HOUR;
    fire(world, world.triggerId(1), failing);
    expect(failing.calls).toHaveLength(1);
    expect(service.listReports(execution(world)).reports[0].status).toMatchObject({ outcome: 'error', lastError: 'Failed: SERVER_ERROR' });
  });
});
