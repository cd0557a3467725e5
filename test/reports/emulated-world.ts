/**
 * The whole add-on on the emulator: the bundle built from src/Code.ts once per test run
 * (test/global-setup.ts), the fake API on the emulator's virtual clock, and
 * helpers to call server functions as a given user.
 */
import type { BigQuerySetup, Emulator, PlatformVariants } from '../../emulator';
import type { Drift, FakeApi } from '../../fake-api';
import { createWorld as createAddOnWorld, EDITOR, OWNER } from '../hardening/world';
import type { TransportRequest } from '../../emulator/transport-types';
import { builtAddOn } from '../helpers/built';

export { EDITOR, OWNER } from '../hardening/world';

/** This run's Code.js (built once by the jest globalSetup). */
export async function buildBundle(): Promise<string> {
  return builtAddOn().code;
}

/** This file's bundle, read once before its first test; call the answer inside a test. */
export function bundleForFile(): () => string {
  let bundle = '';
  beforeAll(async () => {
    bundle = await buildBundle();
  });
  return () => bundle;
}

/** An alert that fires whenever site-1 earned anything yesterday: the walks' simplest alert to save. */
export const ANY_EARNINGS_ALERT = {
  name: 'Any earnings',
  siteId: 'site-1',
  report: 'earnings',
  metric: 'earnings',
  condition: 'above',
  threshold: 0,
  period: 'yesterday',
};

/** What createDashboard answers: the dashboard's sheet, its data sheet and its parts' saved reports. */
export interface MadeDashboard {
  sheetName: string;
  dataSheetName: string;
  reportIds: string[];
}

export interface World {
  emu: Emulator;
  api: FakeApi;
  /** Calls a server function as `user` (default the owner); vm errors come back as their message. */
  call<T = unknown>(name: string, ...args: unknown[]): T;
  callAs<T = unknown>(user: string, name: string, ...args: unknown[]): T;
  /** The message of the error the call throws. */
  failure(user: string, name: string, ...args: unknown[]): string;
  /** Saves the demo credential for a user. */
  connect(user?: string): void;
  /** Every document property, as stored. */
  documentProperties(): Record<string, string>;
  /** Every trigger's owner and handler. */
  triggers(): Array<{ id: string; owner: string; handler: string }>;
  values(sheetName: string): unknown[][];
  /** The status sheet as one object per report row, keyed by header. */
  statusRows(): Array<Record<string, unknown>>;
  /** Every access token the API handed out (to prove none is stored anywhere). */
  readonly tokensSeen: Set<string>;
  /** Requests whose path ends with `suffix`, so far. */
  requestsTo(suffix: string): number;
  fire(): void;
}

export function createWorld(
  bundleFile: string,
  opts: {
    now?: string;
    timeZone?: string;
    latencyMs?: number;
    variants?: Partial<PlatformVariants>;
    /** The fake API's alternative shapes for the unconfirmed endpoints (fake-api/drift.ts). */
    drift?: Partial<Drift>;
    /** Changes the fake API's answer (e.g. a revised day) before the add-on sees it. */
    respond?: (req: TransportRequest, res: ReturnType<FakeApi['handle']>) => ReturnType<FakeApi['handle']>;
    /** The BigQuery advanced service, as the shipped manifest enables it (absent: not enabled). */
    bigQuery?: BigQuerySetup;
  } = {},
): World {
  // The emulator, the fake API and the bundle are put together in one place: the hardening world.
  const base = createAddOnWorld({
    bundle: bundleFile,
    now: Date.parse(opts.now ?? '2026-10-05T12:00:00Z'),
    timeZone: opts.timeZone,
    latencyMs: opts.latencyMs,
    variants: opts.variants,
    drift: opts.drift,
    users: [OWNER, EDITOR],
    bigQuery: opts.bigQuery,
  });
  if (opts.respond) base.setEdit(opts.respond);
  const e = base.emu;
  const api = base.api;
  const callAs = <T>(user: string, name: string, ...args: unknown[]): T =>
    // Plain JSON across the boundary, as google.script.run gives.
    JSON.parse(JSON.stringify(base.bundle.callAs({ user, mode: 'full' }, name, ...args) ?? null)) as T;
  return {
    emu: e,
    api,
    call: (name, ...args) => callAs(OWNER, name, ...args),
    callAs,
    failure(user, name, ...args) {
      try {
        base.bundle.callAs({ user, mode: 'full' }, name, ...args);
      } catch (err) {
        return String((err as { message?: unknown }).message ?? err);
      }
      throw new Error(`${name} did not fail`);
    },
    connect(user = OWNER) {
      callAs(user, 'saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret' });
    },
    documentProperties() {
      return e.runAs({ user: OWNER, mode: 'full' }, () => e.globals.PropertiesService.getDocumentProperties().getProperties());
    },
    triggers: () => e.triggers.map((t) => ({ id: t.id, owner: t.owner, handler: t.handler })),
    values(sheetName) {
      const sheet = e.spreadsheet.getSheetByName(sheetName);
      if (!sheet) return [];
      return sheet.getDataRange().getValues();
    },
    statusRows() {
      const [header, ...rows] = this.values('Creator Reporting status');
      return rows.map((row) => Object.fromEntries((header as string[]).map((h, i) => [h, row[i]])));
    },
    get tokensSeen() {
      return new Set(base.tokens);
    },
    requestsTo: (suffix) => api.stats.log.filter((r) => r.path.endsWith(suffix)).length,
    fire() {
      const mine = e.triggers.filter((t) => t.handler === 'onScheduleTrigger');
      for (const t of mine) e.fireTrigger(t.id);
    },
  };
}
