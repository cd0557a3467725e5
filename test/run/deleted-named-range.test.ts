/**
 * A saved report whose block's named range the user deleted (Data > Named ranges > delete), run
 * through the whole add-on (dist/Code.js on the emulator): the refresh recognises its block from
 * the record on the sheet and goes on; cells that are no longer the report's are refused by name.
 */
import { savedDevicesWorld } from '../journeys/world';

function savedDevicesWithoutRange() {
  const { w, ran, saved } = savedDevicesWorld();
  // The saved report's block is the only named range the add-on made here.
  const [name] = w.emu.spreadsheet.getNamedRanges().map((n) => n.getName());
  w.emu.runAs({}, () => w.emu.spreadsheet.removeNamedRange(name));
  return { w, ran, saved, name };
}

type Outcome = { outcome: string; message?: string };

describe('a saved report whose named range the user deleted', () => {
  it('refreshes: its block is recognised where it was written and its named range made again', () => {
    const { w, ran, saved, name } = savedDevicesWithoutRange();
    const header = w.values('Devices')[0];
    w.hours(1);
    expect(w.call<Outcome[]>('refreshReports', [saved.id])).toEqual([expect.objectContaining({ outcome: 'ok' })]);
    expect(w.values('Devices')[0]).toEqual(header);
    expect(w.emu.spreadsheet.getRangeByName(name)!.getA1Notation()).toBe(ran.range);
    // And every later refresh, as before the range was deleted.
    w.hours(1);
    expect(w.call<Outcome[]>('refreshReports', [saved.id])).toEqual([expect.objectContaining({ outcome: 'ok' })]);
  });

  it('where a cell of the block was typed over, refuses naming the whole block in the way (not its first row) and keeps the cell', () => {
    const { w, ran, saved } = savedDevicesWithoutRange();
    w.type('Devices', 'B3', 'my note');
    const [outcome] = w.call<Outcome[]>('refreshReports', [saved.id]);
    expect(outcome.outcome).not.toBe('ok');
    const cells = w.values('Devices').reduce((n, row) => n + row.filter((c) => c !== '').length, 0);
    expect(outcome.message).toContain(`has content in ${ran.range} (${cells} cells), where this report's block was (${ran.range})`);
    expect(outcome.message).toContain('To refresh the report there, clear or move those cells; or choose another sheet for it.');
    expect(w.shows('Devices', 'B3')).toBe('my note');
  });
});
