/** The emulator's virtual time: only sleeps, round trips, lock waits and tests move it. */
export interface Clock {
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function createClock(start: number): Clock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      if (!(ms >= 0)) throw new Error(`clock.advance: ms must be >= 0, got ${ms}`);
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

/**
 * A clock that runs with real time from `start` (a playground's: a pull takes as long as it
 * takes), while advance() and set() still jump it like the virtual one.
 */
export function wallClock(start: number, realNow: () => number = Date.now): Clock {
  let offset = start - realNow();
  return {
    now: () => realNow() + offset,
    advance: (ms) => {
      if (!(ms >= 0)) throw new Error(`clock.advance: ms must be >= 0, got ${ms}`);
      offset += ms;
    },
    set: (ms) => {
      offset = ms - realNow();
    },
  };
}

const RealDate = globalThis.Date;

/**
 * A Date whose `Date.now()`, `new Date()` and `Date()` read the virtual clock; everything else is
 * the real Date (same prototype, so instances are ordinary Dates and `instanceof Date` holds).
 * A plain function rather than a Proxy of Date: the add-on's `instanceof Date` and `new Date(ms)`
 * in hot loops went through two proxy traps each, a good share of writing a big report.
 */
export function virtualDate(clock: Clock): DateConstructor {
  function VirtualDate(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new RealDate(clock.now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [clock.now()] : args, new.target);
  }
  Object.defineProperty(VirtualDate, 'prototype', { value: RealDate.prototype, writable: false, enumerable: false, configurable: false });
  Object.defineProperty(VirtualDate, 'length', { value: RealDate.length });
  Object.defineProperty(VirtualDate, 'name', { value: 'Date' });
  for (const name of Object.getOwnPropertyNames(RealDate)) {
    if (name === 'prototype' || name === 'length' || name === 'name') continue;
    Object.defineProperty(VirtualDate, name, Object.getOwnPropertyDescriptor(RealDate, name)!);
  }
  Object.defineProperty(VirtualDate, 'now', { value: () => clock.now(), writable: true, enumerable: false, configurable: true });
  return VirtualDate as unknown as DateConstructor;
}
