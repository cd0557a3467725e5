/**
 * A saved report's first pull too big for one execution stages across several, and its staging
 * sheet becomes the report's sheet (no copy: staging-promote.ts). At 15 times the model the
 * execution that only promotes measured the pace of a copy of no columns before it, which Sheets
 * refuses ("The number of columns in the range must be at least 1"): every first pull that size
 * ended "failed midway; try again", and never landed.
 */
import { COPY_CITED, DEFAULT_MODEL, servicePrices } from '../../bench/model';
import { buildBundle, type World } from '../hardening/world';
import { BIG_SAVED, fireSchedule, limitedWorld, sheetNames, statusOf } from './run-helpers';

const ROWS = 60_000;
const HOUR = 3_600_000;

/** The block's data rows and their distinct count. */
function block(world: World): { rows: number; distinct: number } {
  const sheet = world.emu.spreadsheet.getSheetByName('Big');
  if (!sheet) return { rows: 0, distinct: 0 };
  const values = sheet
    .getRange('A:O')
    .getValues()
    .filter((row: unknown[]) => row[0] !== '');
  return { rows: values.length - 1, distinct: new Set(values.slice(1).map((row: unknown[]) => JSON.stringify(row))).size };
}

beforeAll(() => buildBundle(), 300_000);

describe('a saved report whose first pull needs several executions, at 15 times the model', () => {
  it.each([
    ['priced as a write', servicePrices(DEFAULT_MODEL)],
    ['at the cited third', servicePrices({ ...DEFAULT_MODEL, ...COPY_CITED })],
  ])(
    'with a copy %s, lands whole: never killed, no staging or checkpoint left',
    (_, prices) => {
      const { world, costs } = limitedWorld(ROWS, { prices });
      expect(world.sidebar('saveReport', [BIG_SAVED])).toMatchObject({ ok: true });
      costs.scale = 15;
      world.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
      for (let run = 0; run < 6; run++) {
        expect(fireSchedule(world).killed).toBeNull();
        if (statusOf(world).Outcome !== 'Continuing') break;
        world.emu.clock.advance(HOUR);
      }
      expect(statusOf(world)).toMatchObject({ Outcome: 'OK', 'Last error': '' });
      expect(block(world)).toEqual({ rows: ROWS, distinct: ROWS });
      expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
      const keys = world.emu.runAs({}, () => world.emu.globals.PropertiesService.getDocumentProperties().getKeys());
      expect(keys.filter((k: string) => k.startsWith('cr.continue.'))).toEqual([]);
    },
    300_000,
  );
});
