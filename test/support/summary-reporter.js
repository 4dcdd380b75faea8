// Prints one plain closing line, "Tests: N passed, N failed, N skipped", that CI systems which do
// not parse jest's own summary can read; before it, one loud line per external part that was missing
// (test/support/external-parts.ts recorded each suite it skipped for it).
'use strict';
const { existsSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const SKIPPED_PARTS_FILE = join(__dirname, '..', '..', 'test-output', 'skipped-parts.jsonl');

class SummaryReporter {
  onRunStart() {
    rmSync(SKIPPED_PARTS_FILE, { force: true });
  }

  onRunComplete(_contexts, results) {
    for (const line of skippedParts()) process.stdout.write(`\n${line}`);
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\nTests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** One line per missing part: what is missing, how to get it, and which suites it skipped. */
function skippedParts() {
  if (!existsSync(SKIPPED_PARTS_FILE)) return [];
  const byPart = new Map();
  for (const line of readFileSync(SKIPPED_PARTS_FILE, 'utf8').split('\n').filter(Boolean)) {
    const record = JSON.parse(line);
    const part = byPart.get(record.name) ?? { ...record, suites: new Set(), files: new Set() };
    part.suites.add(`${record.file} ${record.suite}`);
    part.files.add(record.file);
    byPart.set(record.name, part);
  }
  return [...byPart.values()].map(
    (part) =>
      `SKIPPED, no ${part.name} (${part.missing}): ${part.suites.size} suite(s) or check(s) in ${[...part.files].join(', ')}. ${part.fix}.`,
  );
}

module.exports = SummaryReporter;
