/**
 * The shipped bundle (dist Code.js built into a temp dir, run in the emulator's vm) against the
 * default fake, the all-on drift fake, and each drift variation alone: every report, as a formula
 * and as a sidebar pull, gives a sensible table or a clear message.
 */
import { createEmulator, inProcessTransport, type Emulator } from '../../emulator';
import { ALL_DRIFT, createFakeApi, DRIFT_NAMES, type Drift } from '../../fake-api';
import { REPORTS } from '../../src/catalog/reports';
import type { RunReportResult } from '../../src/shared/types';
import { buildAddOn } from '../sidebar/built';

const NOW = Date.parse('2026-11-21T15:00:00Z');
const OWNER = 'owner@example.com';
/**
 * site-1's page reports with 603 rows instead of 1,203: still several pages (three of 250 under
 * maxPageSize250, two of 500 otherwise) with a short last one, and every drift's rows (they come
 * every 3, 10 or 25 rows).
 */
const SITE_1_PAGES = 603;
let built: Awaited<ReturnType<typeof buildAddOn>>;

beforeAll(async () => {
  built = await buildAddOn();
}, 120_000);

function world(drift: Partial<Drift>): Emulator {
  let emu: Emulator | undefined;
  const api = createFakeApi({ now: () => emu?.clock.now() ?? NOW, drift, pageCounts: { 'site-1': SITE_1_PAGES } });
  emu = createEmulator({ transport: inProcessTransport(api.handle), now: NOW, users: [OWNER], distDir: built.dir });
  emu.loadBundle(built.code);
  emu.bundle!.callAs({ user: OWNER, mode: 'full' }, 'saveSettings', {
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    apiBaseUrl: 'http://127.0.0.1/creator-api/v1',
    tokenUrl: 'http://127.0.0.1/oauth/token',
    allowFormulas: true,
  });
  return emu;
}

const BAD_CELL = /^(null|undefined|NaN|Infinity)$|\[object Object\]/;
/** The messages a variation may end in instead of a table: each says what happened and what to do. */
const CLEAR_MESSAGE =
  /^The Creator API's host answered with a web page instead of data \(status 202\)\. .*Wait a few minutes and try again/;

const MODES: Array<[string, Partial<Drift>]> = [
  ['default', {}],
  ['all drift', ALL_DRIFT],
  ...DRIFT_NAMES.map((name): [string, Partial<Drift>] => [name, { [name]: true }]),
];

describe.each(MODES)('the built bundle against the fake (%s)', (mode, drift) => {
  it('every report as a formula: a clean spilled table, or a clear message', () => {
    const emu = world(drift);
    const sheet = emu.spreadsheet.getSheets()[0];
    REPORTS.forEach((spec, i) => {
      const args = spec.key === 'sites' ? '' : spec.key === 'date-bounds' ? ', "site-1"' : ', "site-1", "lastMonth", , "limit=40"';
      sheet.getRange(1 + i * 60, 1).setFormula(`=CREATOR_REPORT("${spec.key}"${args})`);
    });
    const report = emu.recalculate(undefined, { only: (f) => /CREATOR_/.test(f) });
    expect(report.evaluated).toHaveLength(REPORTS.length);
    for (const cell of report.errors) expect(cell.error).toMatch(CLEAR_MESSAGE);
    if (mode !== 'firewall') expect(report.errors).toEqual([]);
    const shown = sheet.getDataRange().getDisplayValues().flat();
    expect(shown.filter((c) => BAD_CELL.test(c))).toEqual([]);
  });

  it('earnings and page performance from the sidebar: a block with a header, or a clear message', () => {
    const emu = world(drift);
    for (const report of ['earnings', 'pages/performance']) {
      let result: RunReportResult;
      try {
        result = emu.bundle!.callAs({ user: OWNER, mode: 'full' }, 'runReport', {
          report,
          siteId: 'site-1',
          start: 'lastMonth',
        }) as RunReportResult;
      } catch (error) {
        expect(String((error as Error).message)).toMatch(CLEAR_MESSAGE);
        continue;
      }
      const shown = emu.spreadsheet.getSheetByName(result.sheetName)!.getDataRange().getDisplayValues();
      expect(shown.length).toBe(result.rows + 1);
      expect(shown.flat().filter((c) => BAD_CELL.test(c))).toEqual([]);
      if (report === 'pages/performance') expect(result.rows).toBe(SITE_1_PAGES);
      if (report === 'earnings' && mode === 'earningsSummaryOnly') {
        expect(result.rows).toBe(1);
        expect(result.notices?.[0]).toMatch(/^The Creator API sent one summary row for 2026-10-01 to 2026-10-31, not a day-by-day series/);
      } else if (report === 'earnings') {
        expect(result.rows).toBe(31);
        expect(shown[0][0]).toBe('Date');
      }
    }
  });
});
