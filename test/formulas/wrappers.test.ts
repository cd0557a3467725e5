/**
 * Code.ts writes one wrapper per catalog formula by hand (Sheets reads each one's JSDoc). These
 * prove the hand-written part cannot drift from the catalog: every formula returns exactly what
 * CREATOR_REPORT(its own key, ...) returns for the same arguments, and takes the parameters its
 * report's shape calls for, in that order.
 */
import * as path from 'node:path';
import * as Code from '../../src/Code';
import { REPORTS } from '../../src/catalog/reports';
import type { ReportSpec } from '../../src/catalog/types';
import { readEntryExports } from '../../scripts/lib/entry-exports';
import { withGlobals } from '../helpers/with-globals';
import { createHarness, OWNER } from './harness';

type Wrapper = (...args: unknown[]) => unknown[][];
const entry = Code as unknown as Record<string, Wrapper>;
const exported = readEntryExports(path.resolve(__dirname, '../../src/Code.ts'), 'CreatorReporting');

function paramsFor(spec: ReportSpec): string[] {
  if (spec.key === 'sites') return ['header'];
  if (!spec.dateFamily) return ['siteId', 'header'];
  return ['siteId', 'start', 'end', 'limit', 'sort', 'header', 'options'];
}

/** The arguments to give the wrapper, and the same request as CREATOR_REPORT's arguments. */
function sameRequest(spec: ReportSpec): { wrapper: unknown[]; report: unknown[] } {
  if (spec.key === 'sites') return { wrapper: [false], report: ['sites', undefined, undefined, undefined, 'header=false'] };
  if (!spec.dateFamily) return { wrapper: ['site-1', false], report: [spec.key, 'site-1', undefined, undefined, 'header=false'] };
  // A limit under the row count and an ascending sort on a number column (the API's own order is
  // descending or by date): a swapped or dropped argument changes the rows.
  const field = spec.columns.find((c) => c.type !== 'text' && c.type !== 'url' && c.type !== 'date')?.field ?? spec.columns[0].field;
  return {
    wrapper: ['site-1', '2026-10-01', '2026-10-20', 3, field, false, 'totals=true'],
    report: [spec.key, 'site-1', '2026-10-01', '2026-10-20', `limit=3, sort=${field}, header=false, totals=true`],
  };
}

describe('each CREATOR_ formula is CREATOR_REPORT with its own key', () => {
  test('the catalog and Code.ts name the same formulas', () => {
    const names = exported.map((f) => f.name).filter((n) => n.startsWith('CREATOR_') && n !== 'CREATOR_REPORT' && n !== 'CREATOR_COMPARE');
    expect(names.sort()).toEqual(REPORTS.map((r) => r.formula).sort());
  });

  test.each(REPORTS.map((spec) => [spec.formula, spec] as const))('%s', (_name, spec) => {
    expect(exported.find((f) => f.name === spec.formula)?.params).toEqual(paramsFor(spec));
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const { wrapper, report } = sameRequest(spec);
    const [viaWrapper, viaReport] = withGlobals(h.emu.globals, () => [
      entry[spec.formula](...wrapper),
      Code.CREATOR_REPORT(...(report as Parameters<typeof Code.CREATOR_REPORT>)),
    ]);
    expect(viaWrapper.length).toBeGreaterThan(0);
    expect(viaWrapper).toEqual(viaReport);
  });

  test('a formula wired to another report would be caught: two reports never give the same grid here', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    const grids = withGlobals(h.emu.globals, () =>
      REPORTS.map((spec) => JSON.stringify(Code.CREATOR_REPORT(...(sameRequest(spec).report as Parameters<typeof Code.CREATOR_REPORT>)))),
    );
    expect(new Set(grids).size).toBe(REPORTS.length);
  });
});
