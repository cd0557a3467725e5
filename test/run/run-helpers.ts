import { createWorld, type World } from '../hardening/world';

/** A world (the built bundle in the emulator) whose owner saved the demo credential. */
export function connected(): World {
  const world = createWorld();
  world.connect();
  return world;
}

/** The sidebar's Run, as the page sees its outcome. */
export function run(world: World, request: object): { ok: boolean; message?: string } {
  const result = world.sidebar('runReport', [request]);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/** Every value a sheet shows (none when it does not exist). */
export function values(world: World, name: string): unknown[][] {
  const sheet = world.emu.spreadsheet.getSheetByName(name);
  return sheet ? sheet.getDataRange().getValues() : [];
}

export function sheetNames(world: World): string[] {
  return world.emu.spreadsheet.getSheets().map((s) => s.getName());
}
