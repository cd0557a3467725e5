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

/**
 * A Date whose `Date.now()`, `new Date()` and `Date()` read the virtual clock; everything else is
 * the real Date (same prototype, so instances are ordinary Dates and `instanceof Date` holds).
 */
export function virtualDate(clock: Clock): DateConstructor {
  return new Proxy(Date, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [clock.now()] : args, newTarget);
    },
    apply() {
      return new Date(clock.now()).toString();
    },
    get(target, prop, receiver) {
      if (prop === 'now') return () => clock.now();
      return Reflect.get(target, prop, receiver);
    },
  });
}
