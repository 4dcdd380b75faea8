// `npm run bench -- cli [rows]`: how long the operator command line takes, as an operator runs it
// (a new `node bin/gateway.js` process each time), beside `node -e ''` in the same run (the machine's
// floor for starting Node at all):
//   1. `gateway --help`                 (target: under 1 s)
//   2. `gateway org list` against a running embedded PostgreSQL, the way the CLI finds the one a
//      gateway started (target: under 2 s)
//   3. `gateway catalog import` of a generated CSV of N products (default 2,000), rows per second.
// The embedded PostgreSQL runs in a temporary directory on a free port and is stopped at the end.
'use strict';
const { spawnSync } = require('node:child_process');
const { chmodSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const GATEWAY = join(ROOT, 'bin/gateway.js');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 7);

function timed(args, env) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // 0 done, 2 a usage error (the typo row), 3 an import that skipped rows.
  if (![0, 2, 3].includes(run.status)) {
    throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  }
  return { ms, stdout: run.stdout };
}

function series(label, args, env, runs = RUNS) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(timed(args, env).ms);
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  console.log(
    `${label.padEnd(44)} p50 ${p50.toFixed(0).padStart(5)} ms   min ${times[0].toFixed(0).padStart(5)} ms   max ${times[times.length - 1].toFixed(0).padStart(5)} ms   (${runs} runs)`,
  );
  return p50;
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function productsCsv(rows) {
  const lines = ['productCode,name,category,vendor,price,currency'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `BENCH-${i},"Stapler ${i}, heavy duty",desk-accessories,Vendor ${i % 7},${(i % 90) + 1}.50,EUR`,
    );
  return `${lines.join('\n')}\n`;
}

async function main(args) {
  const rows = Number(args[0] ?? 2_000);
  const dir = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  // As root, the embedded PostgreSQL runs as the user postgres, which must reach its data directory.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'silent',
    EMBEDDED_DATABASE_DIR: join(dir, 'postgres'),
    EMBEDDED_DATABASE_PORT: String(port),
  };
  const { startEmbeddedPostgres } = require('../dist/database/embedded-postgres');
  console.log(
    `Load average: ${require('node:os')
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${require('node:os').cpus().length} cores`,
  );
  const database = await startEmbeddedPostgres({ dir: env.EMBEDDED_DATABASE_DIR, port });
  try {
    timed([GATEWAY, 'db', 'migrate'], env);
    timed([GATEWAY, 'org', 'create', 'bench', '--name', 'Bench'], env);
    const floor = series("baseline: node -e ''", ['-e', ''], env);
    const help = series('gateway --help', [GATEWAY, '--help'], env);
    const typo = series(
      'gateway clinet list (a typo: usage error)',
      [GATEWAY, 'clinet', 'list'],
      { ...env },
      3,
    );
    const list = series('gateway org list (running embedded database)', [GATEWAY, 'org', 'list'], env);
    const file = join(dir, 'products.csv');
    writeFileSync(file, productsCsv(rows));
    const imported = timed([GATEWAY, 'catalog', 'import', file], env);
    console.log(
      `gateway catalog import, ${rows} rows (CSV)`.padEnd(44) +
        ` ${imported.ms.toFixed(0).padStart(9)} ms   ${((rows / imported.ms) * 1000).toFixed(0)} rows/s   (${imported.stdout.trim()})`,
    );
    console.log(
      `\ntargets: --help under 1 s: ${help < 1000 ? 'met' : 'missed'} (${help.toFixed(0)} ms, ${(help - floor).toFixed(0)} ms above starting Node);` +
        ` a command under 2 s: ${list < 2000 ? 'met' : 'missed'} (${list.toFixed(0)} ms); typo ${typo.toFixed(0)} ms`,
    );
  } finally {
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { main };
