// One jest run for all layers: unit specs beside the code (src/**/*.spec.ts), integration tests
// against a real PostgreSQL (test/**/*.e2e-spec.ts) and browser tests (test/**/*.browser-spec.ts).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.e2e-spec.ts?(x)', '<rootDir>/test/**/*.browser-spec.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
    // ES-only dependencies: jest on Node 20 cannot require() them, so they are transpiled to CommonJS.
    '^.+/node_modules/(content-disposition|@apidevtools/json-schema-ref-parser|openid-client|oauth4webapi|jose)/.+\\.js$': [
      'ts-jest',
      { tsconfig: '<rootDir>/tsconfig.test.json' },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|@apidevtools/json-schema-ref-parser|openid-client|oauth4webapi|jose)/)'],
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
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
