// `node bench/run.js test-files --checkout before=<dir> --checkout after=<dir> [options] -- <test paths>`:
// how long the same jest test files take in two (or more) checkouts of this repository, e.g. main and
// a branch that changes how the tests run. The checkouts run in turns (A B, B A, A B, ...) so that the
// load of this shared machine falls on both alike; each row reports the median of its rounds. Measured
// per run: the wall time, the CPU time of jest and everything it started (user + system, from
// /usr/bin/time when the machine has it) and the tests jest counted, the same in every checkout.
//   --rounds R     rounds per checkout (default 3)
//   --workers N    jest's --maxWorkers (default 1: the other core stays for PostgreSQL)
//   --cold         each run with jest's --no-cache: every file is compiled again
//   --warmup       one unmeasured run per checkout first (fills jest's transform cache and the OS's)
//   --label TEXT   the subset's name in the result file
//   --write        writes bench/results/<date>-test-files-<label>.md
// Paths are relative to each checkout (they may differ, e.g. after test files moved): give a checkout
// its own paths with --paths <name>=<comma-separated paths>. TEST_DATABASE_URL and TEST_REDIS_URL are
// passed on as they are.
'use strict';
const { spawn } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { cpus, loadavg, tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const GNU_TIME = '/usr/bin/time';

function parse(args) {
  const options = {
    checkouts: [],
    paths: {},
    rounds: 3,
    workers: 1,
    cold: false,
    label: 'subset',
    write: false,
  };
  const dash = args.indexOf('--');
  const files = dash === -1 ? [] : args.slice(dash + 1);
  const flags = dash === -1 ? args : args.slice(0, dash);
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    const value = () => {
      if (flags[i + 1] === undefined) throw new Error(`${flag} needs a value`);
      return flags[++i];
    };
    if (flag === '--checkout') {
      const [name, dir] = value().split('=');
      if (!name || !dir) throw new Error('--checkout takes name=<directory>');
      options.checkouts.push({ name, dir: resolve(dir) });
    } else if (flag === '--paths') {
      const [name, list] = value().split('=');
      options.paths[name] = list.split(',').filter(Boolean);
    } else if (flag === '--rounds') options.rounds = Number(value());
    else if (flag === '--workers') options.workers = Number(value());
    else if (flag === '--label') options.label = value();
    else if (flag === '--cold') options.cold = true;
    else if (flag === '--warmup') options.warmup = true;
    else if (flag === '--write') options.write = true;
    else throw new Error(`unknown option ${flag}`);
  }
  if (options.checkouts.length < 2) throw new Error('give at least two --checkout name=<directory>');
  for (const checkout of options.checkouts) {
    checkout.files = options.paths[checkout.name] ?? files;
    if (checkout.files.length === 0) throw new Error(`no test paths for ${checkout.name}`);
    if (!existsSync(join(checkout.dir, 'node_modules/jest/bin/jest.js')))
      throw new Error(`${checkout.dir}: no node_modules/jest (run npm ci there first)`);
  }
  return options;
}

/** One jest run in `checkout`: wall ms, CPU ms (or undefined), tests passed and failed. */
function runJest(checkout, options, scratch) {
  const output = join(scratch, `${checkout.name}.json`);
  rmSync(output, { force: true });
  const jestArgs = [
    join(checkout.dir, 'node_modules/jest/bin/jest.js'),
    ...checkout.files,
    `--maxWorkers=${options.workers}`,
    '--ci',
    '--json',
    `--outputFile=${output}`,
    ...(options.cold ? ['--no-cache'] : []),
  ];
  const timing = join(scratch, 'time.txt');
  const [command, args] = existsSync(GNU_TIME)
    ? [GNU_TIME, ['-f', '%U %S', '-o', timing, process.execPath, ...jestArgs]]
    : [process.execPath, jestArgs];
  const started = process.hrtime.bigint();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: checkout.dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', reject);
    child.on('exit', () => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (!existsSync(output)) return reject(new Error(`${checkout.name}: jest wrote no result\n${stderr}`));
      const result = JSON.parse(readFileSync(output, 'utf8'));
      let cpuMs;
      if (existsSync(timing)) {
        const [user, system] = readFileSync(timing, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        cpuMs = (user + system) * 1000;
      }
      resolvePromise({ wallMs, cpuMs, passed: result.numPassedTests, failed: result.numFailedTests });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

async function main(args) {
  const options = parse(args);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-test-files-'));
  const runs = Object.fromEntries(options.checkouts.map((checkout) => [checkout.name, []]));
  try {
    if (options.warmup) {
      for (const checkout of options.checkouts) {
        const run = await runJest(checkout, options, scratch);
        console.log(
          `warm-up ${checkout.name.padEnd(12)} wall ${seconds(run.wallMs).padStart(8)}  (not counted)`,
        );
      }
    }
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? options.checkouts : [...options.checkouts].reverse();
      for (const checkout of order) {
        const run = await runJest(checkout, options, scratch);
        runs[checkout.name].push(run);
        console.log(
          `round ${round + 1} ${checkout.name.padEnd(12)} wall ${seconds(run.wallMs).padStart(8)}  cpu ${seconds(run.cpuMs).padStart(8)}  tests ${run.passed} passed, ${run.failed} failed`,
        );
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const [first] = options.checkouts;
  const summary = options.checkouts.map((checkout) => {
    const list = runs[checkout.name];
    return {
      name: checkout.name,
      wall: median(list.map((run) => run.wallMs)),
      cpu: list[0].cpuMs === undefined ? undefined : median(list.map((run) => run.cpuMs)),
      tests: [...new Set(list.map((run) => `${run.passed} passed, ${run.failed} failed`))].join(' / '),
    };
  });
  const base = summary.find((row) => row.name === first.name);
  const lines = [
    `| checkout | wall (median) | CPU (median) | wall vs ${first.name} | CPU vs ${first.name} | tests |`,
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...summary.map(
      (row) =>
        `| ${row.name} | ${seconds(row.wall)} | ${seconds(row.cpu)} | ${((row.wall / base.wall) * 100).toFixed(0)}% | ${
          row.cpu === undefined ? 'n/a' : `${((row.cpu / base.cpu) * 100).toFixed(0)}%`
        } | ${row.tests} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  if (options.write) {
    const date = new Date().toISOString().slice(0, 10);
    const file = join(__dirname, 'results', `${date}-test-files-${options.label}.md`);
    mkdirSync(join(__dirname, 'results'), { recursive: true });
    const files = options.checkouts
      .map((checkout) => `- ${checkout.name} (${checkout.files.length} paths): ${checkout.files.join(' ')}`)
      .join('\n');
    writeFileSync(
      file,
      `# Test files: ${options.label}\n\n${options.rounds} rounds per checkout in turns${options.warmup ? ' after a warm-up run' : ''}, --maxWorkers=${options.workers}` +
        `${options.cold ? ', --no-cache (every file compiled)' : ', warm transform cache'}; median round; load average at the end ` +
        `${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} on ${cpus().length} cores.\n\n` +
        `${lines.join('\n')}\n\n${files}\n`,
    );
    console.log(`wrote ${file}`);
  }
}

module.exports = { main };
