import { COPY_CITED, DEFAULT_MODEL, servicePrices } from '../../bench/model';
import { createEmulator, type Emulator } from '../../emulator';
import type { ServiceCosts } from '../../emulator/service-costs';
import { startExecution } from '../../src/platform/execution';
import { refreshVsFirstPull } from '../../src/sheet/refresh-cost';
import { checkSheetSpeed, sheetSpeedMessage, SPEED_CHECK_SIZE, type SheetSpeedReport } from '../../src/sheet/sheet-speed-check';
import { isCreatorError } from '../../src/shared/errors';

/**
 * The menu's speed check: it times a write, a copy and a read of 200,000 cells on a scratch sheet
 * of its own, never touches the user's sheets, leaves no sheet behind (also when Sheets fails or
 * the time runs short), and reports finite figures. In the emulator's limits mode every call takes
 * the cost model's price, so the measured ratios are the priced ones.
 */
const OWNER = 'owner@example.com';
const CELLS = SPEED_CHECK_SIZE.rows * SPEED_CHECK_SIZE.cols;

function emulator(costs?: ServiceCosts): Emulator {
  return createEmulator({
    transport: {
      send: () => {
        throw new Error('no network in this check');
      },
    },
    users: [OWNER],
    serviceCosts: costs,
  });
}

/** One menu execution of the check, as the owner. */
function runCheck(emu: Emulator): SheetSpeedReport {
  return emu.runAs({ user: OWNER, mode: 'full' }, () => checkSheetSpeed(startExecution(emu.platform(), 'menu')));
}

function thrown(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    return { code: isCreatorError(error) ? error.code : 'not ours', message: String((error as Error).message) };
  }
  throw new Error('expected the check to fail');
}

const names = (emu: Emulator): string[] => emu.spreadsheet.getSheets().map((s) => s.getName());

/** What the limits mode charges one call of `cells` cells (a copy on its own counters). */
function priced(prices: Record<string, number | undefined>, kind: 'write' | 'copy' | 'read'): number {
  const [call, cell] =
    kind === 'read' ? ['readCalls', 'readCells'] : kind === 'copy' ? ['copyCalls', 'copyCells'] : ['setValuesCalls', 'setValuesCells'];
  return (prices[call] ?? 0) + CELLS * (prices[cell] ?? 0);
}

describe('Measure how fast Sheets writes, copies and reads', () => {
  it("uses a scratch sheet of its own and removes it; the user's sheets and place stay as they were", () => {
    const emu = emulator();
    const ss = emu.spreadsheet;
    const mine = ss.insertSheet('Creator Reporting speed check');
    mine.getRange('A1').setValue('my notes');
    const data = ss.insertSheet('Data');
    ss.setActiveSheet(data);
    const before = names(emu);
    const report = runCheck(emu);
    expect(report.cells).toBe(CELLS);
    expect(names(emu)).toEqual(before);
    expect(mine.getRange('A1').getValue()).toBe('my notes');
    expect(mine.getLastRow()).toBe(1);
    expect(ss.getActiveSheet()?.getName()).toBe('Data');
    // The emulator's clock does not move for sheet work outside the limits mode: no ratio, said so.
    expect(report.copyPerWrite).toBeNull();
    expect(sheetSpeedMessage(report)).toMatch(/no measurable time/);
    expect(sheetSpeedMessage(report)).not.toMatch(/NaN|Infinity|undefined|null/);
  });

  it('measures the priced speeds in the limits mode: the copy/write ratio is the priced one, and the refresh multiple follows from it', () => {
    // The copy at the cited third of a write, so a copy taken for a write (or the reverse) shows.
    const prices = servicePrices({ ...DEFAULT_MODEL, ...COPY_CITED }) as Record<string, number | undefined>;
    const emu = emulator({ prices, scale: 1 });
    const before = names(emu);
    const report = runCheck(emu);
    const write = priced(prices, 'write');
    const copy = priced(prices, 'copy');
    const read = priced(prices, 'read');
    expect(report.writeMsPer1000).toBeCloseTo((write * 1000) / CELLS, 2);
    expect(report.copyMsPer1000).toBeCloseTo((copy * 1000) / CELLS, 2);
    expect(report.readMsPer1000).toBeCloseTo((read * 1000) / CELLS, 2);
    expect(report.copyPerWrite).toBeCloseTo(copy / write, 2);
    expect(report.readPerWrite).toBeCloseTo(read / write, 2);
    expect(report.refresh120k).toBeCloseTo(refreshVsFirstPull({ write, copy, read }, 120_000), 2);
    expect(report.refresh60k).toBeCloseTo(refreshVsFirstPull({ write, copy, read }, 60_000), 2);
    const message = sheetSpeedMessage(report);
    expect(message).toContain('a daily refresh of 120,000 rows (15 columns) costs about');
    expect(message).not.toMatch(/NaN|Infinity|undefined|null/);
    expect(names(emu)).toEqual(before);
  });

  it.each([
    ['the write', 1],
    ['the copy', 2],
  ])('leaves no sheet behind when Sheets fails %s, and says what failed', (_step, callsLeft) => {
    const emu = emulator();
    const before = names(emu);
    emu.spreadsheet.writeFault = { callsLeft, message: 'Service Spreadsheets timed out while accessing document' };
    const failure = thrown(() => runCheck(emu));
    expect(failure.code).toBe('WRITE_FAILED');
    expect(failure.message).toMatch(
      /^Sheets failed during the speed check \(Service Spreadsheets timed out.*\)\. Only its own scratch sheet/,
    );
    expect(names(emu)).toEqual(before);
  });

  it("stops before Google's time limit when Sheets is slow, and removes its sheet", () => {
    // Every price times 100: the write alone takes about 205 s, so the copy no longer fits.
    const emu = emulator({ prices: servicePrices(DEFAULT_MODEL), scale: 100 });
    const before = names(emu);
    const failure = thrown(() => runCheck(emu));
    expect(failure.code).toBe('TIME_BUDGET');
    expect(failure.message).toMatch(
      /^Sheets is too slow right now to finish the speed check in one run \(it stopped after 200,000 of 600,000/,
    );
    expect(names(emu)).toEqual(before);
  });
});
