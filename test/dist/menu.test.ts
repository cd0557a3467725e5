import * as path from 'node:path';
import { createEmulator, inProcessTransport } from '../../emulator';
import { createFakeApi } from '../../fake-api';
import { MENU_ITEMS } from '../../src/app/menu';
import { requestedScopes, SCOPE_PREFIX, SCOPES } from '../../src/platform/scopes';
import { DIST, ensureDist } from '../build/fixture';
import { createWorld, OWNER, type World } from '../reports/emulated-world';

beforeAll(ensureDist);

function setup() {
  const api = createFakeApi();
  const emu = createEmulator({ transport: inProcessTransport((req) => api.handle(req)) });
  return { emu, bundle: emu.loadBundle() };
}

describe('the built bundle in the emulator', () => {
  test('onOpen in AuthMode.NONE builds the add-on menu from src/app/menu.ts, touching nothing else', () => {
    const { emu, bundle } = setup();
    bundle.call('onOpen', { authMode: 'NONE' });
    expect(emu.ui.menus).toHaveLength(1);
    expect(emu.ui.menu('Add-on')?.items).toEqual(MENU_ITEMS);
    // AuthMode.NONE allows no properties and no fetch.
    expect(emu.counters.requests).toBe(0);
    expect(emu.counters.propertyReads + emu.counters.propertyWrites).toBe(0);
  });

  test('onInstall builds the same menu', () => {
    const { emu, bundle } = setup();
    bundle.call('onInstall', { authMode: 'FULL' });
    expect(emu.ui.menu('Add-on')?.items).toEqual(MENU_ITEMS);
  });

  test('every menu handler is a top-level function of the bundle', () => {
    const { bundle } = setup();
    const handlers = MENU_ITEMS.flatMap((item) => (item ? [item.handler] : []));
    expect(handlers.length).toBeGreaterThan(0);
    for (const h of handlers) expect([h, bundle.has(h)]).toEqual([h, true]);
  });
});

/**
 * What a user sees after choosing a menu entry: the error the call threw (Apps Script shows it in a
 * bar), and the alerts, prompts and toasts it showed.
 */
function choose(world: World, handler: string): string[] {
  const { emu } = world;
  emu.ui.reset();
  // A dashboard asks for a site: the user names one.
  if (handler === 'menuCreateDashboard') emu.ui.respondWith({ button: 'OK', text: 'site-1' });
  const seen: string[] = [];
  try {
    // A menu entry runs in AuthMode.FULL whatever mode the menu was built in (Google asks the user to
    // authorise first where needed).
    emu.bundle!.callAs({ user: OWNER, mode: 'full' }, handler);
  } catch (err) {
    seen.push(`threw: ${String((err as { message?: unknown }).message ?? err)}`);
  }
  for (const a of [...emu.ui.alerts, ...emu.ui.prompts]) seen.push(`${a.title ?? ''}: ${a.prompt}`);
  for (const t of emu.ui.toasts) seen.push(`${t.title}: ${t.message}`);
  return seen;
}

const HANDLERS = MENU_ITEMS.flatMap((item) => (item ? [item.handler] : []));
const OPEN_MODES = [
  { authMode: 'NONE', mode: 'full' },
  { authMode: 'LIMITED', mode: 'limited' },
  { authMode: 'FULL', mode: 'full' },
] as const;

describe('onOpen and every menu entry in every auth mode', () => {
  const states: Array<[string, (w: World) => void]> = [
    ['a new user (no credential)', () => {}],
    [
      'a connected user with a scheduled report, an alert and a trigger',
      (w) => {
        w.connect();
        w.call('saveReport', {
          report: 'earnings',
          siteId: 'site-1',
          start: 'lastThirtyDays',
          sheetName: 'Earnings',
          schedule: { every: 'day', hour: 6 },
        });
        w.call('saveAlert', {
          name: 'RPM drop',
          siteId: 'site-1',
          report: 'earnings',
          metric: 'rpm',
          condition: 'changeBelow',
          threshold: -0.2,
          period: '7daysAgo',
          compareTo: 'previousPeriod',
        });
      },
    ],
  ];

  for (const [state, prepare] of states) {
    for (const open of OPEN_MODES) {
      test(`${state}: onOpen in AuthMode.${open.authMode}, then each entry: no generic error`, () => {
        const world = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
        prepare(world);
        const { emu } = world;
        emu.ui.reset();
        emu.bundle!.callAs({ user: OWNER, mode: open.mode }, 'onOpen', { authMode: open.authMode });
        expect(emu.ui.menu('Add-on')?.items).toEqual(MENU_ITEMS);
        for (const handler of HANDLERS) {
          for (const message of choose(world, handler)) {
            expect([handler, message]).not.toEqual([handler, expect.stringMatching(/Something unexpected went wrong|undefined|\[object /)]);
          }
        }
        expect(emu.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
        // The entries did their work where they could: a connected user got the dashboard.
        const dashboards = emu.spreadsheet.getSheets().filter((s) => s.getName().startsWith('Dashboard - site-1'));
        expect(dashboards).toHaveLength(state.startsWith('a connected') ? 1 : 0);
      });
    }
  }

  test('onOpen in AuthMode.LIMITED touches no service that needs authorisation, and says nothing', () => {
    const world = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
    world.connect();
    const { emu } = world;
    emu.ui.reset();
    emu.resetCounters();
    expect(() => emu.bundle!.callAs({ user: OWNER, mode: 'limited' }, 'onOpen', { authMode: 'LIMITED' })).not.toThrow();
    expect(emu.counters.requests).toBe(0);
    expect(emu.ui.alerts).toEqual([]);
    expect(emu.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
  });
});

describe('every menu entry with each permission missing (granular consent)', () => {
  const keys = requestedScopes().map((s) => s.slice(SCOPE_PREFIX.length));
  for (const key of keys) {
    test(`without ${key}: each entry says what is not allowed or works, never a generic error`, () => {
      const world = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
      world.connect();
      world.call('saveReport', { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Earnings' });
      world.emu.grantScopes(
        OWNER,
        keys.filter((k) => k !== key),
      );
      const said: string[] = [];
      for (const handler of HANDLERS) {
        for (const message of choose(world, handler)) {
          said.push(message);
          expect([handler, message]).not.toEqual([handler, expect.stringMatching(/Something unexpected went wrong|undefined|\[object /)]);
        }
      }
      const row = SCOPES.find((r) => r.key === key)!;
      // Where the permission is needed by every entry, each one names it.
      if (key === 'script.container.ui' || key === 'spreadsheets.currentonly') {
        expect(said.filter((m) => m.startsWith('threw:')).filter((m) => !m.includes(row.refusal))).toEqual([]);
      }
      if (key === 'script.external_request') expect(said.join('\n')).toContain(row.refusal);
      expect(world.emu.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
    });
  }
});
