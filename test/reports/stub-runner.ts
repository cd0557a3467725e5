import { CreatorError, type ErrorCode } from '../../src/shared/errors';
import type { ReportRunner } from '../../src/reports/refresh-run';
import type { RunReportRequest } from '../../src/shared/types';
import type { ReportsWorld } from './emulated-platform';

/** A pull-and-write stand-in: each call takes `takesMs` of virtual time, or fails as told. */
export function stubRunner(world: ReportsWorld, behaviour: { takesMs?: number; failFor?: Record<string, ErrorCode> } = {}) {
  const calls: Array<{ blockId: string; request: RunReportRequest; at: number }> = [];
  const run: ReportRunner = (ex, request, opts) => {
    calls.push({ blockId: opts.blockId, request, at: world.now });
    const takes = behaviour.takesMs ?? 10_000;
    if (world.now + takes > ex.deadline) {
      // Like the real pull: it gives up at the deadline, before writing anything.
      world.now = ex.deadline;
      throw new CreatorError('TIME_BUDGET', 'This report did not finish in the time Apps Script allows.');
    }
    world.now += takes;
    const code = behaviour.failFor?.[request.sheetName ?? ''];
    if (code)
      throw new CreatorError(
        code,
        code === 'AUTH_FAILED' ? 'The credential was rejected. Check the client ID and secret in Settings.' : `Failed: ${code}`,
      );
    return {
      sheetName: request.sheetName ?? '',
      range: 'A1:B3',
      rows: 2,
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      dataThrough: '2026-10-04',
      seconds: 10,
      truncated: false,
    };
  };
  return { run, calls, sheets: () => calls.map((c) => c.request.sheetName) };
}
