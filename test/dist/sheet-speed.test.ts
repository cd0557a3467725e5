import { DEFAULT_MODEL, servicePrices } from '../../bench/model';
import { createEmulator } from '../../emulator';
import { DIST, ensureDist } from '../build/fixture';

beforeAll(ensureDist);

/**
 * The speed check as shipped: the built bundle's server function and menu entry, in the emulator's
 * limits mode (every sheet call takes the cost model's time), give finite figures and the alert a
 * user reads, and leave the spreadsheet's sheets as they were.
 */
describe('the shipped speed check', () => {
  test('diagnoseSheetSpeed and its menu entry report the priced speeds and remove their scratch sheet', () => {
    const emu = createEmulator({
      transport: {
        send: () => {
          throw new Error('no network in this check');
        },
      },
      serviceCosts: { prices: servicePrices(DEFAULT_MODEL), scale: 1 },
      distDir: DIST,
    });
    const bundle = emu.loadBundle();
    const before = emu.spreadsheet.getSheets().map((s) => s.getName());
    const report = bundle.callAs({ user: emu.owner, mode: 'full' }, 'diagnoseSheetSpeed') as Record<string, number>;
    expect(report.cells).toBe(200_000);
    for (const key of ['writeMsPer1000', 'copyMsPer1000', 'readMsPer1000', 'copyPerWrite', 'refresh120k', 'refresh60k'])
      expect([key, Number.isFinite(report[key]) && report[key] > 0]).toEqual([key, true]);
    emu.ui.reset();
    bundle.callAs({ user: emu.owner, mode: 'full' }, 'menuCheckSheetSpeed');
    const said = emu.ui.alerts.map((a) => a.prompt).join('\n');
    expect(said).toMatch(/^Sheets wrote 200,000 cells at [\d.]+ ms per 1,000 cells/);
    expect(said).toMatch(/a daily refresh of 120,000 rows \(15 columns\) costs about [\d.]+ times its first pull/);
    expect(said).not.toMatch(/NaN|Infinity|undefined|null/);
    expect(emu.spreadsheet.getSheets().map((s) => s.getName())).toEqual(before);
  });
});
