/**
 * Two pulls of the same report into one new sheet, the second started while the first runs (a
 * double click on Run, two editors at once): both land, whichever finishes later writing as a
 * refresh of the same block; neither is refused over its own report's rows.
 *
 * Node runs one execution at a time, so "at once" is the second run made whole inside a wait of
 * the first (`callAlongside` at a service call), at each kind of moment the first can be in.
 */
import { createEmulator, inProcessTransport, type Emulator } from '../../emulator';
import { createFakeApi } from '../../fake-api';
import { API_BASE_URL, buildBundle, NOW, OWNER, TOKEN_URL } from '../hardening/world';

let built = '';
beforeAll(async () => {
  built = await buildBundle();
});

type Outcome = { ok: true; value: { range: string; rows: number } } | { ok: false; message: string };

/** An owner with the demo credential; `during(emu)` runs at each wait of the first run until it returns true. */
function twoRuns(request: object, during: (emu: Emulator) => boolean, rows = 300) {
  let emu: Emulator | null = null;
  let second: Outcome | null = null;
  // Armed once the credential is saved: the second run starts inside the first run only.
  let armed = false;
  const api = createFakeApi({ now: () => (emu ? emu.clock.now() : NOW), pageCounts: { 'site-big': rows }, sharePageBodies: true });
  const call = (fn: () => unknown): Outcome => {
    try {
      return { ok: true, value: JSON.parse(JSON.stringify(fn())) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
  emu = createEmulator({
    transport: inProcessTransport((r) => api.handle(r)),
    timeZone: 'America/New_York',
    now: NOW,
    users: [OWNER],
    latencyMs: 50,
    onWait: () => {
      if (!armed || !emu || !during(emu)) return;
      armed = false;
      const e = emu;
      second = call(() => e.callAlongside({ user: OWNER, mode: 'full' }, 'runReport', { ...request, runId: 'second' }));
    },
  });
  const bundle = emu.loadBundle(built);
  const as = { user: OWNER, mode: 'full' } as const;
  bundle.callAs(as, 'saveSettings', {
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    apiBaseUrl: API_BASE_URL,
    tokenUrl: TOKEN_URL,
  });
  armed = true;
  const firstRun = call(() => bundle.callAs(as, 'runReport', { ...request, runId: 'first' }));
  return { emu, first: firstRun, second: second as Outcome | null };
}

const names = (emu: Emulator) => emu.spreadsheet.getNamedRanges().map((n) => n.getName());
const sheets = (emu: Emulator) => emu.spreadsheet.getSheets().map((s) => s.getName());

it.each([
  ['while the first pulls', { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-11-06', sheetName: 'Daily' }],
  [
    'while the first pulls (totals and a comparison: written whole)',
    {
      report: 'earnings',
      siteId: 'site-1',
      start: '2026-10-01',
      end: '2026-11-06',
      options: { totals: true, compareTo: 'previousPeriod' },
      sheetName: 'Daily',
    },
  ],
])('the second started %s: both land, the later as a refresh of the same block', (_when, request) => {
  const { emu, first, second } = twoRuns(request, () => true);
  expect(second).toMatchObject({ ok: true });
  expect(first).toMatchObject({ ok: true, value: { range: (second as { value: { range: string } }).value.range } });
  expect(sheets(emu)).toEqual(['Sheet1', 'Daily']);
  expect(names(emu)).toHaveLength(1);
  expect(emu.spreadsheet.getSheetByName('Daily')!.isSheetHidden()).toBe(false);
});

it('the second started while the first writes a big report straight into the new sheet: both land, the first as a refresh of the block the second wrote', () => {
  const request = { report: 'pages/performance', siteId: 'site-big', start: '2026-10-01', end: '2026-10-31', sheetName: 'Big' };
  // The first has written its first 20,000 rows into the hidden new sheet, and waits on its next pages.
  const { emu, first, second } = twoRuns(request, (e) => names(e).some((n) => n.endsWith('_pending')), 25_000);
  expect(second).toMatchObject({ ok: true, value: { range: 'A1:O25001', rows: 25_000 } });
  expect(first).toMatchObject({ ok: true, value: { range: 'A1:O25001', rows: 25_000 } });
  expect(sheets(emu)).toEqual(['Sheet1', 'Big']);
  expect(names(emu)).toEqual([expect.stringMatching(/^CR_sheet/)]);
  const big = emu.spreadsheet.getSheetByName('Big')!;
  expect(big.isSheetHidden()).toBe(false);
  expect(big.getLastRow()).toBe(25_001);
});
