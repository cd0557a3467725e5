/** Tests mirror src/ under test/; tooling (emulator, fake API, playground) has its own folders there. */
module.exports = {
  // Jest's node environment, on a plain vm global (see the file).
  testEnvironment: '<rootDir>/test/plain-environment.ts',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Strip types only (tsconfig.test.json sets isolatedModules): `npm run typecheck` does the type checking.
  transform: { '^.+\\.ts$': '<rootDir>/jest.transform.js' },
  // One build of the add-on per run, shared by every suite that drives the bundle.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Jest's default is one worker per core minus one: a single worker on these 2-core machines, though
  // the browser and playground suites spend much of their time waiting.
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/sequencer.js',
  testTimeout: 60000,
};
