/**
 * Jest's TypeScript transform: esbuild, stripping types only (`npm run typecheck` checks them), in
 * milliseconds a file where ts-jest took most of a cold run's first minute. A file calling
 * jest.mock goes through ts-jest, which hoists the mock above the imports as jest expects.
 */
const { createHash } = require('node:crypto');
const path = require('node:path');
const { transformSync, version } = require('esbuild');
const tsJestFactory = require('ts-jest').default;

const tsJest = tsJestFactory.createTransformer({ tsconfig: path.join(__dirname, 'tsconfig.test.json'), diagnostics: false });
const needsHoisting = (source) => source.includes('jest.mock(');

module.exports = {
  canInstrument: false,
  process(source, file, options) {
    if (needsHoisting(source)) return tsJest.process(source, file, options);
    const { code } = transformSync(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'es2022',
      sourcemap: 'inline',
      sourcefile: file,
      sourcesContent: false,
    });
    return { code };
  },
  getCacheKey(source, file, options) {
    if (needsHoisting(source)) return `ts-jest:${tsJest.getCacheKey(source, file, options)}`;
    return createHash('sha1').update(`esbuild ${version}\0${file}\0${source}`).digest('hex');
  },
};
