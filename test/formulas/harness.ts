/**
 * The add-on's formulas from source, on the emulator and the in-process fake API: a spreadsheet
 * owner (with or without a saved credential and formula consent), an editor, and the custom
 * functions wired as Code.ts wires them, but through emu.platform() instead of globalThis.
 */
import { createEmulator, inProcessTransport, type Emulator, type PlatformVariants } from '../../emulator';
import { DEFAULT_API_BASE_URL, DEFAULT_TOKEN_URL } from '../../src/api/credential';
import type { TransportRequest } from '../../emulator/transport-types';
import { createFakeApi, type Drift, type FakeApi } from '../../fake-api';
import { userMessage } from '../../src/shared/errors';
import { REPORTS } from '../../src/catalog/reports';
import { refreshFormulas } from '../../src/formulas/refresh';
import { runFormula, runReportFormula } from '../../src/formulas/run-formula';
import { startExecution, type Execution, type ExecutionKind } from '../../src/platform/execution';
import { setConsent, writeStoredCredential } from '../../src/settings/settings-store';

export const NOW = Date.parse('2026-11-21T15:00:00Z');
export const OWNER = 'owner@example.com';
export const EDITOR = 'editor@example.com';

export interface Harness {
  emu: Emulator;
  api: FakeApi;
  /** Every access token the fake API issued (to prove none leaks). */
  tokens: string[];
  functions: Record<string, (...args: unknown[]) => unknown>;
  /** One custom-function call as a cell would make it (as the owner unless `user`). */
  formula(name: string, ...args: unknown[]): unknown[][];
  /** Stores a credential in `user`'s own properties; `allow` = formula consent for this spreadsheet. */
  saveCredential(user: string, which: 'demo' | 'agency', allow: boolean): void;
  /** Runs `work` as one execution of `kind` (menu by default), as the owner. */
  run<T>(work: (ex: Execution) => T, kind?: ExecutionKind): T;
  /** Every text the user could see from a formula: returned cells and error messages. */
  seen: string[];
  /** Answer requests whose URL contains `urlPart` with this JSON body (200) instead of the fake API. */
  override(urlPart: string, body: unknown): void;
  /** Rewrite the fake API's JSON body for requests whose URL contains `urlPart` (a changed API). */
  rewrite(urlPart: string, change: (body: Record<string, unknown>) => void): void;
}

/**
 * A rewritten body, made once per change and body: the harnesses of a suite are served the same
 * pages of a big report again and again (see createFakeApi's sharePageBodies).
 */
const rewrittenBodies = new WeakMap<(body: Record<string, unknown>) => void, Map<string, string>>();

function rewritten(change: (body: Record<string, unknown>) => void, text: string): string {
  let done = rewrittenBodies.get(change);
  if (!done) rewrittenBodies.set(change, (done = new Map()));
  let out = done.get(text);
  if (out === undefined) {
    const body = JSON.parse(text) as Record<string, unknown>;
    change(body);
    out = JSON.stringify(body);
    done.set(text, out);
  }
  return out;
}

export function createHarness(
  opts: {
    timeZone?: string;
    now?: number;
    latencyMs?: number;
    variants?: Partial<PlatformVariants>;
    drift?: Partial<Drift>;
    /** Rows a site's page reports have instead of its own (see createFakeApi). */
    pageCounts?: Readonly<Record<string, number>>;
  } = {},
): Harness {
  let clock = (): number => opts.now ?? NOW;
  // Many harnesses of a suite pull the same big report: its pages are built once.
  const api = createFakeApi({ now: () => clock(), drift: opts.drift, pageCounts: opts.pageCounts, sharePageBodies: true });
  const tokens: string[] = [];
  const overrides: Array<{ urlPart: string; body: unknown }> = [];
  const rewrites: Array<{ urlPart: string; change: (body: Record<string, unknown>) => void }> = [];
  const handle = (req: TransportRequest) => {
    const hit = overrides.find((o) => req.url.includes(o.urlPart));
    if (hit) return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(hit.body) };
    const res = api.handle(req);
    const rewrite = rewrites.find((r) => req.url.includes(r.urlPart));
    if (rewrite && 'body' in res && res.status === 200) return { ...res, body: rewritten(rewrite.change, res.body) };
    if ('body' in res && req.url.includes('/oauth/token')) {
      try {
        const token = (JSON.parse(res.body) as { access_token?: string }).access_token;
        if (token) tokens.push(token);
      } catch (_) {
        // not JSON: an injected fault
      }
    }
    return res;
  };
  const emu = createEmulator({
    transport: inProcessTransport(handle),
    timeZone: opts.timeZone ?? 'America/Los_Angeles',
    now: opts.now ?? NOW,
    users: [OWNER, EDITOR],
    latencyMs: opts.latencyMs ?? 0,
    variants: opts.variants,
  });
  clock = () => emu.clock.now();
  // Grids are kept whole and turned into texts only when a test reads `seen`: most never do, and
  // a capped result is 200,000 cells.
  const shown: Array<unknown[][] | string> = [];

  // As serve() does: one execution per call, and only a user message ever leaves.
  const serveFormula = (work: (ex: Execution) => unknown[][]): unknown[][] => {
    const ex = startExecution(emu.platform(), 'formula');
    try {
      const grid = work(ex);
      shown.push(grid.map((row) => row.slice()));
      return grid;
    } catch (e) {
      const message = userMessage(e);
      shown.push(message);
      throw new Error(message);
    }
  };
  const functions: Record<string, (...args: unknown[]) => unknown> = {};
  for (const spec of REPORTS) {
    if (spec.key === 'sites') functions[spec.formula] = (header) => serveFormula((ex) => runFormula(ex, 'sites', { header }));
    else if (spec.key === 'date-bounds')
      functions[spec.formula] = (siteId, header) => serveFormula((ex) => runFormula(ex, 'date-bounds', { siteId, header }));
    else
      functions[spec.formula] = (siteId, start, end, limit, sort, header) =>
        serveFormula((ex) => runFormula(ex, spec.key, { siteId, start, end, limit, sort, header }));
  }
  functions.CREATOR_REPORT = (report, siteId, start, end, options) =>
    serveFormula((ex) => runReportFormula(ex, report, siteId, start, end, options));

  return {
    emu,
    api,
    tokens,
    functions,
    get seen() {
      return shown.flatMap((s) => (typeof s === 'string' ? [s] : s.flatMap((row) => row.map(String))));
    },
    override: (urlPart, body) => overrides.push({ urlPart, body }),
    rewrite: (urlPart, change) => rewrites.push({ urlPart, change }),
    formula: (name, ...args) => emu.runAs({ user: OWNER, mode: 'customFunction' }, () => functions[name](...args) as unknown[][]),
    saveCredential: (user, which, allow) =>
      emu.runAs({ user, mode: 'full' }, () => {
        const platform = emu.platform();
        const { clientId, clientSecret } = api.credentials[which];
        writeStoredCredential(platform.userProperties, {
          clientId,
          clientSecret,
          // The add-on's own hosts, which the manifest allows (the in-process API ignores the host).
          apiBaseUrl: DEFAULT_API_BASE_URL,
          tokenUrl: DEFAULT_TOKEN_URL,
        });
        setConsent(platform.userProperties, platform.spreadsheet()!.getId(), allow);
      }),
    run: (work, kind = 'menu') => emu.runAs({ user: OWNER, mode: 'full' }, () => work(startExecution(emu.platform(), kind))),
  };
}

/** The message a formula call failed with. */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

export { refreshFormulas };

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/**
 * Cells equal as toEqual has them: primitives by Object.is (so 1 is not '1', 0 not -0), Dates of
 * any realm by their time (the bundle's grids hold Dates of the emulator's vm context, which
 * isDeepStrictEqual tells apart from this realm's by prototype).
 */
function sameCell(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (isDate(a) && isDate(b) && Object.is(a.getTime(), b.getTime()));
}

/**
 * toEqual on 200,000 cells takes seconds; the same check cell by cell, with toEqual deciding (and
 * showing its diff) whenever the quick one finds a difference, a hole or a cell that is an object.
 */
export function expectSameGrid(actual: unknown[][], expected: unknown[][]): void {
  expect(actual.length).toBe(expected.length);
  const same = actual.every((row, r) => {
    const other = expected[r];
    if (!Array.isArray(row) || !Array.isArray(other) || row.length !== other.length) return false;
    for (let c = 0; c < row.length; c++) if (!(c in row) || !(c in other) || !sameCell(row[c], other[c])) return false;
    return true;
  });
  if (!same) expect(actual).toEqual(expected);
}

/** Pages of Page performance the fake API served, over every site. */
export function pagePerformancePages(byPath: Record<string, number>): number {
  return Object.entries(byPath)
    .filter(([path]) => path.endsWith('/pages/performance'))
    .reduce((sum, [, n]) => sum + n, 0);
}
