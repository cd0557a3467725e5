/**
 * The formulas as Google runs them: the built dist/Code.js in a vm (no Node globals), its
 * top-level CREATOR_ functions called by the emulator's formula engine as custom functions.
 * Built once per test run into a private folder (test/global-setup.ts), so a stale or half-written
 * dist/ of someone else never matters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOTH_MODES,
  STRICT,
  createEmulator,
  httpTransport,
  inProcessTransport,
  type Emulator,
  type LoadedBundle,
  type PlatformVariants,
} from '../../emulator';
import { createFakeApi, type FakeApi } from '../../fake-api';
import { spawnFakeApiServer } from '../../fake-api/spawn';
import { REPORTS } from '../../src/catalog/reports';
import { formatDate } from '../dates/clock-stub';
import { builtAddOn } from '../helpers/built';
import { createHarness, EDITOR, expectSameGrid, NOW, OWNER, pagePerformancePages } from './harness';

let distDir: string;

beforeAll(() => {
  distDir = builtAddOn().dir;
});

/** site-big with 60,000 pages instead of 120,000: three times the pages a capped formula reads. */
const BIG_SITE = { 'site-big': 60_000 };

const ours = (formula: string) => /CREATOR_/i.test(formula);

function setUp(
  timeZone = 'America/Los_Angeles',
  variants: Partial<PlatformVariants> = {},
  pageCounts?: Readonly<Record<string, number>>,
): { emu: Emulator; api: FakeApi; bundle: LoadedBundle } {
  let emu: Emulator | undefined;
  // The whole-report pull below is served the pages the formula was, built once.
  const api = createFakeApi({ now: () => emu?.clock.now() ?? NOW, pageCounts, sharePageBodies: true });
  emu = createEmulator({ transport: inProcessTransport(api.handle), timeZone, now: NOW, users: [OWNER, EDITOR], distDir, variants });
  const bundle = emu.loadBundle();
  return { emu, api, bundle };
}

function saveSettings(bundle: LoadedBundle, user: string, allowFormulas: boolean): void {
  bundle.callAs({ user, mode: 'full' }, 'saveSettings', {
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    apiBaseUrl: 'http://127.0.0.1/creator-api/v1',
    tokenUrl: 'http://127.0.0.1/oauth/token',
    allowFormulas,
  });
}

describe('the built bundle', () => {
  it('exposes all 16 CREATOR_ functions, each under its @customfunction JSDoc', () => {
    const { bundle } = setUp();
    const code = readFileSync(join(distDir, 'Code.js'), 'utf8');
    const names = [...REPORTS.map((r) => r.formula), 'CREATOR_REPORT'];
    expect(names).toHaveLength(16);
    for (const name of names) {
      expect(bundle.has(name)).toBe(true);
      expect(code).toMatch(new RegExp(`@customfunction\\s*\\*/\\s*function ${name}\\(`));
    }
  });

  // The strict platform's script time zone (Asia/Tokyo) differs from the spreadsheet's.
  it.each([
    ['America/Los_Angeles', 'lenient', {}],
    ['Pacific/Auckland', 'lenient', {}],
    ['America/Los_Angeles', 'strict', { ...STRICT, urlAllowlist: false }],
  ] as Array<[string, string, Partial<PlatformVariants>]>)(
    'fills a sheet from date cells in %s (%s platform), and recalculates from the cache',
    (tz, _mode, variants) => {
      const { emu, bundle } = setUp(tz, variants);
      saveSettings(bundle, OWNER, true);
      const sheet = emu.spreadsheet.getSheets()[0];
      sheet.getRange('A1').setValue('2026-10-01');
      sheet.getRange('A2').setValue('2026-10-05');
      sheet.getRange('C1').setFormula('=CREATOR_EARNINGS("site-1", A1, A2)');
      sheet.getRange('C10').setFormula('=CREATOR_PAGE_PERFORMANCE("site-1", "lastMonth", , 3, "-rpm", FALSE)');
      sheet.getRange('C20').setFormula('=CREATOR_REPORT("traffic/by-device", "site-2", "lastThirtyDays", , "limit=2")');
      expect(emu.recalculate(undefined, { only: ours }).errors).toEqual([]);

      const earnings = sheet.getRange('C1:I6').getValues();
      expect(earnings[0]).toEqual(['Date', 'Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
      expect(earnings.slice(1).map((r) => formatDate(r[0] as Date, tz, 'yyyy-MM-dd HH:mm'))).toEqual([
        '2026-10-01 00:00',
        '2026-10-02 00:00',
        '2026-10-03 00:00',
        '2026-10-04 00:00',
        '2026-10-05 00:00',
      ]);
      expect(typeof earnings[1][1]).toBe('number');
      expect(typeof sheet.getRange('E10').getValue()).toBe('number'); // header left out: data from row 10
      expect(
        sheet
          .getRange('C20:C22')
          .getValues()
          .map((r) => r[0]),
      ).toEqual(['Device', expect.any(String), expect.any(String)]);

      emu.resetCounters();
      emu.recalculate(undefined, { only: ours });
      expect(emu.counters.requests).toBe(0);
    },
  );

  it('shows a clear message in the cell, never a stack or a secret', () => {
    const { emu, bundle } = setUp();
    saveSettings(bundle, OWNER, true);
    const sheet = emu.spreadsheet.getSheets()[0];
    sheet.getRange('A1').setFormula('=CREATOR_EARNINGS("site-1", "2026-11-01", "2026-11-21")');
    sheet.getRange('A2').setFormula('=CREATOR_EARNINGS("site-old", "lastMonth")');
    sheet.getRange('A3').setFormula('=CREATOR_REPORT("nope", "site-1", "lastMonth")');
    sheet.getRange('A4').setFormula('=CREATOR_EARNINGS("other-1", "2026-10-01", "2026-10-02")');
    const { errors } = emu.recalculate(undefined, { only: ours });
    expect(errors.map((e) => e.error)).toEqual([
      'Earnings data for site-1 is available from 2024-01-01 to 2026-11-19. Choose dates inside that range.',
      'Site site-old is inactive, so it has no data to report. Choose an active site, or "all" for every active one.',
      expect.stringMatching(/^Unknown report "nope"\. Use one of: sites, /),
      expect.any(String),
    ]);
    for (const e of errors) {
      expect(e.value).toBe('#ERROR!');
      expect(e.error).not.toMatch(/demo-secret|Bearer|\bat \w+ \(|\n/);
    }
  });

  it("refuses an editor's formula when the owner has not allowed formulas, even with the editor's own credential", () => {
    const { emu, bundle } = setUp();
    saveSettings(bundle, EDITOR, true);
    emu.spreadsheet.getSheets()[0].getRange('A1').setFormula('=CREATOR_SITES()');
    const { errors } = emu.recalculate(undefined, { only: ours });
    expect(errors[0].error).toMatch(/^No Creator Reporting credential is saved/);
    saveSettings(bundle, OWNER, false);
    expect(emu.recalculate(undefined, { only: ours }).errors[0].error).toMatch(/^Formulas are off in this spreadsheet/);
  });

  // This build has no manifest (and the local API no allowed host): the allowlist is tested in test/settings.
  it.each(BOTH_MODES)('Refresh formulas from the menu re-runs them past the cache, once (%s platform)', (_mode, variants) => {
    const { emu, bundle, api } = setUp('America/Los_Angeles', { ...variants, urlAllowlist: false });
    saveSettings(bundle, OWNER, true);
    const sheet = emu.spreadsheet.getSheets()[0];
    sheet.getRange('A1').setFormula('=CREATOR_EARNINGS("site-1", "lastMonth")');
    sheet.getRange('J1').setFormula('=CREATOR_DEVICE_PERFORMANCE("site-2", "lastMonth")');
    emu.recalculate(undefined, { only: ours });
    const mints = api.stats.tokenMints;

    bundle.callAs({ user: OWNER, mode: 'full' }, 'menuRefreshFormulas');
    expect(emu.ui.toasts.map((t) => t.message)).toContain(
      'Refreshing 2 formulas, 20 at a time: each shows Loading... until its new data arrives.',
    );
    emu.resetCounters();
    expect(emu.recalculate(undefined, { only: ours }).errors).toEqual([]);
    expect(emu.counters.requests).toBe(2);
    expect(api.stats.tokenMints).toBe(mints);

    emu.resetCounters();
    emu.recalculate(undefined, { only: ours });
    expect(emu.counters.requests).toBe(0);
  });

  it('=CREATOR_PAGE_PERFORMANCE("all", "lastMonth") shows the whole report cut as before, from only the pages it can show', () => {
    const { api, bundle } = setUp('America/Los_Angeles', {}, BIG_SITE);
    saveSettings(bundle, OWNER, true);
    const grid = bundle.callAs({ user: OWNER, mode: 'customFunction' }, 'CREATOR_PAGE_PERFORMANCE', 'all', 'lastMonth') as unknown[][];
    // The same formula from source, which result-size.test.ts holds to the whole report cut as a
    // formula cuts it, from under half its pages: the bundle shows the same cells from the same pages.
    const h = createHarness({ pageCounts: BIG_SITE });
    h.saveCredential(OWNER, 'demo', true);
    expectSameGrid(grid, h.formula('CREATOR_PAGE_PERFORMANCE', 'all', 'lastMonth'));
    expect(String(grid[grid.length - 1][0])).toMatch(/^Cut at 11,762 of 61,543 rows: /);
    expect(pagePerformancePages(api.stats.byPath)).toBe(pagePerformancePages(h.api.stats.byPath));
    // 61,543 rows are 125 pages of 500; a formula shows 11,762 of them.
    expect(pagePerformancePages(api.stats.byPath)).toBeLessThan(125 / 3);
  });

  it('works over real HTTP to a fake API server on 127.0.0.1', async () => {
    const server = await spawnFakeApiServer();
    const transport = httpTransport();
    try {
      const emu = createEmulator({ transport, timeZone: 'Pacific/Auckland', now: Date.now(), users: [OWNER, EDITOR], distDir });
      const bundle = emu.loadBundle();
      bundle.callAs({ user: OWNER, mode: 'full' }, 'saveSettings', {
        clientId: server.clientId,
        clientSecret: server.clientSecret,
        apiBaseUrl: server.apiBaseUrl,
        tokenUrl: server.tokenUrl,
        allowFormulas: true,
      });
      const sheet = emu.spreadsheet.getSheets()[0];
      sheet.getRange('A1').setFormula('=CREATOR_EARNINGS("site-1", "lastThirtyDays")');
      sheet.getRange('J1').setFormula('=CREATOR_TRAFFIC_SUMMARY("all", "lastMonth")');
      expect(emu.recalculate(undefined, { only: ours }).errors).toEqual([]);
      expect(sheet.getRange('A1').getValue()).toBe('Date');
      expect(sheet.getRange('A2').getValue()).toBeInstanceOf(Date);
      expect(sheet.getRange('J1').getValue()).toBe('Site');
      expect(
        sheet
          .getRange('J2:J5')
          .getValues()
          .map((r) => r[0]),
      ).toEqual(['site-1', 'site-2', 'site-3', 'site-big']);
    } finally {
      transport.close();
      await server.stop();
    }
  });
});
