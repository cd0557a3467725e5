import { createEmulator, inProcessTransport, type Emulator } from '../../emulator';
import { createFakeApi } from '../../fake-api';
import type { DateOptionsView, RunProgress, RunReportResult, SiteView } from '../../src/shared/types';
import { rowsPerCall } from '../../src/sheet/staged-values';
import { parseCell } from '../../src/sheet/rect';
import { buildAddOn } from './built';

/** site-big's pages here: two batches of staged rows (20,000 a batch) instead of its 120,000. */
const BIG_ROWS = 25_000;

/** The built bundle, called the way google.script.run calls it: plain JSON in and out. */
let emu: Emulator;
const call = <T>(name: string, ...args: unknown[]): T => JSON.parse(JSON.stringify(emu.bundle!.call(name, ...args) ?? null)) as T;
const failure = (name: string, ...args: unknown[]): string => {
  try {
    emu.bundle!.call(name, ...args);
  } catch (error) {
    return String((error as { message?: unknown }).message);
  }
  throw new Error(`${name} did not fail`);
};

beforeAll(async () => {
  const built = await buildAddOn();
  const now = Date.parse('2026-11-21T15:00:00Z');
  let clock: () => number = () => now;
  const api = createFakeApi({ now: () => clock(), pageCounts: { 'site-big': BIG_ROWS } });
  emu = createEmulator({ transport: inProcessTransport((req) => api.handle(req)), now, distDir: built.dir });
  clock = () => emu.clock.now();
  emu.loadBundle(built.code);
}, 120_000);

describe('the sidebar functions in the built bundle', () => {
  it('opens the built sidebar page', () => {
    call('showSidebar');
    const page = emu.ui.lastSidebar()!;
    expect(page.title).toBe('Creator Reporting');
    expect(page.html).toContain('<div id="app"');
    expect(page.html).not.toContain('/* SCRIPT */');
  });

  it('asks for a credential first, with a message that says where', () => {
    expect(failure('listSites')).toMatch(/enter your client ID and secret/);
  });

  it('saves the demo credential, lists sites, offers dates and pulls 25,000 pages into a sheet', () => {
    call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret' });
    const sites = call<SiteView[]>('listSites');
    expect(sites.map((s) => s.id)).toContain('site-big');
    const dates = call<DateOptionsView>('getDateOptions', { siteId: 'site-big', report: 'pages/performance' });
    expect(dates.presets.length).toBeGreaterThan(3);

    emu.resetCounters();
    const result = call<RunReportResult>('runReport', {
      report: 'pages/performance',
      siteId: 'site-big',
      start: 'lastThirtyDays',
      runId: 'big-1',
    });
    expect(result).toMatchObject({ sheetName: 'Page performance - site-big', rows: BIG_ROWS, truncated: false });
    expect(result.range).toMatch(/^A1:[A-Z]+25001$/);
    // A handful of writes: one per batch of staged rows, and two more.
    expect(emu.counters.setValuesCalls).toBeLessThanOrEqual(
      Math.ceil((BIG_ROWS + 1) / rowsPerCall(parseCell(result.range.split(':')[1]).col)) + 2,
    );
    const sheet = emu.spreadsheet.getSheetByName('Page performance - site-big')!;
    expect(sheet.getFrozenRows()).toBe(1);
    expect(sheet.getRange('A25001').getValue()).not.toBe('');
    expect(call<RunProgress>('getRunProgress', 'big-1')).toMatchObject({
      done: true,
      message: 'Wrote 25,000 rows to Page performance - site-big',
    });
  }, 120_000);

  it('turns a bad request into a clear message', () => {
    expect(failure('runReport', { report: 'page-perf', siteId: 'site-1', start: 'lastMonth' })).toMatch(
      /^Unknown report "page-perf"\. Use one of: /,
    );
  });
});
