import { ALL_DRIFT, type Drift } from '../fake-api';

/**
 * The two fakes every client, table, formula and sidebar suite runs against: the shapes the
 * catalog was written from, and "drift" (every plausible alternative at once; fake-api/drift.ts).
 * Use with `describe.each(FAKE_MODES)('... (%s fake)', (_mode, drift) => ...)`.
 */
export const FAKE_MODES: ReadonlyArray<readonly [mode: 'default' | 'drift', drift: Partial<Drift>]> = [
  ['default', {}],
  ['drift', ALL_DRIFT],
];
