/**
 * docs/architecture.md: src/ never reads the clock itself; the time comes from the platform
 * (`execution.platform.now()`), so the emulator's virtual clock is the add-on's clock in every test
 * and a schedule, a cache lifetime or a staging sheet's age is judged by one clock.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './fixture';

/** The platform's own clock is the one place that reads Date. */
const ALLOWED = new Set(['src/platform/apps-script.ts']);

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

test('no file in src/ but the platform reads the clock (Date.now(), new Date() without a time)', () => {
  const readers = sources('src')
    .filter((f) => !ALLOWED.has(f))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${f}:${i + 1}`, line }))
        .filter(({ line }) => /\bDate\.now\(|new Date\(\s*\)/.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
  expect(readers).toEqual([]);
});
