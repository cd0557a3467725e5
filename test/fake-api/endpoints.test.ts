/**
 * The fake answers only the paths of the API reference (fake-api/endpoints.ts, hand-written from the
 * endpoint tables of the team's creator-api notes) and takes nothing but types from the add-on; the
 * catalog is held against the same list in test/catalog/reference-paths.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { endpointPaths } from '../../fake-api/endpoints';
import { harness } from './helpers';

const FAKE_DIR = path.join(__dirname, '../../fake-api');

describe('the fake answers only the reference’s paths', () => {
  test('every listed path answers, and a near miss of one is a 404', () => {
    const h = harness();
    const range = '?startDate=2026-11-01&endDate=2026-11-07';
    for (const path of endpointPaths()) expect([path, h.get(path.replace('{siteId}', 'site-1') + range).status]).toEqual([path, 200]);
    const miss = h.json(`/sites/site-1/traffic/by-sources${range}`);
    expect([miss.status, miss.body.internalCode]).toEqual([404, 'not_found']);
  });

  test('takes nothing but types from the add-on', () => {
    const valueImports = fs
      .readdirSync(FAKE_DIR)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(FAKE_DIR, f), 'utf8').matchAll(/^import (?!type ).*from '\.\.\/src\/.*$/gm)].map(
          (m) => `${f}: ${m[0]}`,
        ),
      );
    expect(valueImports).toEqual([]);
  });
});
