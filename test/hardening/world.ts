/**
 * The hardening matrix drives the add-on as shipped: Code.js built from the current source once per
 * test run (test/global-setup.ts), loaded into a fresh
 * emulator per scenario, against the in-process fake API on the emulator's virtual clock.
 */
import type { ServiceCosts } from '../../emulator/service-costs';
import {
  createEmulator,
  inProcessTransport,
  type Emulator,
  type BigQuerySetup,
  type EmulatorSnapshot,
  type LoadedBundle,
  type PlatformVariants,
} from '../../emulator';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { createFakeApi, type Drift, type FakeApi } from '../../fake-api';
import { builtAddOn } from '../helpers/built';

export const NOW = Date.parse('2026-11-21T15:00:00Z');
export const OWNER = 'owner@example.com';
export const EDITOR = 'editor@example.com';
/** In process the host is ignored; over the wire this is the fake API's address. */
export const API_BASE_URL = 'http://127.0.0.1:8787/creator-api/v1';
export const TOKEN_URL = 'http://127.0.0.1:8787/oauth/token';

let built: string | null = null;

/** This run's Code.js (built once by the jest globalSetup); call from beforeAll. */
export async function buildBundle(): Promise<string> {
  built = builtAddOn().code;
  return built;
}

export type Edit = (req: TransportRequest, res: TransportResponse) => TransportResponse | { networkError: string };

export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; message: string };

/** A world's state (World.save), for createWorld's `from`. */
export interface WorldState {
  emulator: EmulatorSnapshot;
  tokens: string[];
  seen: string[];
  logs: string[];
}

export interface World {
  emu: Emulator;
  api: FakeApi;
  bundle: LoadedBundle;
  /** Every access token the fake API issued. */
  tokens: string[];
  /** Every user-visible text: sidebar results (as JSON), formula cells, error messages. */
  seen: string[];
  /** A sidebar/menu server function, as `user` (owner by default), plain JSON in and out. */
  sidebar<T = unknown>(name: string, args?: unknown[], user?: string): Outcome<T>;
  /** A custom function as a formula cell runs it (the owner's stores, read-only sheet). */
  formula(name: string, ...args: unknown[]): Outcome<unknown[][]>;
  /** saveSettings for `user` with the demo (or another) credential; throws if it fails. */
  connect(opts?: { user?: string; which?: 'demo' | 'agency' | 'other'; allowFormulas?: boolean }): void;
  /** Replace what the API answers on the way back (after faults). */
  setEdit(edit: Edit | null): void;
  /** Its stores, spreadsheet, clock, logs, tokens and `seen`, to start other worlds from. */
  save(): WorldState;
}

/**
 * The one place a test puts the built add-on on the emulator beside the fake API (test/reports/
 * emulated-world.ts offers the same world with other helpers).
 * `bundle`: Code.js's text or path (default this run's build, after buildBundle());
 * `now`: the virtual clock's start (default NOW); `variants`: the emulator's switches for Google's
 * unconfirmed behaviours; `drift`: the fake API's alternative shapes.
 * `maxPageSize`: the fake API serves at most this many rows a page (a few pages of a small site);
 * `pageCounts`: rows a site's page reports have instead of its own (see createFakeApi).
 * `from`: carry on from a saved world, as its next execution would, without redoing the setup
 * that made it: its stores, spreadsheet, clock, logs, tokens and `seen`, in a new bundle instance
 * against a new fake API (no faults; the tokens it issued are unknown to the new one, so save
 * after they have expired, as a setup that moves the clock on does).
 */
export function createWorld(
  opts: {
    users?: string[];
    latencyMs?: number;
    timeZone?: string;
    maxPageSize?: number;
    pageCounts?: Readonly<Record<string, number>>;
    from?: WorldState;
    bundle?: string;
    now?: number;
    variants?: Partial<PlatformVariants>;
    drift?: Partial<Drift>;
    /** The BigQuery advanced service (absent: not enabled). */
    bigQuery?: BigQuerySetup;
    /** The emulator's limits mode: service calls take virtual time (emulator/service-costs.ts). */
    serviceCosts?: ServiceCosts;
  } = {},
): World {
  const code = opts.bundle ?? built;
  if (!code) throw new Error('call buildBundle() in beforeAll first');
  const start = opts.now ?? NOW;
  let emu: Emulator | null = null;
  const api = createFakeApi({
    now: () => (emu ? emu.clock.now() : start),
    drift: opts.drift,
    maxPageSize: opts.maxPageSize,
    pageCounts: opts.pageCounts,
    // Many worlds of a suite pull the same big report: its pages are built once.
    sharePageBodies: true,
  });
  const tokens: string[] = [];
  const seen: string[] = [];
  let edit: Edit | null = null;
  const handle = (req: TransportRequest) => {
    const res = api.handle(req);
    if ('networkError' in res) return res;
    if (req.url.includes('/oauth/token') && res.status === 200) {
      try {
        const token = (JSON.parse(res.body) as { access_token?: string }).access_token;
        if (token) tokens.push(token);
      } catch (_) {
        // an injected malformed body
      }
    }
    return edit ? edit(req, res) : res;
  };
  emu = createEmulator({
    transport: inProcessTransport(handle),
    timeZone: opts.timeZone ?? 'America/New_York',
    now: start,
    users: opts.users ?? [OWNER, EDITOR],
    latencyMs: opts.latencyMs ?? 0,
    variants: opts.variants,
    bigQuery: opts.bigQuery,
    serviceCosts: opts.serviceCosts,
  });
  const e = emu;
  const bundle = e.loadBundle(code);
  if (opts.from) {
    e.restore(opts.from.emulator);
    tokens.push(...opts.from.tokens);
    seen.push(...opts.from.seen);
    e.logs.push(...opts.from.logs);
  }

  function outcome<T>(fn: () => unknown): Outcome<T> {
    try {
      const raw = fn();
      // google.script.run: plain JSON crosses the boundary.
      const value = (raw === undefined ? null : JSON.parse(JSON.stringify(raw))) as T;
      seen.push(JSON.stringify(value));
      return { ok: true, value };
    } catch (error) {
      const message = String((error as { message?: unknown })?.message ?? error);
      seen.push(message);
      return { ok: false, message };
    }
  }

  const world: World = {
    emu: e,
    api,
    bundle,
    tokens,
    seen,
    sidebar: <T>(name: string, args: unknown[] = [], user = OWNER) =>
      outcome<T>(() => bundle.callAs({ user, mode: 'full' }, name, ...args)),
    formula: (name, ...args) => {
      try {
        const grid = bundle.callAs({ user: e.owner, mode: 'customFunction' }, name, ...args) as unknown[][];
        for (const row of Array.isArray(grid) ? grid : [grid]) for (const cell of Array.isArray(row) ? row : [row]) seen.push(String(cell));
        return { ok: true, value: grid };
      } catch (error) {
        const message = String((error as { message?: unknown })?.message ?? error);
        seen.push(message);
        return { ok: false, message };
      }
    },
    connect: ({ user = OWNER, which = 'demo', allowFormulas = true } = {}) => {
      const { clientId, clientSecret } = api.credentials[which];
      const r = world.sidebar(
        'saveSettings',
        [{ clientId, clientSecret, apiBaseUrl: API_BASE_URL, tokenUrl: TOKEN_URL, allowFormulas }],
        user,
      );
      if (!r.ok) throw new Error(`connect failed: ${r.message}`);
    },
    setEdit: (next) => {
      edit = next;
    },
    save: () => ({ emulator: e.snapshot(), tokens: [...tokens], seen: [...seen], logs: [...e.logs] }),
  };
  return world;
}

/** Words that betray a leaked internal instead of a sentence for a user. */
const JUNK = [
  /\bundefined\b/,
  /\[object \w+\]/,
  /\bNaN\b/,
  /\bnull\b/,
  /\n\s+at /,
  /\.(ts|js):\d+/,
  /TypeError|ReferenceError|SyntaxError/,
];

/** A message a user can act on: a sentence, no stack, no junk. */
export function expectClearMessage(message: string, names?: RegExp): void {
  for (const junk of JUNK) {
    if (junk.test(message)) throw new Error(`message has ${junk}: ${message}`);
  }
  if (message.length < 15 || message.length > 600) throw new Error(`message length ${message.length}: ${message}`);
  if (/Something unexpected went wrong/.test(message)) throw new Error(`generic message: ${message}`);
  if (names && !names.test(message)) throw new Error(`message does not match ${names}: ${message}`);
}

/** Every string in a value, recursively (object keys included). */
export function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  // A number shows its digits in a cell.
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

export interface SecretFinding {
  where: string;
  secret: string;
}

/**
 * Everywhere a secret could leak, except its two legitimate homes: the credential in its user's
 * own properties (`creator.settings`) and a token in its user's cache under `creator.tok.*`.
 * Scans cells, notes, named ranges and metadata (the spreadsheet snapshot), every property and
 * cache store (keys always; values outside the homes), logs, Ui records and `seen`. With `parts`,
 * every run of that many characters of a secret (or of its Basic form) counts as the secret: a
 * cache key or property that kept "only" 8 characters of it has leaked it too.
 */
export function findSecrets(world: World, secrets: string[], opts: { parts?: number } = {}): SecretFinding[] {
  const whole = secrets.filter((s) => s.length >= 6);
  for (const s of secrets) {
    // The Basic header's base64 of id:secret also counts.
    if (s.endsWith('-secret')) whole.push(Buffer.from(`${s.replace(/-secret$/, '-client')}:${s}`).toString('base64'));
  }
  const needles = opts.parts ? [...new Set(whole.flatMap((s) => partsOf(s, opts.parts!)))] : whole;
  const found: SecretFinding[] = [];
  const scan = (where: string, texts: string[]) => {
    for (const text of texts) {
      // A number in a message is grouped ("4,815,162,342"): its digits are read without the separators.
      const read = [text, text.replace(/(\d)[,.\u00a0\u202f ](?=\d)/g, '$1')];
      for (const secret of needles) if (read.some((t) => t.includes(secret))) found.push({ where, secret });
    }
  };
  const snap = world.emu.snapshot();
  scan('spreadsheet', strings(snap.spreadsheet));
  scan('document properties', strings(snap.properties.document));
  scan('script properties', strings(snap.properties.script));
  for (const [user, props] of Object.entries(snap.properties.user)) {
    for (const [key, value] of Object.entries(props)) {
      scan(`user properties key (${user})`, [key]);
      if (key !== 'creator.settings') scan(`user property ${key} (${user})`, [value]);
    }
  }
  scan('document cache', strings(snap.caches.document));
  scan('script cache', strings(snap.caches.script));
  for (const [user, entries] of Object.entries(snap.caches.user)) {
    for (const [key, entry] of Object.entries(entries)) {
      scan(`user cache key (${user})`, [key]);
      if (!key.startsWith('creator.tok.')) scan(`user cache ${key} (${user})`, [entry.value]);
    }
  }
  scan('triggers', strings(snap.triggers));
  scan('logs', world.emu.logs);
  const ui = world.emu.ui;
  scan('ui', strings([ui.alerts, ui.prompts, ui.toasts, ui.dialogs, ui.sidebars]));
  scan('seen (results and messages)', world.seen);
  scan('e-mail', strings(world.emu.mail.sent));
  return found;
}

/** Every run of `n` characters of `text` (the text itself when shorter). */
export function partsOf(text: string, n: number): string[] {
  if (text.length <= n) return [text];
  const parts: string[] = [];
  for (let i = 0; i + n <= text.length; i++) parts.push(text.slice(i, i + n));
  return parts;
}

export function allSecrets(world: World): string[] {
  return [...Object.values(world.api.credentials).map((c) => c.clientSecret), ...world.tokens];
}

/**
 * Every sheet, cell, note, named range and metadata entry as JSON: "byte-identical" means this
 * string is unchanged. The next sheet and metadata IDs are left out: a streamed run that failed
 * made and removed a hidden, marked staging sheet, which moves those counters and nothing a person
 * can see.
 */
export function sheetState(world: World): string {
  const { nextSheetId: _, nextMetadataId: __, ...spreadsheet } = world.emu.snapshot().spreadsheet as Record<string, unknown>;
  return JSON.stringify(spreadsheet);
}
