/** Tests mirror src/ under test/; tooling (emulator, fake API, playground) has its own folders there. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }] },
  testTimeout: 60000,
};
