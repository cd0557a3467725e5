/**
 * Secrets never leave their two homes (the user's own properties, the user's token cache) under
 * any fault; one user's credential never serves another user; formulas need the owner's consent.
 */
import { FAULT_ROWS, FAULT_WORLD, SITE, applyFaults } from './fault-matrix';
import { SECRET_SURFACES, USER_ROWS } from './safety-matrix';
import { allSecrets, buildBundle, createWorld, EDITOR, expectClearMessage, findSecrets, OWNER, type World, type WorldState } from './world';

beforeAll(async () => {
  await buildBundle();
}, 120_000);

const RUN = { report: 'pages/performance', siteId: SITE, start: '2026-10-01', end: '2026-10-31', sheetName: 'Report' };
const NOT_CONFIGURED =
  /^No Creator Reporting credential is saved\. Open Extensions > Creator Reporting > Open sidebar and enter your client ID and secret\.$/;
const FORMULAS_OFF = /Formulas are off in this spreadsheet\. Its owner has to turn on/;

/** Every sidebar function and a formula, once each, after the fault is set. */
function everySurface(world: World, savedId: string): void {
  for (const surface of SECRET_SURFACES) {
    if (surface === 'saveSettings') {
      const { clientId, clientSecret } = world.api.credentials.demo;
      world.sidebar('saveSettings', [{ clientId, clientSecret, allowFormulas: true }]);
    } else if (surface === 'runReport') world.sidebar('runReport', [RUN]);
    else if (surface === 'CREATOR_PAGE_PERFORMANCE') world.formula(surface, SITE, '2026-09-01', '2026-09-30');
    else if (surface === 'refreshReports') world.sidebar('refreshReports', [[savedId]]);
    else if (surface === 'clearSettings') continue;
    else world.sidebar(surface);
  }
}

describe('no secret anywhere, under every fault', () => {
  /** Connected, a report saved, then later (its token expired): set up once, every row starts from it. */
  let start: { state: WorldState; savedId: string } | undefined;
  const setUp = (): { state: WorldState; savedId: string } => {
    // The pages the fault matrix pulls (3 of them).
    const world = createWorld(FAULT_WORLD);
    world.connect();
    const saved = world.sidebar<{ id: string }>('saveReport', [
      { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Saved' },
    ]);
    if (!saved.ok) throw new Error(saved.message);
    world.emu.clock.advance(10 * 60_000);
    return { state: world.save(), savedId: saved.value.id };
  };

  test.each(FAULT_ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    start ??= setUp();
    const world = createWorld({ ...FAULT_WORLD, from: start.state });
    applyFaults(world.api, row);
    everySurface(world, start.savedId);
    world.api.clearFaults();
    world.sidebar('clearSettings');
    expect(world.tokens.length).toBeGreaterThan(0);
    expect(findSecrets(world, allSecrets(world))).toEqual([]);
    // Every sidebar answer that carries settings shows the secret masked, never whole (gathered
    // and compared once: an expect per text, thousands of formula cells, cost seconds).
    expect(world.seen.filter((text) => text.includes('demo-secret'))).toEqual([]);
  });

  test('clearSettings forgets the tokens too: no token left in any cache', () => {
    const world = createWorld();
    world.connect();
    world.sidebar('testConnection');
    world.sidebar('clearSettings');
    const caches = JSON.stringify(world.emu.snapshot().caches);
    for (const token of world.tokens) expect(caches).not.toContain(token);
    expect(JSON.stringify(world.emu.snapshot().properties)).not.toContain('demo-secret');
  });
});

describe("one user's credential never serves another", () => {
  const rows = Object.fromEntries(USER_ROWS.map((r) => [r.name, r]));
  const cases: Record<string, (world: World) => void> = {
    'owner saved; editor runs runReport': (world) => {
      world.connect();
      const before = JSON.stringify(world.emu.snapshot().spreadsheet);
      const result = world.sidebar('runReport', [RUN], EDITOR);
      expect(result.ok).toBe(false);
      if (!result.ok) expectClearMessage(result.message, NOT_CONFIGURED);
      expect(JSON.stringify(world.emu.snapshot().spreadsheet)).toBe(before);
    },
    'owner saved; editor lists sites and tests the connection': (world) => {
      world.connect();
      for (const fn of ['listSites', 'testConnection']) {
        const result = world.sidebar(fn, [], EDITOR);
        expect(result.ok ? JSON.stringify(result.value) : result.message).toMatch(NOT_CONFIGURED);
      }
    },
    'owner saved; editor reads settings': (world) => {
      world.connect();
      const result = world.sidebar('getSettings', [], EDITOR);
      expect(result).toMatchObject({
        ok: true,
        value: { configured: false, clientId: '', clientSecretMasked: '', allowFormulas: false, userEmail: EDITOR },
      });
    },
    'editor saves their own credential': (world) => {
      world.connect();
      world.connect({ user: EDITOR, which: 'agency' });
      const editorSites = world.sidebar<Array<{ id: string }>>('listSites', [], EDITOR);
      const ownerSites = world.sidebar<Array<{ id: string }>>('listSites', [], OWNER);
      expect(editorSites.ok && editorSites.value.map((s) => s.id)).toContain('agency-01');
      expect(ownerSites.ok && ownerSites.value.map((s) => s.id)).not.toContain('agency-01');
      const editorRun = world.sidebar('runReport', [{ ...RUN, siteId: 'agency-01', sheetName: 'Agency' }], EDITOR);
      expect(editorRun.ok ? 'ok' : editorRun.message).toBe('ok');
      const ownerRun = world.sidebar('runReport', [{ ...RUN, siteId: 'agency-01', sheetName: 'Agency 2' }], OWNER);
      expect(ownerRun.ok ? 'ok' : ownerRun.message).toMatch(/Site agency-01 is not available to this credential/);
      expect(world.sidebar('getSettings', [], EDITOR)).toMatchObject({ value: { clientId: 'agency-client' } });
      expect(world.sidebar('getSettings', [], OWNER)).toMatchObject({ value: { clientId: 'demo-client' } });
    },
    'owner saved without allowing formulas': (world) => {
      world.connect({ allowFormulas: false });
      const result = world.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07');
      expect(result.ok ? 'ok' : result.message).toMatch(FORMULAS_OFF);
    },
    'editor allowed formulas with their own credential; owner has none': (world) => {
      world.connect({ user: EDITOR, which: 'agency', allowFormulas: true });
      // Saving read the site list once, with the editor's own credential (the settings check).
      const before = world.api.stats.log.length;
      const result = world.formula('CREATOR_SITES');
      expect(result.ok ? 'ok' : result.message).toMatch(/(No Creator Reporting credential is saved|Formulas are off)/);
      expect(world.api.stats.log.slice(before).filter((l) => l.path.includes('/sites') && l.status === 200)).toHaveLength(0);
    },
    'owner allowed formulas, then cleared settings': (world) => {
      world.connect({ allowFormulas: true });
      expect(world.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07').ok).toBe(true);
      world.sidebar('clearSettings');
      const result = world.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07');
      expect(result.ok ? 'served' : result.message).toMatch(/(No Creator Reporting credential is saved|Formulas are off)/);
    },
    'owner allowed formulas': (world) => {
      world.connect({ allowFormulas: true });
      const result = world.formula('CREATOR_SITES');
      expect(result.ok && result.value.map((r) => r[0])).toEqual(['Site ID', 'site-1', 'site-2', 'site-3', 'site-big', 'site-old']);
    },
  };

  test.each(Object.keys(rows).map((name) => [name] as const))('%s', (name) => {
    const world = createWorld();
    cases[name](world);
    expect(findSecrets(world, allSecrets(world))).toEqual([]);
    // Nor any 8 characters of a client secret, in a cache key or a user property either.
    const clientSecrets = Object.values(world.api.credentials).map((c) => c.clientSecret);
    expect(findSecrets(world, clientSecrets, { parts: 8 })).toEqual([]);
  });

  test('every documented user row has a test', () => {
    expect(Object.keys(cases).sort()).toEqual(USER_ROWS.map((r) => r.name).sort());
  });
});

describe('the secret scan itself', () => {
  test.each([
    ['a cell', (w: World, s: string) => w.emu.spreadsheet.getSheets()[0].getRange('C3').setValue(`x ${s}`)],
    ['a note', (w: World, s: string) => w.emu.spreadsheet.getSheets()[0].getRange('C4').setNote(s)],
    [
      'a document property',
      (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.PropertiesService.getDocumentProperties().setProperty('k', s)),
    ],
    [
      'a user property other than the settings',
      (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.PropertiesService.getUserProperties().setProperty('other', s)),
    ],
    ['a cache key', (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.CacheService.getUserCache().put(`k.${s}`, '1'))],
    ['the document cache', (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.CacheService.getDocumentCache()!.put('k', s))],
    ['a log line', (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.Logger.log(`token ${s}`))],
  ])('finds a token planted in %s', (_where, plant) => {
    const world = createWorld();
    world.connect();
    expect(findSecrets(world, allSecrets(world))).toEqual([]);
    plant(world, world.tokens[0]);
    expect(findSecrets(world, allSecrets(world)).length).toBeGreaterThan(0);
  });

  test.each([
    [
      'a user cache key',
      (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.CacheService.getUserCache().put(`creator.x.${s}`, '1')),
    ],
    ['a script cache key', (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.CacheService.getScriptCache().put(`k${s}`, '1'))],
    [
      'a user property key',
      (w: World, s: string) => w.emu.runAs({}, () => w.emu.globals.PropertiesService.getUserProperties().setProperty(`cr.${s}`, '1')),
    ],
    [
      'a user property value',
      (w: World, s: string) =>
        w.emu.runAs({}, () => w.emu.globals.PropertiesService.getUserProperties().setProperty('cr.hint', `starts ${s}`)),
    ],
  ])('finds 8 characters of the client secret kept in %s (with parts), which a whole-secret scan misses', (_where, plant) => {
    const world = createWorld();
    world.connect();
    const secret = world.api.credentials.demo.clientSecret;
    expect(findSecrets(world, [secret], { parts: 8 })).toEqual([]);
    plant(world, secret.slice(2, 10));
    expect(findSecrets(world, [secret])).toEqual([]);
    expect(findSecrets(world, [secret], { parts: 8 }).length).toBeGreaterThan(0);
  });
});
