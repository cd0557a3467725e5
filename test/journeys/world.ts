/**
 * The journeys a creator walks, on the shipped artifact: dist/Code.js in the emulator against the
 * fake API, as the owner, with formulas typed into cells and recalculated as Sheets does. A step
 * that breaks names the server function that broke it (every step is one call by name).
 */
import * as path from 'node:path';
import { createWorld, type World } from '../reports/emulated-world';
import { DIST, ensureDist } from '../build/fixture';

export const SPREADSHEET_ZONE = 'America/New_York';
/** Saturday 2026-11-21 10:00 in New York: earnings have data through 2026-11-19, traffic through 11-20. */
export const START = '2026-11-21T15:00:00Z';

export interface Journey extends World {
  /** Types into a cell as a person does (a formula is evaluated, spilled, errors shown). */
  type(sheetName: string, a1: string, input: string): void;
  /** What the cell shows (its displayed text), or the error message of an #ERROR! cell. */
  shows(sheetName: string, a1: string): string;
  /** The cell's error message, if it shows #ERROR!. */
  errorOf(sheetName: string, a1: string): string | null;
  hours(n: number): void;
}

export function journeyWorld(opts: { now?: string; timeZone?: string } = {}): Journey {
  ensureDist();
  const world = createWorld(path.join(DIST, 'Code.js'), { now: opts.now ?? START, timeZone: opts.timeZone ?? SPREADSHEET_ZONE });
  const { emu } = world;
  const sheet = (name: string) => {
    const found = emu.spreadsheet.getSheetByName(name) ?? emu.spreadsheet.insertSheet(name);
    return found;
  };
  return Object.assign(world, {
    type(sheetName: string, a1: string, input: string) {
      emu.runAs({}, () => sheet(sheetName).getRange(a1).setValue(input));
      emu.recalculate();
    },
    shows(sheetName: string, a1: string) {
      return sheet(sheetName).getRange(a1).getDisplayValue();
    },
    errorOf(sheetName: string, a1: string) {
      const s = emu.spreadsheet.sheetByName(sheetName)!;
      const { row, col } = a1ToCell(a1);
      return s.cell(row, col)?.error ?? null;
    },
    hours(n: number) {
      for (let i = 0; i < n; i++) {
        emu.clock.advance(3600_000);
        world.fire();
      }
    },
  });
}

function a1ToCell(a1: string): { row: number; col: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(a1)!;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + ch.charCodeAt(0) - 64;
  return { row: Number(m[2]), col };
}

/** Site-1's devices, with totals and the previous period, on the sheet Devices. */
const DEVICES = {
  report: 'devices/performance',
  siteId: 'site-1',
  start: 'lastThirtyDays',
  options: { totals: true, compareTo: 'previousPeriod' as const },
  sheetName: 'Devices',
};

/** A connected journey world where the devices report was run in the builder, then saved from that run. */
export function savedDevicesWorld(): { w: Journey; ran: { range: string }; saved: { id: string } } {
  const w = journeyWorld();
  w.connect();
  const ran = w.call<{ range: string }>('runReport', DEVICES);
  const saved = w.call<{ id: string }>('saveReport', DEVICES);
  return { w, ran, saved };
}
