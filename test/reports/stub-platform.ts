/**
 * A small in-memory platform for the saved-reports unit tests: document properties, one user's
 * triggers (shared across "users" through a common table), a document lock another execution can
 * hold, and a settable clock. Spreadsheet-facing tests use the emulator instead.
 */
import { createHash } from 'node:crypto';
import { startExecution, type Execution, type ExecutionKind } from '../../src/platform/execution';
import type { Lock, Platform } from '../../src/platform/types';
import { formatDate } from '../dates/clock-stub';
import { MemoryProperties } from '../helpers/memory-properties';

export interface StubWorld {
  now: number;
  timeZone: string;
  user: string;
  props: MemoryProperties;
  triggers: Array<{ id: string; handler: string; owner: string }>;
  nextTriggerId: number;
  /** Who holds the document lock: null, 'other', or a token of an execution. */
  lockHolder: object | null;
  logs: string[];
  /** Each user's own properties (the random user ID that records who saved a report). */
  userProps: Map<string, MemoryProperties>;
}

export function createWorld(iso = '2026-10-05T12:00:00Z', timeZone = 'America/New_York'): StubWorld {
  return {
    now: Date.parse(iso),
    timeZone,
    user: 'owner@example.com',
    props: new MemoryProperties(),
    userProps: new Map(),
    triggers: [],
    nextTriggerId: 1,
    lockHolder: null,
    logs: [],
  };
}

function lockOf(world: StubWorld): Lock {
  const token = {};
  return {
    tryLock: (ms) => {
      if (world.lockHolder === null || world.lockHolder === token) {
        world.lockHolder = token;
        return true;
      }
      world.now += ms;
      return false;
    },
    waitLock: () => {
      throw new Error('not used');
    },
    releaseLock: () => {
      if (world.lockHolder === token) world.lockHolder = null;
    },
    hasLock: () => world.lockHolder === token,
  };
}

export function stubPlatform(world: StubWorld): Platform {
  const partial: Partial<Platform> = {
    documentProperties: world.props,
    get userProperties() {
      if (!world.userProps.has(world.user)) world.userProps.set(world.user, new MemoryProperties());
      return world.userProps.get(world.user)!;
    },
    sha256Hex: (text: string) => createHash('sha256').update(text, 'utf8').digest('hex'),
    documentLock: () => lockOf(world),
    triggers: {
      list: () => world.triggers.filter((t) => t.owner === world.user).map(({ id, handler }) => ({ id, handler })),
      listProject: () => world.triggers.filter((t) => t.owner === world.user).map(({ id, handler }) => ({ id, handler })),
      createHourly: (handler) => {
        if (world.triggers.some((t) => t.owner === world.user))
          throw new Error('This add-on has created too many time-based triggers in this document for this Google user account.');
        const id = `t${world.nextTriggerId++}`;
        world.triggers.push({ id, handler, owner: world.user });
        return id;
      },
      remove: (id) => {
        world.triggers = world.triggers.filter((t) => !(t.id === id && t.owner === world.user));
      },
    },
    now: () => world.now,
    timeZone: () => world.timeZone,
    formatDate,
    userEmail: () => world.user,
    spreadsheet: () => null,
    bigQuery: () => null,
    log: (m) => void world.logs.push(m),
  };
  return partial as Platform;
}

export function execution(world: StubWorld, kind: ExecutionKind = 'sidebar'): Execution {
  return startExecution(stubPlatform(world), kind);
}
