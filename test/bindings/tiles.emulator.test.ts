/**
 * Dashboard tiles follow the sheet: rows and columns the user inserts above or left of them move
 * them, as they move a block, and a refresh never writes over what the user typed where a tile
 * used to be. Tiles stored by earlier versions (a cell, no named range) keep working and get their
 * named range on the next refresh. The clock starts on Saturday 2026-11-21 at 10:00 in New York.
 */
import { bundleForFile, createWorld, OWNER, type World, type MadeDashboard as Made } from '../reports/emulated-world';

const DAY = 86_400_000;
const bundle = bundleForFile();

function setUp(): { w: World; made: Made; sheet: GoogleAppsScript.Spreadsheet.Sheet } {
  const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
  w.connect();
  const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
  const sheet = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(made.sheetName)!;
  return { w, made, sheet };
}

/** The daily block's Earnings total, as the tile must show it. */
function earningsTotal(w: World, made: Made): number {
  const data = w.values(made.dataSheetName);
  const col = data[0].indexOf('Earnings');
  const total = data.find((row) => row[0] === 'Total');
  return total![col] as number;
}

/** Moves the clock a day on and refreshes every report by hand. */
function refreshNextDay(w: World): void {
  w.emu.clock.advance(DAY);
  w.call('refreshReports');
}

/** Rewrites each stored tile binding of the daily block's report with `edit`, as an earlier version would have stored it. */
function editStoredTiles(
  w: World,
  dailyId: string,
  edit: (tile: Record<string, unknown>, ss: GoogleAppsScript.Spreadsheet.Spreadsheet) => void,
): void {
  const props = w.emu.globals.PropertiesService.getDocumentProperties();
  const key = `cr.bind.${dailyId}`;
  const bindings = JSON.parse(props.getProperty(key)!) as Array<Record<string, unknown>>;
  const ss = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet();
  for (const b of bindings) if (b.kind === 'tile') edit(b, ss);
  props.setProperty(key, JSON.stringify(bindings));
}

/** Makes the stored tiles look like an earlier version's: cells only, no named ranges. */
function asOldTiles(w: World, dailyId: string): void {
  editStoredTiles(w, dailyId, (b, ss) => {
    for (const name of [b.rangeName, b.changeRangeName]) if (typeof name === 'string') ss.removeNamedRange(name);
    delete b.rangeName;
    delete b.changeRangeName;
  });
}

/** Makes the stored tiles look like the previous version's: one named range over both cells. */
function asTwoCellTiles(w: World, dailyId: string): void {
  editStoredTiles(w, dailyId, (b, ss) => {
    const value = ss.getRangeByName(b.rangeName as string)!;
    ss.removeNamedRange(b.changeRangeName as string);
    ss.setNamedRange(b.rangeName as string, value.getSheet().getRange(value.getRow(), value.getColumn(), 2, 1));
    delete b.changeRangeName;
  });
}

/** The daily block's stored tile bindings. */
function storedTiles<T extends { kind: string }>(w: World, made: Made): T[] {
  const stored = JSON.parse(w.documentProperties()[`cr.bind.${made.reportIds[0]}`]) as T[];
  return stored.filter((b) => b.kind === 'tile');
}

/** Two rows inserted above the tiles (row 4), a target and a note typed in them. */
function notesAboveTiles(w: World, sheet: GoogleAppsScript.Spreadsheet.Sheet): void {
  w.emu.runAs({ user: OWNER }, () => {
    sheet.insertRowsBefore(4, 2);
    sheet.getRange('A4:A5').setValues([['Q4 target: 5000'], ['(ask Sam)']]);
  });
}

/** A row inserted between the tiles' value (row 5) and change, a note typed in it, then row `deleted` deleted. */
function noteBetweenValueAndChange(w: World, sheet: GoogleAppsScript.Spreadsheet.Sheet, deleted: number): void {
  w.emu.runAs({ user: OWNER }, () => {
    sheet.insertRowsBefore(6, 1);
    sheet.getRange('A6').setValue('(ask Sam)');
    sheet.deleteRow(deleted);
  });
}

describe('KPI tiles follow the sheet', () => {
  test('two rows inserted above the tiles and a note typed there: the refresh writes the tiles where they now are and keeps the note', () => {
    const { w, made, sheet } = setUp();
    notesAboveTiles(w, sheet);
    refreshNextDay(w);
    const rows = w.values(made.sheetName);
    expect(rows[3][0]).toBe('Q4 target: 5000');
    expect(rows[4][0]).toBe('(ask Sam)');
    expect(rows[5].filter((v) => v !== '')).toEqual(['Earnings', 'RPM', 'Pageviews', 'Sessions']);
    // The tile moved to A7 and shows the refreshed total; its change is below it.
    expect(rows[6][0]).toBeCloseTo(earningsTotal(w, made), 6);
    expect(typeof rows[7][0]).toBe('number');
    expect(sheet.getRange('A7').getDisplayValue()).toMatch(/^\$[\d,]+\.\d\d$/);
  });

  test('a column inserted left of the tiles moves them right; nothing is written into the new column', () => {
    const { w, made, sheet } = setUp();
    w.emu.runAs({ user: OWNER }, () => {
      sheet.insertColumnsBefore(1, 1);
      sheet.getRange('A5').setValue('Plan');
    });
    refreshNextDay(w);
    const rows = w.values(made.sheetName);
    expect(rows[4][0]).toBe('Plan');
    expect(rows[5][0]).toBe('');
    expect(rows[4][1]).toBeCloseTo(earningsTotal(w, made), 6);
    expect(typeof rows[4][3]).toBe('number'); // RPM, one column right too
  });

  test.each([
    ['the value row', 5],
    ['the change row', 7],
  ])('a row inserted between value and change, a note typed there, then %s deleted: the note is never written over', (_which, deleted) => {
    const { w, made, sheet } = setUp();
    noteBetweenValueAndChange(w, sheet, deleted);
    refreshNextDay(w);
    const rows = w.values(made.sheetName);
    expect(rows.flat().filter((v) => v === '(ask Sam)')).toHaveLength(1);
  });

  test('a tile whose rows the user deleted is dropped from its binding; the others still follow', () => {
    const { w, made, sheet } = setUp();
    w.emu.runAs({ user: OWNER }, () => sheet.deleteRows(5, 2));
    refreshNextDay(w);
    expect(storedTiles(w, made)).toEqual([]);
    // Nothing is written into the rows that moved up into the tiles' place.
    expect(w.values(made.sheetName)[4].every((v) => v === '' || typeof v === 'string')).toBe(true);
  });
});

describe('tiles stored by an earlier version', () => {
  test('with one range over both cells: split in two and written while they cover just the tile, left alone once a row is inside', () => {
    const { w, made, sheet } = setUp();
    asTwoCellTiles(w, made.reportIds[0]);
    w.emu.runAs({ user: OWNER }, () => sheet.insertRowsBefore(4, 1));
    refreshNextDay(w);
    expect(w.values(made.sheetName)[5][0]).toBeCloseTo(earningsTotal(w, made), 6);
    expect(storedTiles<{ kind: string; changeRangeName?: string }>(w, made).every((t) => typeof t.changeRangeName === 'string')).toBe(true);

    const other = setUp();
    asTwoCellTiles(other.w, other.made.reportIds[0]);
    const before = other.w.values(other.made.sheetName)[5][0];
    noteBetweenValueAndChange(other.w, other.sheet, 5);
    refreshNextDay(other.w);
    const rows = other.w.values(other.made.sheetName);
    expect(rows[4][0]).toBe('(ask Sam)');
    expect(rows[5][0]).toBe(before);
  });

  test('keep working where they are, and get their named range on the next refresh', () => {
    const { w, made, sheet } = setUp();
    asOldTiles(w, made.reportIds[0]);
    refreshNextDay(w);
    expect(w.values(made.sheetName)[4][0]).toBeCloseTo(earningsTotal(w, made), 6);
    const tiles = storedTiles<{ kind: string; rangeName?: string }>(w, made);
    expect(tiles).toHaveLength(4);
    expect(tiles.every((t) => typeof t.rangeName === 'string')).toBe(true);
    // Upgraded, they now follow inserted rows.
    w.emu.runAs({ user: OWNER }, () => sheet.insertRowsBefore(4, 1));
    refreshNextDay(w);
    expect(w.values(made.sheetName)[5][0]).toBeCloseTo(earningsTotal(w, made), 6);
  });

  test('never write over a note typed where they used to be after rows were inserted above them', () => {
    const { w, made, sheet } = setUp();
    asOldTiles(w, made.reportIds[0]);
    const before = w.values(made.sheetName)[4][0];
    notesAboveTiles(w, sheet);
    refreshNextDay(w);
    const rows = w.values(made.sheetName);
    expect(rows[4][0]).toBe('(ask Sam)');
    expect(rows[5][0]).toBe('Earnings');
    // The old tile cannot know where it went: it is left as it was, not written over anything.
    expect(rows[6][0]).toBe(before);
  });

  test('never write over a number typed where they used to be, once their label has moved away too', () => {
    const { w, made, sheet } = setUp();
    asOldTiles(w, made.reportIds[0]);
    const before = w.values(made.sheetName)[4][0];
    // Three rows above the labels: the old tile's two cells are now new rows, and a target typed
    // there is a plain number, as a tile's value is.
    w.emu.runAs({ user: OWNER }, () => {
      sheet.insertRowsBefore(4, 3);
      sheet.getRange('A5').setValue(5000);
    });
    refreshNextDay(w);
    const rows = w.values(made.sheetName);
    expect(rows[4][0]).toBe(5000);
    expect(rows[5][0]).toBe('');
    expect(rows[6][0]).toBe('Earnings');
    expect(rows[7][0]).toBe(before);
  });
});
