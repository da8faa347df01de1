// Two projects: fast unit specs next to the code, and e2e specs that boot the real app on real
// databases (SQLite always, MySQL too when MYSQL_TEST_URL is set).
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  testEnvironment: 'node',
};

module.exports = {
  // A global option (Jest has no per-project timeout): e2e hooks start a real app on a real
  // database, some start database servers, which takes seconds on a busy machine.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '\\.spec\\.ts$' },
    {
      ...common,
      displayName: 'e2e',
      rootDir: '.',
      testRegex: 'test/.*\\.e2e-spec\\.ts$',
      maxWorkers: 2,
    },
  ],
};
