/**
 * The opt-in limits mode's clock: every counted service call (a sheet write or read and its
 * cells, a format call, a cache or property operation) advances virtual time by its price, and a
 * call that ends past the execution's limit throws Google's "Exceeded maximum execution time"
 * (checkTimeLimit). Without it only sleeps, round trips and lock waits take time, so a pull that
 * writes millions of cells could never be killed midway in a test. The prices are the bench's
 * cost model (bench/model.ts), passed in by the test: the emulator knows no model of its own.
 */
import type { Counters } from './counters';
import { checkTimeLimit, type EmulatorState } from './state';

/** Virtual ms per unit of a counter (a call, a cell, an operation). */
export type ServicePrices = Partial<Record<keyof Counters, number>>;

export interface ServiceCosts {
  prices: ServicePrices;
  /** Every price times this (a slower Google, or a test that wants a kill sooner). Default 1. */
  scale?: number;
}

/** Counters that advance the clock as they grow; a reset (a counter going down) costs nothing. */
export function pricedCounters(counters: Counters, costs: ServiceCosts, state: () => EmulatorState | undefined): Counters {
  return new Proxy(counters, {
    set(target, key, value: number) {
      const name = key as keyof Counters;
      const before = target[name];
      target[name] = value;
      const price = costs.prices[name];
      const s = state();
      if (price && s && value > before) {
        // Read at each call: a test may change the scale between executions.
        s.clock.advance((value - before) * price * (costs.scale ?? 1));
        checkTimeLimit(s);
      }
      return true;
    },
  });
}
