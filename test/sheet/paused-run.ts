import { createEmulator } from '../../emulator';
import type { ServicePrices } from '../../emulator/service-costs';
import { EXECUTION_LIMIT_MS } from '../../emulator/state';
import type { Spreadsheet } from '../../src/platform/types';
import type { StagedSoFar } from '../../src/sheet/block-place';
import { beginBlockWrite } from '../../src/sheet/block-write';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';

/** The kill sweeps' calls: reads, copies, writes and formats, each 1 ms of the execution's time. */
export const SHEET_CALLS: ServicePrices = { readCalls: 1, copyCalls: 1, setValuesCalls: 1, setNumberFormatsCalls: 1 };

/**
 * A report 'r1' on sheet 'Days' in the emulator's limits mode, and the executions of its paused
 * refresh (run 'run'): one started `killAfter` ms short of Google's limit dies at its
 * `killAfter`-th priced call. What an execution's step returns is what its run keeps; a failure
 * (a kill, or the writer's own error) is handed back as `error`.
 */
export function pausedRun(columns: BlockTable['columns'], prices: ServicePrices = SHEET_CALLS) {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts: { prices },
  });
  const ss = emu.platform().spreadsheet() as Spreadsheet;
  const now = (): number => emu.clock.now();
  const refresh = (rows: unknown[][]) =>
    emu.runAs({ mode: 'full' }, () =>
      writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: { columns, rows }, note: 'refresh' }),
    );
  const execution = (
    resume: StagedSoFar | undefined,
    step: (w: ReturnType<typeof beginBlockWrite>) => StagedSoFar | undefined,
    killAfter?: number,
    begun: BlockTable['columns'] = columns,
  ): { kept?: StagedSoFar; error?: Error } =>
    emu.runAs({ mode: 'full' }, () => {
      if (killAfter !== undefined) emu.clock.advance(EXECUTION_LIMIT_MS.full - killAfter);
      try {
        return {
          kept: step(beginBlockWrite(ss, { sheetName: 'Days', blockId: 'r1', columns: begun, now, pausable: true, runId: 'run', resume })),
        };
      } catch (error) {
        return { error: error as Error };
      }
    });
  /** The refresh after the run: 'accepted', or what it refused with. */
  const nextRefresh = (rows: unknown[][]): string => {
    try {
      refresh(rows);
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };
  const stagingLeft = (): number => ss.getSheets().filter((x) => x.getName().startsWith('CR staging')).length;
  return { emu, ss, refresh, execution, nextRefresh, stagingLeft };
}
