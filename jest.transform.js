/**
 * Jest's TypeScript transform: esbuild, stripping types only (`npm run typecheck` checks them), in
 * milliseconds a file where ts-jest took most of a cold run's first minute.
 *
 * esbuild puts a module's requires first, so a `jest.mock` call would run after the module it mocks
 * was loaded. Jest's babel plugin hoists those calls; here a file that mocks writes its `jest.mock`
 * calls (and anything their factories use) before its first import, and that part is emitted ahead
 * of the requires. A mock written after an import fails the transform, saying so, rather than
 * silently mocking nothing.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync, version } = require('esbuild');

const MOCK = /\bjest\.mock\(/;
// Any change to this file makes new cache keys: an output cached by an earlier version is never reused.
const SELF = createHash('sha1').update(readFileSync(__filename)).digest('hex');
const FIRST_IMPORT = /^import\s/m;

function toCommonJs(source, file, banner = '') {
  return transformSync(source, {
    banner,
    loader: 'ts',
    format: 'cjs',
    target: 'es2022',
    sourcemap: 'inline',
    sourcefile: file,
    sourcesContent: false,
  }).code;
}

/**
 * The part before the first import (the mocks) ahead of the rest's requires, as the rest's banner
 * (which its source map allows for); the rest keeps its line numbers, blank lines standing for the
 * head, so stack traces point at the source.
 */
function withMocksFirst(source, file) {
  const at = source.search(FIRST_IMPORT);
  if (at < 0) return toCommonJs(source, file);
  const head = source.slice(0, at);
  const rest = source.slice(at);
  if (MOCK.test(rest)) {
    throw new Error(`${file}: write jest.mock calls before the first import; only there do they run before the imports.`);
  }
  const mocks = transformSync(head, { loader: 'ts', format: 'cjs', target: 'es2022' }).code;
  return toCommonJs('\n'.repeat(head.split('\n').length - 1) + rest, file, mocks);
}

module.exports = {
  canInstrument: false,
  process(source, file) {
    return { code: MOCK.test(source) ? withMocksFirst(source, file) : toCommonJs(source, file) };
  },
  getCacheKey(source, file) {
    return createHash('sha1').update(`esbuild ${version}\0${SELF}\0${file}\0${source}`).digest('hex');
  },
};
