// `npm run bench -- catalog-import [--products 100000,1000000] [--rounds 1]`: the whole supplier
// catalog import (read, validate, match, write in one transaction) of a generated BMEcat 2005 catalog
// (bench/support/bmecat-generator.js: two languages, 20 features, three price tiers per product),
// beside the same products as JSONL through the gateway's own import (`catalog import file.jsonl`),
// in the same run on the same database server: products per second and the peak resident memory of
// the importing process. Each import runs as the operator CLI in a process of its own, into a fresh
// migrated database (BENCH_DATABASE_URL/DATABASE_URL's server, else an embedded one), so that its peak
// RSS and its writes are its own. Targets (docs/catalogs.md): BMEcat at least 70% of JSONL's
// products/s; BMEcat's peak RSS at the largest size within 1.5x of the smallest.
'use strict';
/* global __filename */
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { loadavg, tmpdir, cpus } = require('node:os');
const { join } = require('node:path');
const { writeCatalog } = require('./support/bmecat-generator');
const { startBenchDatabase } = require('./support/bench-env');

const ROOT = join(__dirname, '..');

const STEPS = {
  'baseline: JSONL through the own-shape import': {
    file: 'jsonl',
    argv: (file) => ['catalog', 'import', file, '--format', 'jsonl'],
  },
  'BMEcat 2005 through the supplier import': {
    file: 'xml',
    argv: (file) => ['catalog', 'import', file, '--supplier', 'bench-supplier', '--format', 'bmecat'],
  },
};

/** One import as the operator runs it, in a fresh process on a fresh database: seconds, peak RSS, its report. */
async function measureInChild(step, file) {
  const database = await startBenchDatabase();
  try {
    await runCli(database.url, ['supplier', 'add', 'bench-supplier', '--name', 'Bench Supplier GmbH']);
    const { seconds, peakRssMb, stdout } = await runCli(database.url, [...STEPS[step].argv(file), '--json']);
    const report = JSON.parse(stdout);
    const products = report.imported ?? report.offers.created;
    return { seconds, peakRssMb, products };
  } finally {
    await database.drop();
  }
}

function runCli(databaseUrl, argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=1536', __filename, '--child', ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      cwd: ROOT,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (data) => (out += data));
    child.stderr.on('data', (data) => (err += data));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = err.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${argv.join(' ')} exited ${code}: ${err.slice(-2000)}`));
      const measured = JSON.parse(last);
      resolve({ ...measured, stdout: out });
    });
  });
}

/** In the child: the compiled CLI, timed, then its peak resident set on the last line of stderr. */
async function child(argv) {
  const { runCli: cli } = require(join(ROOT, 'dist/admin/cli'));
  const started = process.hrtime.bigint();
  const code = await cli(argv, { stdout: process.stdout, stderr: { write: () => true }, env: process.env });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stderr.write(
    `\n${JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
  process.exit(code);
}

function parseArgs(args) {
  const options = { products: [100_000, 1_000_000], rounds: 1 };
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === '--products') options.products = args[i + 1].split(',').map(Number);
    else if (args[i] === '--rounds') options.rounds = Number(args[i + 1]);
    else throw new Error(`unknown option ${args[i]}`);
  }
  return options;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const format = (n, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(args) {
  const options = parseArgs(args);
  const dir = mkdtempSync(join(tmpdir(), 'catalog-import-bench-'));
  const sections = [];
  try {
    for (const products of options.products) {
      const files = {
        xml: join(dir, `catalog-${products}.xml`),
        jsonl: join(dir, `catalog-${products}.jsonl`),
      };
      console.log(`generating ${products} products ...`);
      await writeCatalog({ products, out: files.xml });
      await writeCatalog({ products, out: files.jsonl, format: 'jsonl' });
      const load = loadavg()[0];
      const runs = Object.fromEntries(Object.keys(STEPS).map((step) => [step, []]));
      for (let round = 0; round < options.rounds; round++)
        for (const step of Object.keys(STEPS)) {
          const run = await measureInChild(step, files[STEPS[step].file]);
          if (run.products !== products)
            throw new Error(`${step}: ${run.products} products, expected ${products}`);
          runs[step].push(run);
          console.log(`  ${step}: ${run.seconds.toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB`);
        }
      const rows = Object.entries(runs).map(([step, list]) => {
        const seconds = median(list.map((r) => r.seconds));
        return {
          step,
          megabytes: statSync(files[STEPS[step].file]).size / 1e6,
          seconds,
          productsPerSecond: products / seconds,
          peakRssMb: median(list.map((r) => r.peakRssMb)),
        };
      });
      console.table(rows);
      sections.push({ products, rows, load: [load, loadavg()[0]] });
      rmSync(files.xml);
      rmSync(files.jsonl);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const file = join(__dirname, 'results', `${new Date().toISOString().slice(0, 10)}-catalog-import.md`);
  writeFileSync(file, markdown(sections, options));
  console.log(`\nwritten to ${file}`);
}

function markdown(sections, options) {
  const [bmecat, jsonl] = [
    'BMEcat 2005 through the supplier import',
    'baseline: JSONL through the own-shape import',
  ];
  const lines = [
    `# Catalog import: BMEcat 2005 against JSONL, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Command: \`npm run bench -- catalog-import --products ${options.products.join(',')} --rounds ${options.rounds}\` ` +
      `(Node ${process.version}, ${cpus().length} cores shared with other sessions; load average before → after each size). ` +
      'Each import is the operator CLI in its own process on a fresh database; rows are medians of the rounds.',
    '',
  ];
  for (const { products, rows, load } of sections) {
    const by = Object.fromEntries(rows.map((row) => [row.step, row]));
    lines.push(`## ${format(products)} products (load ${load.map((l) => l.toFixed(1)).join(' → ')})`, '');
    lines.push('| Step | File MB | Seconds | Products/s | Peak RSS MB |', '| --- | --: | --: | --: | --: |');
    for (const row of rows)
      lines.push(
        `| ${row.step} | ${format(row.megabytes)} | ${format(row.seconds, 1)} | ${format(row.productsPerSecond)} | ${format(row.peakRssMb)} |`,
      );
    lines.push(
      '',
      `BMEcat reaches ${format((100 * by[bmecat].productsPerSecond) / by[jsonl].productsPerSecond, 0)}% of JSONL's products/s (target: at least 70%).`,
      '',
    );
  }
  if (sections.length > 1) {
    const rss = (section) => section.rows.find((row) => row.step === bmecat).peakRssMb;
    const first = sections[0];
    const last = sections[sections.length - 1];
    lines.push(
      `Peak RSS of the BMEcat import at ${format(last.products)} products is ${(rss(last) / rss(first)).toFixed(2)}x ` +
        `that at ${format(first.products)} (target: at most 1.5x).`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

if (require.main === module && process.argv[2] === '--child') {
  child(process.argv.slice(3)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { main };
