import * as path from 'node:path';
import { readEntryExports } from '../../scripts/lib/entry-exports';
import { renderWrappers } from '../../scripts/lib/wrappers';
import { fixtureDir } from './fixture';

const GLOBAL = 'CreatorReporting';

function exportsOf(source: string) {
  const dir = fixtureDir({ 'entry.ts': source });
  return () => readEntryExports(path.join(dir, 'entry.ts'), GLOBAL);
}

describe('readEntryExports', () => {
  test.each([
    ['export let', 'export let counter = 0;', 'export let counter'],
    ['export class', 'export class Store {}', 'export class Store'],
    ['default function', 'export default function main() {}', 'default exports'],
    ['default expression', 'const x = 1;\nexport default x;', 'export default x'],
    ['re-export', "export { serve } from './app';", "export { serve } from './app'"],
    ['star re-export', "export * from './app';", "export * from './app'"],
    ['empty export', 'export {};', 'export {}'],
    ['local export list', 'function f() {}\nexport { f };', 'export { f }'],
    ['enum', 'export enum Mode { A }', 'export enum Mode'],
  ])('rejects %s', (_label, source, named) => {
    expect(exportsOf(`export function ok() {}\n${source}\n`)).toThrow(named);
  });

  test('type-only exports are allowed: they vanish at runtime', () => {
    const fns = exportsOf(
      "export interface A { x: number }\nexport type B = string;\nexport type { C } from './c';\nexport function ok(a: A, b: B) {}\n",
    )();
    expect(fns.map((f) => f.name)).toEqual(['ok']);
  });

  test('keeps parameter names (types dropped, optional and rest kept) and the JSDoc directly above', () => {
    const [fn] = exportsOf(
      '// not this one\n/** Not this either. */\n/** Doc. */\nexport function f(a: string, b?: number, ...rest: unknown[]) {}\n',
    )();
    expect(fn).toEqual({ name: 'f', params: ['a', 'b', '...rest'], jsDoc: '/** Doc. */' });
  });

  test('a function without JSDoc gets a bare wrapper', () => {
    expect(renderWrappers(exportsOf('export function f(x: number) {}')(), GLOBAL)).toBe('function f(x) { return CreatorReporting.f(x); }');
  });

  test('overloads are wrapped once, from the implementation', () => {
    const fns = exportsOf('export function f(a: string): void;\nexport function f(a: unknown) {}\n')();
    expect(fns.map((f) => f.name)).toEqual(['f']);
  });

  test('rejects destructured parameters (Sheets needs names) and the bundle global as a name', () => {
    expect(exportsOf('export function f({ a }: { a: number }) {}')).toThrow('Export "f": parameter 1 is destructured');
    expect(exportsOf('export function CreatorReporting() {}')).toThrow('collides');
  });

  test('a @customfunction without a @param for every parameter fails', () => {
    const fns = exportsOf('/**\n * Doc.\n * @param {string} a A.\n * @customfunction\n */\nexport function F(a: string, b: string) {}\n')();
    expect(() => renderWrappers(fns, GLOBAL)).toThrow('Export "F" is a @customfunction but has no @param for "b"');
  });
});
