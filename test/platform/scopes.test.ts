import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { readManifest } from '../../scripts/lib/manifest';
import { renderPublishing } from '../../scripts/lib/publishing-docs';
import { requestedScopes, SCOPES, type ScopeRow, scopeUrl } from '../../src/platform/scopes';
import { DIST, ensureDist, fixtureDir, ROOT } from '../build/fixture';

/**
 * Apps Script's services as a script names them. Built-in ones exist in every project; advanced ones
 * only where the manifest enables them (dependencies.enabledAdvancedServices). Those that need no
 * scope are listed as such; every other one must be covered by a requested row of the table.
 */
const NO_SCOPE = ['PropertiesService', 'CacheService', 'LockService', 'Utilities', 'Logger', 'ContentService', 'XmlService', 'Browser'];
const BUILT_IN = [
  ...NO_SCOPE,
  'SpreadsheetApp',
  'HtmlService',
  'UrlFetchApp',
  'ScriptApp',
  'MailApp',
  'Session',
  'GmailApp',
  'DriveApp',
  'DocumentApp',
  'SlidesApp',
  'FormApp',
  'CalendarApp',
  'ContactsApp',
  'GroupsApp',
  'SitesApp',
  'LanguageApp',
  'Maps',
  'Jdbc',
  'CardService',
  'DataStudioApp',
  'Charts',
];
const ADVANCED = [
  'Sheets',
  'Drive',
  'BigQuery',
  'Gmail',
  'Calendar',
  'Docs',
  'Slides',
  'AdminDirectory',
  'YouTube',
  'Analytics',
  'People',
  'Tasks',
];

/** Every identifier in the bundle's code (property names included: services are reached as g.MailApp), none from strings or comments. */
function identifiers(code: string): Set<string> {
  const file = ts.createSourceFile('Code.js', code, ts.ScriptTarget.ES2020, false, ts.ScriptKind.JS);
  const seen = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) seen.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return seen;
}

/** Services the bundle names that no requested scope covers (an advanced one counts only when enabled). */
function uncovered(
  code: string,
  manifest: { oauthScopes: string[]; dependencies?: { enabledAdvancedServices?: Array<{ userSymbol: string }> } },
  rows: readonly ScopeRow[],
): string[] {
  const named = identifiers(code);
  const enabled = new Set((manifest.dependencies?.enabledAdvancedServices ?? []).map((s) => s.userSymbol));
  const covered = (service: string) => rows.some((r) => r.services.includes(service) && manifest.oauthScopes.includes(scopeUrl(r)));
  return [...BUILT_IN.filter((s) => !NO_SCOPE.includes(s)), ...ADVANCED.filter((s) => enabled.has(s))].filter(
    (s) => named.has(s) && !covered(s),
  );
}

describe('the scope table (src/platform/scopes.ts)', () => {
  let code = '';
  let manifest: { oauthScopes: string[] };
  beforeAll(() => {
    ensureDist();
    code = fs.readFileSync(path.join(DIST, 'Code.js'), 'utf8');
    manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'appsscript.json'), 'utf8'));
  });

  test('every scope has a justification, a permission a user can read, and what happens without it', () => {
    for (const row of SCOPES) {
      expect([row.key, row.justification.length >= 80]).toEqual([row.key, true]);
      expect([row.key, row.permission.length >= 10, row.withoutIt.length >= 20]).toEqual([row.key, true, true]);
      // A row not requested says who decides it.
      expect([row.key, row.status === 'requested' || (row.pending ?? '').length > 20]).toEqual([row.key, true]);
      expect(row.services.length).toBeGreaterThan(0);
    }
    expect(new Set(SCOPES.map((r) => r.key)).size).toBe(SCOPES.length);
  });

  test('dist/appsscript.json requests exactly the requested rows, and the Sheets and BigQuery decisions are in the table', () => {
    expect(manifest.oauthScopes).toEqual(requestedScopes());
    // The scale issue chose setValues as the one write path (docs/platform.md "Scopes"): no
    // broader spreadsheets scope.
    expect(SCOPES.find((r) => r.key === 'spreadsheets')).toBeUndefined();
    // BigQuery (issue 31): requested, with its advanced service enabled in the same manifest.
    expect(SCOPES.find((r) => r.key === 'bigquery')?.status).toBe('requested');
    expect(manifest.oauthScopes).toContain('https://www.googleapis.com/auth/bigquery');
  });

  test('the bundle calls no service whose scope the manifest lacks; the check catches one that does', () => {
    expect(uncovered(code, manifest, SCOPES)).toEqual([]);
    // The bundle names MailApp: drop the mail row and it fails. It no longer names the Sheets
    // advanced service (setValues is the only write path, docs/platform.md "Scopes"): code that
    // calls it with the service enabled and no scope requested fails.
    expect(
      uncovered(
        code,
        manifest,
        SCOPES.filter((r) => r.key !== 'script.send_mail'),
      ),
    ).toEqual(['MailApp']);
    const sheetsCall = 'var v = g.Sheets.Spreadsheets.Values.batchUpdate(r, id);';
    expect(uncovered(sheetsCall, { ...manifest, dependencies: { enabledAdvancedServices: [{ userSymbol: 'Sheets' }] } }, SCOPES)).toEqual([
      'Sheets',
    ]);
    // A name in a string is not a call.
    expect(uncovered('var s = "DriveApp";', manifest, SCOPES)).toEqual([]);
    expect(uncovered('var f = g.DriveApp.getFiles();', manifest, SCOPES)).toEqual(['DriveApp']);
  });

  test('scopes live only in the table: appsscript.json listing any fails the build, as does enabling a service whose scope is not requested', () => {
    const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'appsscript.json'), 'utf8'));
    expect(base.oauthScopes).toBeUndefined();
    const dir = fixtureDir({
      'listed.json': JSON.stringify({ ...base, oauthScopes: ['https://www.googleapis.com/auth/drive'] }),
      'sheets.json': JSON.stringify({
        ...base,
        dependencies: { enabledAdvancedServices: [{ userSymbol: 'Sheets', serviceId: 'sheets', version: 'v4' }] },
      }),
    });
    expect(() => readManifest(path.join(dir, 'listed.json'))).toThrow(
      /remove oauthScopes; scopes are listed .* in src\/platform\/scopes.ts/,
    );
    expect(() => readManifest(path.join(dir, 'sheets.json'))).toThrow(
      /enables the Sheets advanced service, but .* requests no scope for it: add a requested row for its scope, with a justification/,
    );
  });

  test('docs/publishing.md shows the table as it is (run `npm run docs`)', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/publishing.md'), 'utf8');
    expect(renderPublishing(doc, SCOPES)).toBe(doc);
    for (const row of SCOPES) expect(doc).toContain(row.justification);
  });
});
