/**
 * The checkpoint store a job continued across executions keeps in document properties, and the
 * words a continued report's status says.
 */
import type { PropertyStore } from '../../src/platform/types';
import {
  checkpoints,
  continuingRuns,
  continuingText,
  finishEstimate,
  reportCheckpoints,
  type ReportCheckpoint,
} from '../../src/run/continuation';
import { TAIL_KEYS } from '../../src/sheet/stream-report-block';

function memoryStore(): PropertyStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const store = {
    data,
    getProperty: (k: string) => data.get(k) ?? null,
    setProperty: (k: string, v: string) => (data.set(k, v), store),
    deleteProperty: (k: string) => (data.delete(k), store),
    getProperties: () => Object.fromEntries(data),
    getKeys: () => [...data.keys()],
  };
  return store;
}

const CP: ReportCheckpoint = {
  v: 1,
  run: 'c1',
  staging: 'CR staging x 1-a',
  rows: 120_000,
  // As many keys as a run keeps, each as long as rowKey makes one.
  tail: Array.from({ length: TAIL_KEYS }, () => 'zzzzzzzzz'),
  total: 240_000,
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  dataThrough: '2026-11-20',
  startedAt: 0,
  executions: 2,
  updatedAt: 0,
};

describe('checkpoints', () => {
  it('keeps one record per job and kind, under 9 KB, and forgets it at the end', () => {
    const store = memoryStore();
    const reports = reportCheckpoints(store);
    reports.save('r1', CP);
    checkpoints<{ table: string }>(store, 'backfill').save('r1', { table: 't' });
    expect(reports.load('r1')).toEqual(CP);
    expect(reports.all()).toEqual([CP]);
    // Apps Script refuses a property value over 9 KB.
    for (const value of store.data.values()) expect(value.length).toBeLessThan(9_000);
    expect(continuingRuns(store)('c1')).toBe(true);
    expect(continuingRuns(store)('c2')).toBe(false);
    reports.clear('r1');
    expect(reports.load('r1')).toBeNull();
    expect(continuingRuns(store)('c1')).toBe(false);
  });

  it('reads a record it cannot parse as none (the job starts over)', () => {
    const store = memoryStore();
    store.setProperty('cr.continue.report.r1', '{broken');
    expect(reportCheckpoints(store).load('r1')).toBeNull();
  });
});

describe('what a continued run says', () => {
  it('says how far it is, of the total when the API gave one', () => {
    expect(continuingText(CP)).toBe('continuing: 120,000 of 240,000 rows');
    expect(continuingText({ rows: 20_000, total: null })).toBe('continuing: 20,000 rows');
  });

  it('expects to finish at the pace of its executions so far', () => {
    const hour = 3_600_000;
    // 60,000 rows an execution, 120,000 left: two more hourly runs.
    expect(finishEstimate(CP, 0, hour)).toBe(2 * hour);
    expect(finishEstimate({ ...CP, total: null }, 0, hour)).toBeNull();
    // Every row in, the commit left for the next run (it did not fit this one's time).
    expect(finishEstimate({ ...CP, rows: 240_000, executions: 3 }, 0, hour)).toBe(hour);
  });
});
