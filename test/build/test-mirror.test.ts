/**
 * Tests mirror src/ (docs/architecture.md): a test whose src/ imports all come from one folder lives
 * in test/<that folder>, so the tests of a module are found where its folder's name says. Tooling
 * (the emulator, the fake API, the playground, the build, the bundle in dist/) and whole journeys
 * across layers have folders of their own.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './fixture';

/**
 * test/ folders that are not named after a src/ folder: tooling, and suites that walk every layer
 * (hardening's promises, journeys, comparisons and histories end to end, demo mode).
 */
const OWN_FOLDERS = new Set([
  'bench',
  'browser',
  'build',
  'dist',
  'emulator',
  'fake-api',
  'hardening',
  'helpers',
  'journeys',
  'listing',
  'playground',
  'probe',
  'site',
  'compare',
  'history',
  'demo',
]);

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/**
 * The src/ folders a test file reaches: its value imports (a type says nothing about the code under
 * test) and the src/ paths it names (a page bundled from src/sidebar/client by the test itself).
 * A file directly in src/ counts as a folder of its own.
 */
function srcFolders(file: string, text: string): Set<string> {
  const folders = new Set<string>();
  const values = text.replace(/^import type [^;]+;$/gm, '');
  for (const match of values.matchAll(/'(\.\.?\/[^']*src\/[^']+)'/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]));
    const parts = target.split('/');
    if (parts[0] === 'src') folders.add(parts.length > 2 ? parts[1] : parts[1].replace(/\.ts$/, ''));
  }
  return folders;
}

/**
 * A test that drives the add-on whole (the emulator, the built bundle, a world or harness made on
 * them) reaches its code through the entry, not its imports: a constant or the catalog's list it
 * imports to size or enumerate its cases says nothing about its subject, so it lives with the
 * layer it drives and only unit tests are held to their imports.
 */
const DRIVES_THE_ADD_ON = /from '(?:\.\.\/)+emulator'|\b(?:buildBundle|buildAddOn|createHarness|createWorld|sidebarWorld|ensureDist)\(/;

test('a unit test whose src/ imports all come from one folder lives in test/<that folder>', () => {
  const misplaced = testFiles('test').flatMap((file) => {
    const here = file.split('/')[1];
    if (OWN_FOLDERS.has(here)) return [];
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    if (DRIVES_THE_ADD_ON.test(text)) return [];
    const folders = [...srcFolders(file, text)];
    return folders.length === 1 && folders[0] !== here ? [`${file} imports only src/${folders[0]}/`] : [];
  });
  expect(misplaced).toEqual([]);
});

test('src/ folders each have a test folder', () => {
  const srcDirs = fs
    .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const missing = srcDirs.filter((d) => !fs.existsSync(path.join(ROOT, 'test', d)));
  expect(missing).toEqual([]);
});
