/**
 * The saved-reports unit tests' world: the real platform adapter over the emulator, which plays
 * document and per-user properties, each user's triggers, the document lock and the virtual clock.
 * The tests pass their own runner, so no bundle is loaded and nothing reaches the network.
 */
import { createEmulator, inProcessTransport, type Emulator } from '../../emulator';
import { startExecution, type Execution, type ExecutionKind } from '../../src/platform/execution';
import type { PropertyStore } from '../../src/platform/types';

export interface ReportsWorld {
  readonly emu: Emulator;
  /** The virtual clock, settable. */
  now: number;
  /** Who the next execution runs as. */
  user: string;
  /** The spreadsheet's document properties. */
  readonly props: PropertyStore;
  /** Every user's installable triggers. */
  readonly triggers: Array<{ id: string; handler: string; owner: string }>;
  /** The ID of the nth trigger created in this world (n from 1). */
  triggerId(n: number): string;
  /** Every trigger deleted, as a user removing them in the script's dashboard would. */
  dropTriggers(): void;
}

export function createWorld(iso = '2026-10-05T12:00:00Z', timeZone = 'America/New_York'): ReportsWorld {
  const emu = createEmulator({
    transport: inProcessTransport(() => ({ networkError: 'these tests run no pulls' })),
    now: Date.parse(iso),
    timeZone,
  });
  return {
    emu,
    get now() {
      return emu.clock.now();
    },
    set now(ms: number) {
      emu.clock.set(ms);
    },
    get user() {
      return emu.user;
    },
    set user(email: string) {
      emu.setUser(email);
    },
    get props() {
      return emu.platform().documentProperties!;
    },
    get triggers() {
      return emu.triggers.map(({ id, handler, owner }) => ({ id, handler, owner }));
    },
    triggerId: (n) => emu.triggerId(n),
    dropTriggers() {
      for (const owner of new Set(emu.triggers.map((t) => t.owner))) {
        emu.runAs({ user: owner }, () => {
          const app = emu.globals.ScriptApp;
          for (const t of app.getProjectTriggers()) app.deleteTrigger(t);
        });
      }
    },
  };
}

export function execution(world: ReportsWorld, kind: ExecutionKind = 'sidebar'): Execution {
  return startExecution(world.emu.platform(), kind);
}
