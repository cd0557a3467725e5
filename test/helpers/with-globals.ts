/**
 * Runs `work` with Apps Script's services (an emulator's globals) on globalThis, as Code.ts's
 * functions find them in the real runtime, and puts the previous globals back afterwards.
 */
export function withGlobals<T>(globals: object, work: () => T): T {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(Object.keys(globals).map((k) => [k, g[k]]));
  Object.assign(g, globals);
  try {
    return work();
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete g[k];
      else g[k] = v;
    }
  }
}
