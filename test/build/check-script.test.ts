import { checkClassicScript } from '../../scripts/lib/check-script';
import { escapeInlineScript } from '../../scripts/lib/bundle-sidebar';

describe('checkClassicScript', () => {
  test.each([
    ['import', "import x from 'y';\n", 'import at line 1'],
    ['export', 'var a = 1;\nexport { a };\n', 'export at line 2'],
    ['export function', 'export function f() {}\n', 'export at line 1'],
    ['require deep inside', 'var X = (function () {\n  return require("fs");\n})();\n', 'require( at line 2'],
    ['dynamic import', 'function f() { return import("x"); }\n', 'import( at line 1'],
  ])('rejects %s', (_label, code, message) => {
    expect(() => checkClassicScript(code, 'x.js')).toThrow(message);
  });

  test('rejects code that does not parse', () => {
    expect(() => checkClassicScript('function (', 'x.js')).toThrow('does not parse as a classic script');
  });

  test('accepts an IIFE with wrappers, and the word require inside strings', () => {
    const code = 'var G = (() => ({ f: () => "require(x) import y" }))();\nfunction f() { return G.f(); }\n';
    expect(() => checkClassicScript(code, 'x.js')).not.toThrow();
  });
});

describe('escapeInlineScript', () => {
  test('no </script survives, in any case, and the JS means the same', () => {
    const js = 'var s = "</script><\\/x>" + `</SCRIPT >`; var r = /<\\/script/i.test("</Script");';
    const escaped = escapeInlineScript(js);
    expect(escaped).not.toMatch(/<\/script/i);
    const run = (src: string) => new Function(`${src}; return [s, r];`)();
    expect(run(escaped)).toEqual(run(js));
  });
});
