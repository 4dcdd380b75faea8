// Relevance of search over the judged set (test/relevance/judgments.json): runs the relevance test
// (a fresh database with the seed-1 demo catalog it was judged on; TEST_DATABASE_URL or the
// embedded server, like `npm test`) and prints recall@24 and NDCG@10 per query group, plus the
// queries below recall 0.9 or NDCG 0.8. `npm run bench -- relevance`.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'relevance-'));
  const file = join(dir, 'report.txt');
  try {
    const jest = spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--ci', '--silent', 'test/relevance'],
      {
        cwd: join(__dirname, '..'),
        env: { ...process.env, RELEVANCE_REPORT_FILE: file },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`the relevance test produced no report (exit ${jest.status})`);
    }
    process.stdout.write(`Search relevance, judged set (test/relevance/judgments.json)\n\n${text}`);
    if (jest.status !== 0) process.stdout.write('\nThe relevance test FAILED (floor missed, see above).\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { main };
