/**
 * How many requests go out in one UrlFetchApp.fetchAll. The Creator API publishes no rate limit,
 * so the size is learnt per execution: it doubles after every full batch the API answered without
 * a 429, and halves on a 429 (and then grows by one per clean batch only, so a limit once found is
 * approached gently instead of being hit again at once).
 */
export interface FanOut {
  /** Requests for the next batch. */
  readonly size: number;
  /** A batch of `sent` requests came back with no 429. */
  answered(sent: number): void;
  /** A batch met a 429. */
  rateLimited(): void;
}

export const START_FAN_OUT = 8;
/**
 * The ceiling even for an API that never pushes back: a batch's responses are all in memory at
 * once (32 pages of 500 rows is about 16,000 rows), and one fetchAll of many more requests
 * gains little once the round trips are already few.
 */
export const MAX_FAN_OUT = 32;

export function adaptiveFanOut(start = START_FAN_OUT, max = MAX_FAN_OUT): FanOut {
  const ceiling = Math.max(1, Math.floor(max));
  let size = Math.max(1, Math.min(ceiling, Math.floor(start)));
  let limited = false;
  return {
    get size() {
      return size;
    },
    answered(sent) {
      // Only a batch that used the whole size says the size is safe.
      if (sent < size) return;
      size = Math.min(ceiling, limited ? size + 1 : size * 2);
    },
    rateLimited() {
      limited = true;
      size = Math.max(1, Math.ceil(size / 2));
    },
  };
}

/** A fixed size (tests, the token request): neither grows nor shrinks across calls. */
export function fixedFanOut(size: number): FanOut {
  const fixed = Math.max(1, Math.floor(size));
  return { size: fixed, answered: () => undefined, rateLimited: () => undefined };
}
