/**
 * Issue 14: nothing the user owns is lost, and the owner's credential obeys the owner. Every row
 * of promise-matrix.ts, written from the promise, on the built bundle in the emulator.
 */
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { PROMISE_ROWS } from './promise-matrix';
import { API_BASE_URL, buildBundle, createWorld, EDITOR, expectClearMessage, findSecrets, OWNER, TOKEN_URL, type World } from './world';
import { fillToTheLastByte } from '../helpers/fill-store';

beforeAll(async () => {
  await buildBundle();
}, 120_000);

type Outcomes = Array<{ id: string; outcome: string; message?: string }>;
interface Saved {
  id: string;
  sheetName: string;
  siteId: string | string[];
  approval?: { mine: boolean; savedBy: string };
  status: { outcome: string; lastError: string | null };
}

const EARN = { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-10-20', sheetName: 'Mine' };

function ok<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

function save(world: World, def: Record<string, unknown>, user = OWNER): Saved {
  return ok(world.sidebar<Saved>('saveReport', [{ report: 'earnings', siteId: 'site-1', start: 'lastMonth', ...def }], user));
}

function refreshAll(world: World, user = OWNER): Outcomes {
  return ok(world.sidebar<Outcomes>('refreshReports', [], user));
}

function list(world: World, user = OWNER): Saved[] {
  return ok(world.sidebar<{ reports: Saved[] }>('listReports', [], user)).reports;
}

function statusTable(world: World): string[][] {
  const sheet = world.emu.spreadsheet.getSheetByName('Creator Reporting status');
  return sheet ? sheet.getDataRange().getDisplayValues() : [];
}

function cells(world: World, sheetName: string): string[][] {
  const sheet = world.emu.spreadsheet.getSheetByName(sheetName);
  return sheet ? sheet.getDataRange().getDisplayValues() : [];
}

function sheetNames(world: World): string[] {
  return world.emu.spreadsheet.getSheets().map((s) => s.getName());
}

/** Every execution of the owner's schedule trigger, at the given instant. */
function fireAt(world: World, iso: string): void {
  world.emu.clock.set(Date.parse(iso));
  for (const t of world.emu.triggers) world.emu.fireTrigger(t.id);
}

/** Rewrites JSON bodies of responses whose URL matches. */
function editJson(world: World, match: RegExp, change: (body: Record<string, unknown>) => unknown): void {
  world.setEdit((req, res) => {
    if (!match.test(req.url) || res.status !== 200) return res;
    const body = JSON.parse(res.body) as Record<string, unknown>;
    return { ...res, body: JSON.stringify(change(body) ?? body) };
  });
}

/** The API (or a proxy) answers every report request with this error body. */
function failWith(world: World, status: number, body: (req: TransportRequest) => Record<string, unknown>, match = /\/sites\//): void {
  world.setEdit(
    (req, res): TransportResponse =>
      match.test(req.url) ? { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body(req)) } : res,
  );
}

const basic = (world: World) =>
  Buffer.from(`${world.api.credentials.demo.clientId}:${world.api.credentials.demo.clientSecret}`).toString('base64');
const tokenOf = (req: TransportRequest) => (req.headers.Authorization ?? req.headers.authorization ?? '').replace(/^Bearer /, '');

/**
 * The secret forms in `forms`, and any 8-character run of them, appear nowhere outside their homes:
 * cells, notes, logs, messages, and every cache key and user property too.
 */
function expectNoSecretPart(world: World, forms: string[]): void {
  expect(findSecrets(world, forms, { parts: 8 })).toEqual([]);
}

/** One formula, one runReport and one saved-report refresh under the current API behaviour. */
function everySurface(world: World): string[] {
  const messages: string[] = [];
  const f = world.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-07');
  if (!f.ok) messages.push(f.message);
  const r = world.sidebar('runReport', [EARN]);
  if (!r.ok) messages.push(r.message);
  const outcomes = refreshAll(world);
  for (const o of outcomes) if (o.message) messages.push(o.message);
  for (const m of messages) expectClearMessage(m);
  expect(messages.length).toBeGreaterThanOrEqual(3);
  return messages;
}

/** Other data (another add-on, say) fills the document's 500 KB property store to the last byte. */
function fillDocumentStore(world: World): void {
  const props = world.emu.runAs({ user: OWNER }, () => world.emu.globals.PropertiesService.getDocumentProperties());
  world.emu.runAs({ user: OWNER }, () => fillToTheLastByte(props));
}

/** The sheets, named ranges and block records: "byte-identical" compares this. */
function content(world: World): string {
  const snap = world.emu.snapshot().spreadsheet as { sheets: unknown; namedRanges: unknown; metadata: unknown };
  return JSON.stringify([snap.sheets, snap.namedRanges, snap.metadata]);
}

function userEditCase(edit: (sheet: GoogleAppsScript.Spreadsheet.Sheet) => void, names: RegExp): (world: World) => void {
  return (world) => {
    world.sidebar('runReport', [EARN]);
    const sheet = world.emu.spreadsheet.getSheetByName('Mine')!;
    edit(sheet);
    const before = content(world);
    const again = world.sidebar('runReport', [{ ...EARN, end: '2026-10-25' }]);
    expect(again.ok).toBe(false);
    if (!again.ok) expectClearMessage(again.message, names);
    expect(content(world) === before).toBe(true);
  };
}

const cases: Record<string, (world: World) => void> = {
  "an editor without a credential saves an 'all' report into a sheet; the owner refreshes all": (world) => {
    const planted = save(world, { siteId: 'all', sheetName: 'Editor view' }, EDITOR);
    const requests = world.api.stats.requests;
    const outcomes = refreshAll(world);
    expect(outcomes).toEqual([
      expect.objectContaining({
        id: planted.id,
        outcome: 'skipped',
        message: expect.stringMatching(/^Needs approval by owner@example\.com: it was saved by editor@example\.com/),
      }),
    ]);
    expect(world.api.stats.requests).toBe(requests);
    expect(sheetNames(world)).not.toContain('Editor view');
    expect(statusTable(world)[1]).toEqual(expect.arrayContaining(['Needs approval']));
    expect(list(world)[0].approval).toEqual({ mine: false, savedBy: EDITOR });
    expect(list(world, EDITOR)[0].approval).toEqual({ mine: true, savedBy: EDITOR });
  },
  "the owner's trigger meets an editor's scheduled report": (world) => {
    save(world, { name: 'Mine daily', sheetName: 'Owner daily', schedule: { every: 'day', hour: 6 } });
    save(world, { name: 'Planted', siteId: 'all', sheetName: 'Planted', schedule: { every: 'day', hour: 6 } }, EDITOR);
    expect(world.emu.triggers.map((t) => t.owner)).toEqual([OWNER]);
    fireAt(world, '2026-11-22T11:30:00Z');
    expect(sheetNames(world)).toContain('Owner daily');
    expect(sheetNames(world)).not.toContain('Planted');
    const planted = statusTable(world).find((row) => row[0] === 'Planted')!;
    expect(planted).toEqual(expect.arrayContaining(['Needs approval']));
    expect(planted.join(' ')).toMatch(/Needs approval by owner@example\.com/);
  },
  'the owner approves it': (world) => {
    save(world, { name: 'Own', sheetName: 'Own', schedule: { every: 'day', hour: 6 } });
    const planted = save(world, { name: 'Theirs', siteId: 'site-2', sheetName: 'Approved', schedule: { every: 'day', hour: 6 } }, EDITOR);
    expect(world.emu.triggers.map((t) => t.owner)).toEqual([OWNER]);
    expect(refreshAll(world).map((o) => o.outcome)).toEqual(['ok', 'skipped']);
    const approved = ok(world.sidebar<Saved>('approveReport', [planted.id]));
    expect(approved.approval).toEqual({ mine: true, savedBy: EDITOR });
    expect(refreshAll(world).map((o) => o.outcome)).toEqual(['ok', 'ok']);
    expect(cells(world, 'Approved').length).toBeGreaterThan(1);
    fireAt(world, '2026-11-23T11:30:00Z');
    expect(
      statusTable(world)
        .slice(1)
        .map((row) => [row[0], row[6]]),
    ).toEqual([
      ['Own', 'OK'],
      ['Theirs', 'OK'],
    ]);
  },
  "an editor edits the owner's approved report (site list to all)": (world) => {
    const mine = save(world, { siteId: 'site-1', sheetName: 'Owned' });
    expect(refreshAll(world)[0].outcome).toBe('ok');
    const before = JSON.stringify(cells(world, 'Owned'));
    save(world, { id: mine.id, siteId: 'all', sheetName: 'Owned' }, EDITOR);
    expect(refreshAll(world)[0]).toMatchObject({
      outcome: 'skipped',
      message: expect.stringMatching(/^Needs approval by owner@example\.com/),
    });
    expect(JSON.stringify(cells(world, 'Owned'))).toBe(before);
  },
  'an editor edits a report the owner approved': (world) => {
    save(world, { name: 'Own', sheetName: 'Own', schedule: { every: 'day', hour: 6 } });
    const theirs = save(world, { name: 'Theirs', siteId: 'site-2', sheetName: 'Approved', schedule: { every: 'day', hour: 6 } }, EDITOR);
    ok(world.sidebar<Saved>('approveReport', [theirs.id]));
    expect(refreshAll(world).map((o) => o.outcome)).toEqual(['ok', 'ok']);
    const before = JSON.stringify(cells(world, 'Approved'));
    // The editor widens the report the owner approved for site-2: the owner approved the old one.
    const edited = save(
      world,
      { id: theirs.id, name: 'Theirs', siteId: 'all', sheetName: 'Approved', schedule: { every: 'day', hour: 6 } },
      EDITOR,
    );
    expect(ok(world.sidebar<{ reports: Saved[] }>('listReports')).reports.find((r) => r.id === edited.id)?.approval?.mine).toBe(false);
    expect(refreshAll(world).find((o) => o.id === edited.id)).toMatchObject({
      outcome: 'skipped',
      message: expect.stringMatching(/^Needs approval by owner@example\.com/),
    });
    fireAt(world, '2026-11-22T11:30:00Z');
    expect(JSON.stringify(cells(world, 'Approved'))).toBe(before);
    expect(statusTable(world).find((row) => row[0] === 'Theirs')).toEqual(expect.arrayContaining(['Needs approval']));
  },
  'the editor refreshes the report they saved, with their own credential': (world) => {
    world.connect({ user: EDITOR, which: 'agency' });
    const theirs = save(world, { siteId: 'all', start: '2026-10-01', end: '2026-10-07', sheetName: 'Agency' }, EDITOR);
    const outcomes = refreshAll(world, EDITOR);
    expect(outcomes).toEqual([expect.objectContaining({ id: theirs.id, outcome: 'ok' })]);
    const sites = new Set(
      cells(world, 'Agency')
        .slice(1)
        .map((row) => row[0]),
    );
    // The agency credential sees its agency-* sites and site-1; never the owner's other sites.
    expect([...sites].filter((s) => !/^agency-/.test(s) && s !== 'site-1')).toEqual([]);
    expect(sites.size).toBeGreaterThan(1);
  },
  'a report saved before approvals existed (no creator recorded)': (world) => {
    const store = world.emu.runAs({ user: OWNER }, () => world.emu.globals.PropertiesService.getDocumentProperties());
    world.emu.runAs({ user: OWNER }, () =>
      store.setProperty(
        'cr.report.r0legacy00',
        JSON.stringify({ report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Legacy' }),
      ),
    );
    expect(refreshAll(world)[0]).toMatchObject({
      outcome: 'skipped',
      message: expect.stringMatching(/saved by an earlier version of the add-on/),
    });
    ok(world.sidebar('approveReport', ['r0legacy00']));
    expect(refreshAll(world)[0].outcome).toBe('ok');
  },
  'the API echoes the client secret as its error code': (world) => {
    const secret = world.api.credentials.demo.clientSecret;
    failWith(world, 400, () => ({ internalCode: secret, message: 'Bad request.' }));
    save(world, { sheetName: 'Saved' });
    for (const m of everySurface(world)) expect(m).toMatch(/status 400/);
    expectNoSecretPart(world, [secret]);
  },
  'the API echoes base64(id:secret) in its error sentence': (world) => {
    failWith(world, 400, () => ({ internalCode: 'bad_request', message: `Rejected Basic ${basic(world)} here.` }));
    save(world, { sheetName: 'Saved' });
    for (const m of everySurface(world)) expect(m).toMatch(/status 400, bad_request/);
    expectNoSecretPart(world, [basic(world)]);
  },
  'the API echoes 12 characters of base64(id:secret) as its code': (world) => {
    const part = basic(world).slice(10, 22);
    failWith(world, 400, () => ({ internalCode: part, detail: `Partial ${basic(world).slice(14, 30)}.` }));
    save(world, { sheetName: 'Saved' });
    everySurface(world);
    expectNoSecretPart(world, [basic(world).slice(8)]);
  },
  'the API echoes the bearer token in a 429 code and a 400 detail': (world) => {
    const seenTokens: string[] = [];
    failWith(
      world,
      429,
      (req) => {
        seenTokens.push(tokenOf(req));
        return { internalCode: tokenOf(req).slice(0, 40) };
      },
      /\/earnings/,
    );
    save(world, { sheetName: 'Saved' });
    everySurface(world);
    failWith(
      world,
      400,
      (req) => ({ internalCode: 'bad', errors: [{ detail: `Token ${tokenOf(req)} is odd.` }], message: `Token ${tokenOf(req)}.` }),
      /\/earnings/,
    );
    everySurface(world);
    expect(seenTokens.length).toBeGreaterThan(0);
    expectNoSecretPart(world, [...new Set([...seenTokens, ...world.tokens])].filter(Boolean));
  },
  'the token URL echoes the secret in a 401 code': (world) => {
    const secret = world.api.credentials.demo.clientSecret;
    world.emu.runAs({ user: OWNER }, () => world.emu.globals.CacheService.getUserCache().removeAll(['x']));
    world.setEdit((req, res) =>
      req.url.includes('/oauth/token') ? { status: 401, headers: {}, body: JSON.stringify({ code: secret }) } : res,
    );
    const r = world.sidebar('testConnection');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('The credential was rejected (status 401): check or re-enter it in Settings.');
    expectNoSecretPart(world, [secret]);
  },
  'the token URL cannot be reached when settings are saved (503, echoing the secret)': (world) => {
    const secret = world.api.credentials.demo.clientSecret;
    const tries: string[] = [];
    let status = 503;
    world.setEdit((req, res) => {
      if (!req.url.includes('/oauth/token')) return res;
      tries.push(req.url);
      return { status, headers: {}, body: JSON.stringify({ code: secret, message: secret }) };
    });
    const input = { clientId: 'demo-client', clientSecret: secret, apiBaseUrl: API_BASE_URL, tokenUrl: TOKEN_URL };
    const saved = ok(world.sidebar<{ configured: boolean; warning?: string }>('saveSettings', [input]));
    expect(saved.configured).toBe(true);
    expect(saved.warning).toMatch(/^Saved, but the credential could not be checked: the token URL .* could not be reached \(status 503\)/);
    expect(tries).toHaveLength(2);
    expectNoSecretPart(world, [secret]);
    status = 401;
    const refused = world.sidebar('saveSettings', [input]);
    expect(refused.ok ? 'saved' : refused.message).toBe('The credential was rejected (status 401): check or re-enter it in Settings.');
  },
  'token URL changed to another host without the secret': (world) => {
    const urls: string[] = [];
    world.setEdit((req, res) => (urls.push(req.url), res));
    const before = ok(world.sidebar('getSettings'));
    const r = world.sidebar('saveSettings', [
      { clientId: 'demo-client', clientSecret: '', apiBaseUrl: API_BASE_URL, tokenUrl: 'http://localhost:8787/oauth/token' },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expectClearMessage(
        r.message,
        /^You changed the token URL to another host: enter the client secret again to send it there\. Nothing was sent or saved\.$/,
      );
    expect(urls).toEqual([]);
    expect(ok(world.sidebar('getSettings'))).toEqual(before);
  },
  'API base URL changed to another host without the secret': (world) => {
    const urls: string[] = [];
    world.setEdit((req, res) => (urls.push(req.url), res));
    const r = world.sidebar('saveSettings', [
      { clientId: 'demo-client', apiBaseUrl: 'http://localhost:8787/creator-api/v1', tokenUrl: TOKEN_URL },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^You changed the API base URL to another host: enter the client secret again/);
    expect(urls).toEqual([]);
  },
  'token URL changed with the secret typed again': (world) => {
    const urls: string[] = [];
    world.setEdit((req, res) => (urls.push(req.url), res));
    const moved = 'http://localhost:8787/oauth/token';
    const r = world.sidebar('saveSettings', [
      { clientId: 'demo-client', clientSecret: 'demo-secret', apiBaseUrl: API_BASE_URL, tokenUrl: moved },
    ]);
    expect(r.ok ? 'ok' : r.message).toBe('ok');
    // The new token URL, then the site list at the unchanged API base URL (the settings check).
    expect(urls).toEqual([moved, `${API_BASE_URL}/sites?page[size]=0`]);
  },
  'a row the user inserted inside the block and typed into': userEditCase((sheet) => {
    sheet.insertRowsAfter(5, 1);
    sheet.getRange('A6:B6').setValues([['My subtotal', 123]]);
  }, /^Sheet 'Mine' has 1 row inserted inside the report's block A1:[A-Z]+22 \(the change is in rows \d+(-\d+)?\)\. The report was not written/),
  'an empty row the user inserted inside the block': (world) => {
    userEditCase((sheet) => sheet.insertRowsBefore(3, 1), /1 row inserted inside the report's block/)(world);
    world.emu.spreadsheet.getSheetByName('Mine')!.deleteRow(3);
    expect(world.sidebar('runReport', [{ ...EARN, end: '2026-10-25' }]).ok).toBe(true);
  },
  'a column the user inserted inside the block': userEditCase((sheet) => {
    sheet.insertColumnsAfter(1, 1);
    sheet.getRange('B1:B3').setValues([['My notes'], ['a'], ['b']]);
  }, /1 column inserted inside the report's block/),
  'a row the user deleted inside the block': userEditCase((sheet) => sheet.deleteRow(4), /1 row deleted inside the report's block/),
  'a value the user typed over a report cell': userEditCase(
    (sheet) => sheet.getRange('B5').setValue('corrected by hand'),
    /has cells edited in B5, inside the report's block/,
  ),
  'the user sorted the block': (world) => {
    world.sidebar('runReport', [EARN]);
    const sheet = world.emu.spreadsheet.getSheetByName('Mine')!;
    const reportOrder = cells(world, 'Mine').map((row) => row[0]);
    sheet.setFrozenRows(2);
    sheet.getRange(2, 1, 20, sheet.getLastColumn()).sort({ column: 2, ascending: false });
    expect(cells(world, 'Mine').map((row) => row[0])).not.toEqual(reportOrder);
    const again = world.sidebar<{ notices?: string[] }>('runReport', [EARN]);
    expect(again.ok ? 'ok' : again.message).toBe('ok');
    expect(again.ok && again.value.notices).toEqual([expect.stringMatching(/^The rows had been sorted in the sheet/)]);
    expect(cells(world, 'Mine').map((row) => row[0])).toEqual(reportOrder);
    expect(sheet.getFrozenRows()).toBe(2);
    expect(world.emu.spreadsheet.note('Mine', 'A1')).toMatch(
      /\nThe rows had been sorted in the sheet: this refresh wrote them in the report's own order/,
    );
  },
  "the user sorted a saved report's block": (world) => {
    const saved = world.sidebar<{ id: string }>('saveReport', [{ ...EARN, name: 'Mine' }]);
    expect(saved.ok).toBe(true);
    world.sidebar('refreshReports');
    const sheet = world.emu.spreadsheet.getSheetByName('Mine')!;
    const reportOrder = cells(world, 'Mine').map((row) => row[0]);
    sheet.getRange(2, 1, 20, sheet.getLastColumn()).sort({ column: 2, ascending: false });
    // The Saved tab's Run, and the menu's Refresh all: both say the sort was replaced, for that report.
    const outcomes = world.sidebar<Array<{ name: string; notices?: string[] }>>('refreshReports');
    expect(outcomes.ok && outcomes.value.map((o) => [o.name, o.notices])).toEqual([
      ['Mine', [expect.stringMatching(/^The rows had been sorted in the sheet/)]],
    ]);
    expect(cells(world, 'Mine').map((row) => row[0])).toEqual(reportOrder);
    sheet.getRange(2, 1, 20, sheet.getLastColumn()).sort({ column: 2, ascending: false });
    world.emu.bundle!.call('menuRefreshAllReports');
    expect(world.emu.ui.toasts.at(-1)?.message).toMatch(
      /^Refreshed 1 of 1 report\. Mine: The rows had been sorted in the sheet: this refresh wrote them in the report's own order/,
    );
  },
  'the user sorted the block and typed over a value': userEditCase((sheet) => {
    sheet.getRange(2, 1, 20, sheet.getLastColumn()).sort({ column: 2, ascending: false });
    sheet.getRange('B5').setValue('corrected by hand');
  }, /has cells edited in B\d+(:B\d+)?, inside the report's block/),
  "the user deleted the block's named range": (world) => {
    world.sidebar('runReport', [EARN]);
    const ranges = () => world.emu.spreadsheet.getNamedRanges().map((n) => `${n.getName()}=${n.getRange().getA1Notation()}`);
    const [block] = ranges();
    world.emu.spreadsheet.removeNamedRange(block.split('=')[0]);
    const again = world.sidebar('runReport', [{ ...EARN, end: '2026-10-25' }]);
    expect(again.ok ? 'ok' : again.message).toBe('ok');
    expect(ranges()).toEqual([block.replace(/\d+$/, '26')]);
  },
  "the user deleted the block's named range and typed over a value": (world) => {
    userEditCase((sheet) => {
      world.emu.spreadsheet.removeNamedRange(world.emu.spreadsheet.getNamedRanges()[0].getName());
      sheet.getRange('B5').setValue('corrected by hand');
    }, /^Sheet 'Mine' has content in A1:[A-Z]+21 \(\d+ cells\), where this report's block was \(A1:[A-Z]+21\)\. .*clear or move those cells/)(
      world,
    );
  },
  'a page title of 60,000 characters': (world) => {
    editJson(world, /\/pages\/performance/, (body) => {
      const rows = body.data as Array<Record<string, unknown>>;
      rows[0].pageTitle = 'T'.repeat(60_000);
      return body;
    });
    const r = world.sidebar<{ rows: number }>('runReport', [
      { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', limit: 50, sheetName: 'Pages' },
    ]);
    expect(r.ok ? 'ok' : r.message).toBe('ok');
    const shown = cells(world, 'Pages').flat();
    const clipped = shown.find((c) => c.includes('[clipped: 60,000 characters'));
    expect(clipped).toBeDefined();
    expect(clipped!.length).toBeLessThanOrEqual(50_000);
    expect(world.emu.spreadsheet.note('Pages', 'A1')).toMatch(
      /\n\d+ cells? (was|were) longer than Sheets' 50,000-character limit and (was|were) clipped/,
    );
  },
  "a saved report's first run fails": (world) => {
    world.api.inject({ kind: 'status', status: 500, times: 1000 });
    save(world, { sheetName: 'Never made' });
    expect(refreshAll(world)[0].outcome).toBe('error');
    expect(sheetNames(world)).not.toContain('Never made');
    expect(sheetNames(world).filter((n) => n.startsWith('CR staging'))).toEqual([]);
  },
  'a write that fails midway (a large rewrite)': (world) => {
    const big = { report: 'pages/performance', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', sheetName: 'Big' };
    expect(world.sidebar('runReport', [big]).ok).toBe(true);
    const before = content(world);
    // Sheets refuses the write midway (a timeout): the second write call of the rewrite throws.
    world.emu.spreadsheet.writeFault = { callsLeft: 2, message: 'Service Spreadsheets timed out while accessing document' };
    const r = world.sidebar('runReport', [{ ...big, end: '2026-10-30' }]);
    if (r.ok) throw new Error('expected the write to fail');
    expectClearMessage(r.message, /failed midway; the previous data is still in place\. Try again\./);
    expect(content(world) === before).toBe(true);
  },
  'the user typed beside and below the status table': (world) => {
    save(world, { sheetName: 'One' });
    refreshAll(world);
    const status = world.emu.spreadsheet.getSheetByName('Creator Reporting status')!;
    status.getRange('Z1').setValue('my note beside');
    status.getRange('A10').setValue('my note below');
    save(world, { sheetName: 'Two' });
    refreshAll(world);
    expect(status.getRange('Z1').getValue()).toBe('my note beside');
    expect(status.getRange('A10').getValue()).toBe('my note below');
    expect(status.getRange('A3').getValue()).not.toBe('');
  },
  'an alert fires where the user typed beside the status table': (world) => {
    save(world, { sheetName: 'One' });
    refreshAll(world);
    const status = world.emu.spreadsheet.getSheetByName('Creator Reporting status')!;
    const alert = {
      name: 'RPM high',
      siteId: 'site-1',
      report: 'earnings',
      metric: 'rpm',
      condition: 'above',
      threshold: 0.01,
      period: 'yesterday',
    };
    expect(world.sidebar('saveAlert', [alert]).ok).toBe(true);
    // Below where the alert lines start: the lines go under it.
    status.getRange('R3').setValue('my note in the alert columns');
    expect(world.sidebar('checkAlertsNow').ok).toBe(true);
    expect(status.getRange('R3').getValue()).toBe('my note in the alert columns');
    expect(status.getRange('P1').getValue()).toBe('Alert fired');
    expect(status.getRange('Q4').getValue()).toBe('RPM high');
    // In the header's row: no line is written there, and the log says why.
    status.getRange('R1').setValue('Who to call');
    world.emu.clock.advance(86_400_000);
    expect(world.sidebar('checkAlertsNow').ok).toBe(true);
    expect(status.getRange('R1').getValue()).toBe('Who to call');
    expect(status.getRange('Q5').getValue()).toBe('');
    expect(world.emu.logs.join('\n')).toMatch(/Alert lines not written to 'Creator Reporting status': P1:Z1 holds cells of yours/);
  },
  'a status sheet written by an earlier version': (world) => {
    const legacy = world.emu.spreadsheet.insertSheet('Creator Reporting status');
    const headers = [
      'Name',
      'Report',
      'Sites',
      'Dates',
      'Sheet',
      'Last run',
      'Outcome',
      'Rows',
      'Data through',
      'Duration (s)',
      'Schedule',
      'Next run',
      'Trigger owner',
      'Last error',
    ];
    legacy.getRange(1, 1, 3, 14).setValues([headers, headers.map(() => 'old'), headers.map(() => 'older')]);
    legacy.getRange('Z2').setValue('mine');
    save(world, { name: 'New', sheetName: 'New' });
    refreshAll(world);
    expect(statusTable(world).map((row) => row[0])).toEqual(['Name', 'New']);
    expect(legacy.getRange('Z2').getValue()).toBe('mine');
  },
  "the user renamed a saved report's sheet": (world) => {
    const saved = save(world, { sheetName: 'Monthly' });
    refreshAll(world);
    world.emu.spreadsheet.getSheetByName('Monthly')!.setName('Monthly (renamed)');
    expect(refreshAll(world)[0].outcome).toBe('ok');
    expect(sheetNames(world)).not.toContain('Monthly');
    expect(list(world).find((r) => r.id === saved.id)!.sheetName).toBe('Monthly (renamed)');
  },
  "the user deleted a saved report's sheet": (world) => {
    save(world, { sheetName: 'Gone' });
    refreshAll(world);
    world.emu.spreadsheet.deleteSheet(world.emu.spreadsheet.getSheetByName('Gone')!);
    expect(refreshAll(world)[0].outcome).toBe('ok');
    expect(cells(world, 'Gone').length).toBeGreaterThan(1);
  },
  'saving with the document property store full': (world) => {
    fillDocumentStore(world);
    const r = world.sidebar('saveReport', [{ report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Full' }]);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expectClearMessage(
        r.message,
        /^This spreadsheet's add-on storage is full \(Google allows 500 KB per document\), so the report was not saved\. Delete saved reports/,
      );
  },
  'refresh all with the store full': (world) => {
    for (const name of ['A', 'B', 'C']) save(world, { name, sheetName: name });
    fillDocumentStore(world);
    const outcomes = refreshAll(world);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok', 'ok']);
    for (const name of ['A', 'B', 'C']) expect(cells(world, name).length).toBeGreaterThan(1);
    expect(
      statusTable(world)
        .slice(1)
        .map((row) => row[6]),
    ).toEqual(['OK', 'OK', 'OK']);
    expect(world.emu.spreadsheet.note('Creator Reporting status', 'A1')).toMatch(/storage \(500 KB\) is full/);
  },
  'the hourly trigger with the store full': (world) => {
    for (const name of ['A', 'B', 'C']) save(world, { name, sheetName: name, schedule: { every: 'day', hour: 6 } });
    fillDocumentStore(world);
    fireAt(world, '2026-11-22T11:30:00Z');
    for (const name of ['A', 'B', 'C']) expect(cells(world, name).length).toBeGreaterThan(1);
    expect(
      statusTable(world)
        .slice(1)
        .map((row) => row[6]),
    ).toEqual(['OK', 'OK', 'OK']);
  },
  'statuses the full store refused, seen by later executions': (world) => {
    const ids = ['A', 'B', 'C'].map((name) => save(world, { name, sheetName: name, schedule: { every: 'day', hour: 6 } }).id);
    fillDocumentStore(world);
    fireAt(world, '2026-11-22T11:30:00Z');
    // The sidebar is another execution: it reads the statuses the trigger run could not store.
    expect(list(world).map((r) => r.status.outcome)).toEqual(['ok', 'ok', 'ok']);
    // Another execution rewrites the status sheet (a hand refresh of A alone): B and C stay true.
    world.emu.clock.advance(60_000);
    expect(ok(world.sidebar<Outcomes>('refreshReports', [[ids[0]]])).map((o) => o.outcome)).toEqual(['ok']);
    const outcomes = statusTable(world)
      .slice(1)
      .map((row) => row[6]);
    expect(outcomes).toEqual(['OK', 'OK', 'OK']);
    expect(statusTable(world).flat()).not.toContain('Not refreshed yet');
    // The next hour's run knows today's slot is done: nothing is fetched again.
    const requests = world.api.stats.requests;
    fireAt(world, '2026-11-22T12:30:00Z');
    expect(world.api.stats.requests).toBe(requests);
  },
  '300 saved reports over 200 sites (10 site groups)': (world) => {
    const groups = Array.from({ length: 10 }, (_, g) =>
      Array.from({ length: 200 }, (__, i) => `agency-site-${g}-${String(i).padStart(4, '0')}`),
    );
    for (let i = 0; i < 300; i++) {
      save(world, {
        name: `Client report ${i} with a descriptive name`,
        siteId: groups[i % 10],
        start: 'lastMonth',
        sheetName: `Client ${i}`,
        options: { totals: true },
      });
    }
    const listed = list(world);
    expect(listed).toHaveLength(300);
    // Each with its own group's sites (the groups are stored once and shared).
    expect(listed.map((r) => r.siteId)).toEqual(Array.from({ length: 300 }, (_, i) => groups[i % 10]));
    const doc = world.emu.snapshot().properties.document as Record<string, string>;
    const bytes = Object.entries(doc).reduce((n, [k, v]) => n + k.length + v.length, 0);
    expect(bytes).toBeLessThan(250_000);
  },
  'a daily 02:00 schedule on the US spring-forward day': (world) => {
    world.emu.clock.set(Date.parse('2027-03-13T12:00:00Z'));
    save(world, { sheetName: 'Early', schedule: { every: 'day', hour: 2 } });
    fireAt(world, '2027-03-14T06:20:00Z');
    expect(sheetNames(world)).not.toContain('Early');
    fireAt(world, '2027-03-14T07:20:00Z');
    expect(sheetNames(world)).toContain('Early');
  },
  'a daily 01:00 schedule on the fall-back day (01:00 twice)': (world) => {
    world.emu.clock.set(Date.parse('2026-10-31T12:00:00Z'));
    save(world, { sheetName: 'Fall', schedule: { every: 'day', hour: 1 } });
    fireAt(world, '2026-11-01T04:50:00Z');
    expect(sheetNames(world)).not.toContain('Fall');
    fireAt(world, '2026-11-01T05:20:00Z');
    expect(sheetNames(world)).toContain('Fall');
    const runs = list(world)[0].status;
    fireAt(world, '2026-11-01T06:20:00Z');
    expect(list(world)[0].status).toEqual(runs);
  },
  '"NaN", "Infinity", "-Infinity" in numeric fields': (world) => {
    editJson(world, /\/earnings/, (body) => {
      const rows = body.data as Array<Record<string, unknown>>;
      rows[0].earnings = 'NaN';
      rows[1].earnings = 'Infinity';
      rows[2].earnings = '-Infinity';
      rows[3].mystery = 'NaN';
      return body;
    });
    expect(world.sidebar('runReport', [EARN]).ok).toBe(true);
    const f = world.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-20');
    const all = [...cells(world, 'Mine').flat(), ...(f.ok ? f.value.flat().map(String) : [f.message])];
    expect(all.join('|')).not.toMatch(/NaN|Infinity/);
  },
  'an API field named "site" in a multi-site pull': (world) => {
    editJson(world, /\/earnings/, (body) => {
      for (const row of body.data as Array<Record<string, unknown>>) row.site = 'from-the-api';
      return body;
    });
    expect(world.sidebar('runReport', [{ ...EARN, siteId: ['site-1', 'site-2'] }]).ok).toBe(true);
    const [header, first] = cells(world, 'Mine');
    expect(header[0]).toBe('Site');
    expect(first[0]).toBe('site-1');
    expect(header).toContain('Site (site)');
    expect(first[header.indexOf('Site (site)')]).toBe('from-the-api');
  },
  'site IDs "." and ".."': (world) => {
    const requests = world.api.stats.requests;
    for (const id of ['.', '..', ' .. ']) {
      const f = world.formula('CREATOR_EARNINGS', id, '2026-10-01', '2026-10-07');
      expect(f.ok).toBe(false);
      if (!f.ok) expectClearMessage(f.message, /is not a site ID/);
      const r = world.sidebar('runReport', [{ ...EARN, siteId: id }]);
      expect(r.ok).toBe(false);
    }
    expect(
      world.api.stats.log.slice(requests).filter((l) => !/^\/sites(\/[^/.][^/]*\/|$)/.test(l.path) && l.path !== '/oauth/token'),
    ).toEqual([]);
  },
  'date bounds sent as ISO timestamps': (world) => {
    world.setEdit((req, res) =>
      /date-bounds/.test(req.url) && res.status === 200
        ? { ...res, body: res.body.replace(/"(\d{4}-\d{2}-\d{2})"/g, '"$1T00:00:00Z"') }
        : res,
    );
    const f = world.formula('CREATOR_EARNINGS', 'site-1', 'lastMonth');
    expect(f.ok ? 'ok' : f.message).toBe('ok');
    if (f.ok) expect(f.value.length).toBeGreaterThan(20);
  },
};

describe('issue 14: what the user owns, and whose credential runs', () => {
  test.each(PROMISE_ROWS.map((r) => [r.name] as const))('%s', (name) => {
    const world = createWorld();
    world.connect();
    cases[name](world);
  });

  test('every documented row has a test', () => {
    expect(Object.keys(cases).sort()).toEqual(PROMISE_ROWS.map((r) => r.name).sort());
  });
});
