import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './fixture';

/** A package.json script as the steps npm runs, in order ("npm run build && jest" -> ["build", "jest"]). */
function steps(name: string): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return scripts[name].split('&&').map((step) => step.trim().replace(/^npm run /, ''));
}

describe('npm test and npm run test:unit', () => {
  test('npm test is the whole check CI runs: build, typecheck, layers, function length, lint, then jest', () => {
    expect(steps('test')).toEqual(['build', 'typecheck', 'check:layers', 'check:length', 'lint', 'jest']);
  });

  test('test:unit builds, then hands its arguments to jest, with no typecheck, lint or layer check', () => {
    // npm appends `-- <path>` to the script's last command, so the last step must be jest itself.
    expect(steps('test:unit')).toEqual(['build', 'jest']);
  });
});
