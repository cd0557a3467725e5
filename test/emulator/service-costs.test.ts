import { createEmulator } from '../../emulator';
import type { ServiceCosts } from '../../emulator/service-costs';

/**
 * The limits mode: a sheet write or read takes virtual time by its price, so a test can kill an
 * execution at any point of its writes with Google's own message; without the mode, writes take no time.
 */
function emulator(serviceCosts?: ServiceCosts) {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts,
  });
  const sheet = emu.spreadsheet.insertSheet('Data');
  const rows = Array.from({ length: 1_000 }, (_, i) => [i, `row ${i}`]);
  return { emu, sheet, rows };
}

describe('the emulator in limits mode', () => {
  it('advances the clock by the price of each write and read', () => {
    const { emu, sheet, rows } = emulator({ prices: { setValuesCalls: 50, setValuesCells: 0.01, readCalls: 50, readCells: 0.025 } });
    const start = emu.clock.now();
    emu.runAs({ mode: 'full' }, () => {
      sheet.getRange(1, 1, 1_000, 2).setValues(rows);
      sheet.getRange(1, 1, 1_000, 2).getValues();
    });
    expect(emu.clock.now() - start).toBeCloseTo(50 + 2_000 * 0.01 + 50 + 2_000 * 0.025, 6);
  });

  it('prices a copy by its own price, apart from a write', () => {
    const { emu, sheet, rows } = emulator({ prices: { setValuesCalls: 50, setValuesCells: 0.01, copyCalls: 20, copyCells: 0.002 } });
    emu.runAs({ mode: 'full' }, () => sheet.getRange(1, 1, 1_000, 2).setValues(rows));
    const start = emu.clock.now();
    emu.runAs({ mode: 'full' }, () => sheet.getRange(1, 1, 1_000, 2).copyTo(sheet.getRange(1, 4)));
    expect(emu.clock.now() - start).toBeCloseTo(20 + 2_000 * 0.002, 6);
    expect(emu.counters).toMatchObject({ setValuesCalls: 1, setValuesCells: 2_000, copyCalls: 1, copyCells: 2_000 });
  });

  it('counts developer metadata calls, and prices them only when asked (the model has no price for them)', () => {
    const bookkeeping = (emu: ReturnType<typeof emulator>['emu'], sheet: ReturnType<typeof emulator>['sheet']) => {
      const start = emu.clock.now();
      emu.runAs({ mode: 'full' }, () => {
        sheet.addDeveloperMetadata('k', 'v');
        for (const meta of sheet.getDeveloperMetadata()) meta.setValue('w');
        sheet.createDeveloperMetadataFinder().withKey('k').find()[0].remove();
      });
      return emu.clock.now() - start;
    };
    const free = emulator({ prices: { setValuesCalls: 50 } });
    expect(bookkeeping(free.emu, free.sheet)).toBe(0);
    expect(free.emu.counters.metadataCalls).toBe(5);
    const priced = emulator({ prices: { setValuesCalls: 50, metadataCalls: 7 } });
    expect(bookkeeping(priced.emu, priced.sheet)).toBe(5 * 7);
  });

  it("kills an execution whose writes pass six minutes with Google's message, and the next one runs", () => {
    const costs: ServiceCosts = { prices: { setValuesCalls: 100_000 }, scale: 1 };
    const { emu, sheet, rows } = emulator(costs);
    const write = () =>
      emu.runAs({ mode: 'full' }, () => {
        for (let i = 0; i < 5; i++) sheet.getRange(1, 1, 1_000, 2).setValues(rows);
      });
    expect(write).toThrow('Exceeded maximum execution time');
    costs.scale = 0.1;
    expect(write).not.toThrow();
  });

  it('lets a killed execution change nothing more: a catch block cleaning up after the kill fails too, as on Google, where none runs', () => {
    const { emu, sheet, rows } = emulator({ prices: { setValuesCalls: 100_000 }, scale: 1 });
    const scratch = emu.spreadsheet.insertSheet('Scratch');
    let cleanup: string | null = null;
    expect(() =>
      emu.runAs({ mode: 'full' }, () => {
        try {
          for (let i = 0; i < 5; i++) sheet.getRange(1, 1, 1_000, 2).setValues(rows);
        } catch (killed) {
          try {
            emu.spreadsheet.deleteSheet(scratch);
          } catch (again) {
            cleanup = (again as Error).message;
          }
          throw killed;
        }
      }),
    ).toThrow('Exceeded maximum execution time');
    expect(cleanup).toBe('Exceeded maximum execution time');
    expect(emu.spreadsheet.getSheetByName('Scratch')).not.toBeNull();
  });

  it('takes no time for writes without the mode', () => {
    const { emu, sheet, rows } = emulator();
    const start = emu.clock.now();
    emu.runAs({ mode: 'full' }, () => sheet.getRange(1, 1, 1_000, 2).setValues(rows));
    expect(emu.clock.now()).toBe(start);
  });
});
