/**
 * Jest compiles every module afresh for each test file that loads it (113 files, each loading the
 * emulator, the fake API and much of src/; a few load TypeScript's 9 MB). This keeps V8's code cache
 * of each module per worker and hands it to later compilations of the same source, which then skip
 * the parse. V8 checks the cache against the source and ignores one that does not fit.
 */
import type * as Vm from 'node:vm';

// The module object itself, which jest-runtime calls through (an ES namespace import would be a copy).
const vm = require('node:vm') as typeof Vm;

type CompileFunction = typeof vm.compileFunction;
type Compiled = ReturnType<CompileFunction> & { cachedData?: Buffer; cachedDataRejected?: boolean };

const INSTALLED = Symbol.for('creator-reporting.compile-cache');

export function installCompileCache(): void {
  const host = globalThis as unknown as Record<symbol, boolean>;
  if (host[INSTALLED]) return;
  host[INSTALLED] = true;
  const compile: CompileFunction = vm.compileFunction;
  const cache = new Map<string, { code: string; data: Buffer }>();
  const cached: CompileFunction = (code, params, options = {}) => {
    const file = options.filename;
    if (!file || options.cachedData || options.produceCachedData) return compile(code, params, options);
    const hit = cache.get(file);
    if (hit && hit.code === code) {
      const fn = compile(code, params, { ...options, cachedData: hit.data }) as Compiled;
      if (!fn.cachedDataRejected) return fn;
    }
    const fn = compile(code, params, { ...options, produceCachedData: true }) as Compiled;
    if (fn.cachedData) cache.set(file, { code, data: fn.cachedData });
    return fn;
  };
  (vm as { compileFunction: CompileFunction }).compileFunction = cached;
}
