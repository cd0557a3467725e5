/**
 * The sidebar's server functions from source on the emulator, against the fake API on the
 * emulator's virtual clock (2026-11-21: earnings data to about 2026-11-19).
 */
import { createEmulator, inProcessTransport, type Emulator, type EmulatorOptions } from '../../emulator';
import { createFakeApi, type Drift, type FakeApi } from '../../fake-api';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { startExecution, type Execution } from '../../src/platform/execution';
import { saveSettings } from '../../src/settings/settings-service';

export interface SidebarWorld {
  emu: Emulator;
  api: FakeApi;
  /** A fresh sidebar execution (each google.script.run call is one). */
  ex(): Execution;
  connect(): void;
  /** Displayed values of a sheet's used area. */
  shown(sheetName: string): string[][];
}

/** Lets a test change what the API answers (e.g. a hostile site name) on its way back. */
export type ResponseEdit = (req: TransportRequest, res: TransportResponse) => TransportResponse;

export interface SidebarWorldOptions {
  edit?: ResponseEdit;
  drift?: Partial<Drift>;
  /** More of the emulator's options (virtual latency, where the built add-on lives). */
  emulator?: Pick<EmulatorOptions, 'latencyMs' | 'distDir'>;
}

export function sidebarWorld(opts: SidebarWorldOptions = {}): SidebarWorld {
  const now = Date.parse('2026-11-21T15:00:00Z');
  let emu: Emulator | null = null;
  const api = createFakeApi({ now: () => (emu ? emu.clock.now() : now), drift: opts.drift });
  emu = createEmulator({
    transport: inProcessTransport((req) => {
      const res = api.handle(req);
      return opts.edit && !('networkError' in res) ? opts.edit(req, res) : res;
    }),
    timeZone: 'America/New_York',
    now,
    ...opts.emulator,
  });
  const e = emu;
  const world: SidebarWorld = {
    emu: e,
    api,
    ex: () => startExecution(e.platform(), 'sidebar'),
    connect: () => {
      saveSettings(world.ex(), { clientId: 'demo-client', clientSecret: 'demo-secret' });
    },
    shown(sheetName) {
      const sheet = e.platform().spreadsheet()!.getSheetByName(sheetName);
      return sheet ? sheet.getDataRange().getDisplayValues() : [];
    },
  };
  return world;
}

/** A site name an attacker could give their site in the dashboard. */
export const HOSTILE_SITE_NAME = '<img src=x onerror="window.__pwned=1">Wander Far';

/** Renames site-2 in /sites answers to a hostile name (the fake API has only benign names). */
export const hostileSiteName: ResponseEdit = (req, res) => {
  if (!/\/sites(\?|$)/.test(req.url) || res.status !== 200) return res;
  const body = JSON.parse(res.body) as { data: Array<{ id: string; name: string }> };
  for (const site of body.data) if (site.id === 'site-2') site.name = HOSTILE_SITE_NAME;
  return { ...res, body: JSON.stringify(body) };
};

export function caught(fn: () => unknown): { code?: string; message: string } {
  try {
    fn();
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a failure');
}
