import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fixtureDir, ROOT } from './fixture';

function count(results: object | null, npmStatus = 0) {
  const dir = fixtureDir(results ? { 'r.json': JSON.stringify(results) } : {});
  const r = spawnSync(process.execPath, [path.join(ROOT, '.ci/count.js'), path.join(dir, 'r.json'), String(npmStatus)], {
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout };
}

describe('.ci/count.js', () => {
  test('prints the plain line from jest --json and exits 0 when all passed', () => {
    expect(count({ numPassedTests: 12, numFailedTests: 0, numRuntimeErrorTestSuites: 0 })).toEqual({
      status: 0,
      stdout: '12 passed, 0 failed\n',
    });
  });

  test('exits 1 when a test failed', () => {
    expect(count({ numPassedTests: 3, numFailedTests: 2 }, 1)).toEqual({ status: 1, stdout: '3 passed, 2 failed\n' });
  });

  test('a suite that failed to load counts as a failure', () => {
    expect(count({ numPassedTests: 3, numFailedTests: 0, numRuntimeErrorTestSuites: 1 }, 1)).toEqual({
      status: 1,
      stdout: '3 passed, 1 failed\n',
    });
  });

  test('no results file (build or typecheck failed) prints 0 passed, 1 failed', () => {
    expect(count(null, 1)).toEqual({ status: 1, stdout: '0 passed, 1 failed\n' });
  });

  test('npm test failing with all tests passed still fails', () => {
    expect(count({ numPassedTests: 5, numFailedTests: 0 }, 1)).toEqual({ status: 1, stdout: '5 passed, 1 failed\n' });
  });
});
