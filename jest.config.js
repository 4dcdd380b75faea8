// One jest run for all layers: unit specs beside the code (src/**/*.spec.ts), service tests on a real
// PostgreSQL without HTTP (test/service/**/*.service-spec.ts), integration tests against a real
// PostgreSQL over HTTP (test/**/*.e2e-spec.ts) and browser tests (test/**/*.browser-spec.ts).
const { swcOptions } = require('./scripts/swc-options');

// ES-only dependencies: jest on Node 20 cannot require() them, so they are compiled to CommonJS too.
const ES_ONLY = '(content-disposition|@apidevtools/json-schema-ref-parser|openid-client|oauth4webapi|jose)';

/** @type {import('jest').Config} */
module.exports = {
  // jest's node environment, plus what a worker builds once for all its files (the compiled contract).
  testEnvironment: '<rootDir>/test/support/worker-environment.ts',
  rootDir: '.',
  testMatch: [
    '<rootDir>/src/**/*.spec.ts?(x)',
    '<rootDir>/test/**/*.service-spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts?(x)',
    '<rootDir>/test/**/*.browser-spec.ts?(x)',
  ],
  // SWC compiles file by file without type checking (`npm test` type-checks the whole project first):
  // about a fifth of ts-jest's compile time.
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', swcOptions('typescript')],
    [`^.+/node_modules/${ES_ONLY}/.+\\.js$`]: ['@swc/jest', swcOptions('ecmascript')],
  },
  transformIgnorePatterns: [`/node_modules/(?!${ES_ONLY}/)`],
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // Long files first also on a fresh checkout, which has no timings yet (see the file).
  testSequencer: '<rootDir>/test/support/test-sequencer.js',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['reflect-metadata'],
  // The contract test: a response of a test app that docs/openapi.json does not describe fails the test.
  setupFilesAfterEnv: ['<rootDir>/test/support/openapi-contract.setup.ts'],
  maxWorkers: 2,
  testTimeout: 30_000,
  // Workers are recycled if a leak ever makes one grow, rather than slowing the whole run.
  workerIdleMemoryLimit: '1GB',
};
