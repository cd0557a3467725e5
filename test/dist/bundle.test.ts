import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { GLOBAL_NAME } from '../../scripts/lib/bundle-code';
import { readEntryExports } from '../../scripts/lib/entry-exports';
import { jsDocParamNames } from '../../scripts/lib/wrappers';
import { DIST, ensureDist, ROOT } from '../build/fixture';

const read = (f: string) => fs.readFileSync(path.join(DIST, f), 'utf8');

let code = '';
const entry = readEntryExports(path.join(ROOT, 'src/Code.ts'), GLOBAL_NAME);

beforeAll(() => {
  ensureDist();
  code = read('Code.js');
});

describe('dist/Code.js', () => {
  test('every export of src/Code.ts is a top-level function when loaded as a classic script', () => {
    expect(entry.length).toBeGreaterThan(20);
    const ctx = vm.createContext({});
    new vm.Script(code, { filename: 'Code.js' }).runInContext(ctx);
    for (const fn of entry) {
      expect([fn.name, vm.runInContext(`typeof ${fn.name}`, ctx)]).toEqual([fn.name, 'function']);
      // A top-level declaration, the only kind Apps Script lists, not a property set at runtime.
      expect(code).toMatch(new RegExp(`^function ${fn.name}\\(`, 'm'));
    }
    // Nothing but the one global leaks out of the IIFE besides the wrappers.
    const globals = Object.keys(ctx).sort();
    expect(globals).toEqual([GLOBAL_NAME, ...entry.map((f) => f.name)].sort());
  });

  test('each CREATOR_ function sits directly under its JSDoc with @customfunction and a @param per parameter', () => {
    const creators = entry.filter((f) => f.name.startsWith('CREATOR_'));
    expect(creators.length).toBeGreaterThanOrEqual(16);
    for (const fn of creators) {
      const m = code.match(new RegExp(`(/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/)\\nfunction ${fn.name}\\(([^)]*)\\)`));
      expect([fn.name, m !== null]).toEqual([fn.name, true]);
      const [, doc, params] = m as RegExpMatchArray;
      expect(doc).toContain('@customfunction');
      const names = params.split(',').map((p) => p.trim());
      expect(names).toEqual(fn.params);
      expect(jsDocParamNames(doc)).toEqual(expect.arrayContaining(names));
    }
  });

  test('holds no import, export or require(', () => {
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(code).not.toMatch(/(^|[^\w$."'])require\(/m);
  });

  test('writes only through a path the manifest allows: no Sheets advanced service call, which would need the spreadsheets scope', () => {
    // Calls, not words: the scope table (src/platform/scopes.ts) describes the service in prose.
    expect(code).not.toMatch(/\bSheets\s*\??\.\s*Spreadsheets\b/);
    expect(code).not.toMatch(/\.batchUpdate\s*\(/);
  });
});

describe('dist/appsscript.json', () => {
  test('V8, the explicit scopes (bigquery with its advanced service), the URL whitelist, no addOns section', () => {
    const manifest = JSON.parse(read('appsscript.json'));
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.timeZone).toBe('America/New_York');
    expect(manifest.exceptionLogging).toBe('STACKDRIVER');
    expect([...manifest.oauthScopes].sort()).toEqual(
      [
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/script.scriptapp',
        'https://www.googleapis.com/auth/script.send_mail',
        'https://www.googleapis.com/auth/userinfo.email',
        'https://www.googleapis.com/auth/spreadsheets.currentonly',
        'https://www.googleapis.com/auth/bigquery',
      ].sort(),
    );
    // The scope and the service go together: one without the other fails on Google.
    expect(manifest.dependencies.enabledAdvancedServices).toEqual([{ userSymbol: 'BigQuery', serviceId: 'bigquery', version: 'v2' }]);
    expect(manifest.urlFetchWhitelist).toEqual(['https://publisher-api.raptive.com/']);
    expect(manifest.addOns).toBeUndefined();
  });
});

describe('dist/Sidebar.html', () => {
  test('has its styles and script inlined, no markers left, no </script inside the script', () => {
    const html = read('Sidebar.html');
    expect(html).not.toContain('/* STYLES */');
    expect(html).not.toContain('/* SCRIPT */');
    const css = fs.readFileSync(path.join(ROOT, 'src/sidebar/client/sidebar.css'), 'utf8');
    expect(html).toContain(css);

    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/gi)];
    expect(scripts).toHaveLength(1);
    const js = scripts[0][1];
    expect(js.trim().length).toBeGreaterThan(0);
    // The script tag closes exactly where the inlined bundle ends.
    expect(html.split(/<\/script/i)).toHaveLength(2);
    expect(() => new vm.Script(js)).not.toThrow();
  });
});
