/**
 * The fake API in a realm of its own, for the thin runner (thin.ts), so that its objects share
 * nothing with the add-on's.
 *
 * V8 gives an object literal and an object JSON.parse makes the same hidden class when their keys
 * come in the same order, and a field's representation widens for every object of that class. The
 * fake API builds its rows as literals, keyed as its JSON is, with whole numbers read from
 * Float64Arrays (boxed doubles): in one realm, after its first pages, the add-on's JSON.parse gave
 * `impressions: 4427` as a boxed 4427.0 instead of a small integer, every row, so each whole
 * number the add-on read was a fresh heap number and every hash of it took the slow way. On Apps
 * Script the add-on's isolate holds no server, and a page parses as it does in a fresh process
 * (bench/README.md, "What is measured, and how").
 */
import { buildSync } from 'esbuild';
import * as path from 'node:path';
import * as vm from 'node:vm';
import type { FakeApi, FakeApiOptions } from '../fake-api';

type CreateFakeApi = (opts?: FakeApiOptions) => FakeApi;

let built: string | undefined;

/** The fake API's code as one script that leaves `createFakeApi` on its global (built once a process). */
function fakeApiScript(): string {
  built ??= buildSync({
    entryPoints: [path.join(__dirname, '..', 'fake-api', 'index.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'fakeApiModule',
    platform: 'neutral',
    target: 'es2020',
    logLevel: 'silent',
  }).outputFiles[0].text;
  return built;
}

/** createFakeApi, run in a new realm: its rows, maps and builtins are that realm's. */
export function fakeApiInOwnRealm(opts: FakeApiOptions): FakeApi {
  const context = vm.createContext({});
  vm.runInContext(fakeApiScript(), context, { filename: 'fake-api.js' });
  const create = (context as { fakeApiModule: { createFakeApi: CreateFakeApi } }).fakeApiModule.createFakeApi;
  return create(opts);
}
