import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which documented operation x status pairs a test run provoked: each jest worker appends the pairs
 * its test apps answered (openapi-contract.ts) to one file; the global teardown sums them up.
 */
const DIR = join(__dirname, '../../test-output/openapi-contract');
export const EXERCISED_FILE = join(DIR, 'exercised.txt');
const SUMMARY_FILE = join(DIR, 'summary.txt');
const DOCUMENT_FILE = join(__dirname, '../../docs/openapi.json');

/** Global setup: a run starts with no pairs. */
export function resetContractCoverage(): void {
  rmSync(DIR, { recursive: true, force: true });
}

/** Global teardown: prints (and writes to summary.txt) how many documented pairs were exercised. */
export function reportContractCoverage(): void {
  if (!existsSync(EXERCISED_FILE)) return;
  const exercised = new Set(readFileSync(EXERCISED_FILE, 'utf8').split('\n').filter(Boolean));
  const documented = documentedPairs();
  const never = documented.filter((pair) => !exercised.has(pair));
  const summary =
    `OpenAPI contract: ${exercised.size} of ${documented.length} documented operation x status pairs ` +
    `exercised and validated; never exercised (${never.length}):\n${never.map((pair) => `  ${pair}`).join('\n')}\n`;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(SUMMARY_FILE, summary);
  process.stdout.write(`\n${summary}`);
}

function documentedPairs(): string[] {
  const document = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      Object.keys(operation.responses ?? {}).map((status) => `${method.toUpperCase()} ${path} ${status}`),
    ),
  );
}
