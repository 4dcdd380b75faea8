import { TestEnvironment } from 'jest-environment-node';
import { OpenApiContract, WORKER_CONTRACT_KEY } from './openapi-contract';

/**
 * jest's node environment, plus what one worker builds once and lends to every test file it runs
 * (jest.config.js: testEnvironment). jest gives each file a fresh module registry, its own copy of
 * every module, so whatever a file builds the next builds again; this module is loaded once per
 * worker, outside those registries, and what it holds lives as long as the worker. Only what no test
 * can change belongs here: the compiled contract (docs/openapi.json's response validators, about a
 * second of CPU per compile, which every file that started a test app used to spend).
 */
let contract: Promise<OpenApiContract> | undefined;
const loadContractOnce = () => (contract ??= OpenApiContract.load());

export default class WorkerEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    // A getter, not a value: jest clears the values a file leaves on its global when the file ends,
    // and the share outlives the file.
    Object.defineProperty(this.global, WORKER_CONTRACT_KEY, {
      get: () => loadContractOnce,
      configurable: true,
    });
  }
}
