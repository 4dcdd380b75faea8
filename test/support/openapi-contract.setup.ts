import { takeContractViolations, writeExercisedPairs } from './openapi-contract';

/**
 * Fails the test during which a test app sent a response that docs/openapi.json does not describe
 * (the check itself: openapi-contract.ts). Registered for every test file by jest.config.js.
 */
function failOnViolations(): void {
  const problems = takeContractViolations();
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} response(s) do not match docs/openapi.json:\n- ${[...new Set(problems)].join('\n- ')}`,
    );
  }
}

afterEach(failOnViolations);
afterAll(() => {
  writeExercisedPairs();
  failOnViolations();
});
