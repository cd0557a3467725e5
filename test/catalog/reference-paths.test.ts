/**
 * The catalog against the API reference: the fake's hand-written endpoint list (fake-api/endpoints.ts,
 * taken from the endpoint tables of the team's creator-api notes) is the reference here, so a typo in
 * a catalog path fails with a message that names it, instead of every test agreeing with it.
 */
import { SITE_ENDPOINTS, endpointPaths } from '../../fake-api/endpoints';
import { REPORTS } from '../../src/catalog/reports';

const REFERENCE = new Set(endpointPaths());

describe('the catalog against the API reference', () => {
  test('every catalog path is one the API reference lists', () => {
    const unknown = REPORTS.filter((r) => !REFERENCE.has(r.path)).map(
      (r) =>
        `src/catalog/reports.ts: report "${r.key}" has path ${r.path}, which the API reference does not list ` +
        `(the endpoint tables of creator-api.md, as fake-api/endpoints.ts copies them). Correct the catalog's path.`,
    );
    expect(unknown).toEqual([]);
  });

  test('every endpoint the API reference lists is in the catalog once', () => {
    const paths = REPORTS.map((r) => r.path);
    for (const path of REFERENCE) expect([path, paths.filter((p) => p === path).length]).toEqual([path, 1]);
  });

  test('each report is bounded by the dates and paged as the reference says', () => {
    for (const e of SITE_ENDPOINTS) {
      const spec = REPORTS.find((r) => r.path === `/sites/{siteId}/${e.key}`);
      expect({ key: e.key, dateFamily: spec?.dateFamily, paginated: spec?.paginated }).toEqual({
        key: e.key,
        dateFamily: e.family,
        paginated: e.paged !== undefined,
      });
    }
  });
});
