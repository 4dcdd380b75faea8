// `npm run bench -- catalog-import [--products 100000] [--rounds 2] [--memory 100000,1000000] [--profile 5000]
//   [--out catalog-import-100000]`
// (`--products 10000,100000`: speed at 10,000, memory at both sizes; `--rounds 0`: no speed rows;
// `--out`: the results file's name after the date, so that runs of different sizes keep their own):
// a supplier's BMEcat 2005 catalog imported end to end, the way an operator runs it
// (`node bin/gateway.js catalog import <file> --supplier <slug> --json`, a process of its own, into a
// throw-away database), beside the same products as the gateway's own JSONL shape through the
// existing import in the same run. Files come from bench/support/bmecat-generator.js (two languages,
// 20 features, three LOWER_BOUND price tiers, eCl@ss, order and content units: about 5.4 KB of
// BMEcat per product); the JSONL holds the same products as the own shape can carry them.
//
// Rows:
//   1. products/s of each format, rounds alternating the order (BMEcat first, then JSONL first, ...)
//      so that a load change hits both; each row reports its median round. Target: BMEcat >= 70% of
//      JSONL's products/s.
//   2. peak resident set of the importing process (/usr/bin/time -v) for BMEcat files of the
//      `--memory` sizes. Target: the largest <= 1.5x the smallest.
//   3. with `--profile N`: a CPU profile of one BMEcat import of N products (where the importing
//      process spends its time), and its CPU time against its wall time (the rest is the database).
// Every import gets a fresh copy of one migrated template database; each is checked (exit 0, every
// product created, the rows in the database) before its time counts.
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const { cpus, loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { URL } = require('node:url');
const { startBenchDatabase } = require('./support/bench-env');
const { onDatabase } = require('./support/catalog-database');
const { writeCatalog } = require('./support/bmecat-generator');

const ROOT = join(__dirname, '..');
const GATEWAY = join(ROOT, 'bin/gateway.js');
const TIME = '/usr/bin/time';
const SUPPLIER = { slug: 'bench-supplier', name: 'Bench Supplier GmbH' };

function parseArgs(args) {
  const options = {
    products: 100_000,
    rounds: 2,
    memory: [100_000, 1_000_000],
    profile: 0,
    out: 'catalog-import',
  };
  let memoryGiven = false;
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1];
    if (args[i] === '--products') {
      // A list (`--products 10000,100000`, as docs/catalogs.md gives it): the speed rows at the first
      // size, the memory rows at every size, unless --memory says otherwise.
      const sizes = value.split(',').map(Number);
      options.products = sizes[0];
      if (sizes.length > 1 && !memoryGiven) options.memory = sizes;
    } else if (args[i] === '--memory') {
      memoryGiven = true;
      options.memory = value === 'none' ? [] : value.split(',').map(Number);
    } else if (args[i] === '--rounds') options.rounds = Number(value);
    else if (args[i] === '--profile') options.profile = Number(value);
    else if (args[i] === '--out') options.out = value;
    else throw new Error(`unknown option ${args[i]}`);
  }
  return options;
}

const load = () => loadavg()[0];
/** The middle value; of an even count, the mean of the middle two (two rounds: their mean). */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const format = (n, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Runs `node <args>` with `env`; resolves with its exit code, stdout and stderr. */
function run(args, env, { time = null } = {}) {
  const command = time ? TIME : process.execPath;
  const argv = time ? ['-v', '-o', time, process.execPath, ...args] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The figures /usr/bin/time -v wrote: wall and CPU seconds, peak RSS in MB. */
function timeFigures(file) {
  const text = readFileSync(file, 'utf8');
  const field = (label) => {
    const match = text.match(new RegExp(`${label}: (.+)`));
    if (!match) throw new Error(`${TIME} -v gave no "${label}":\n${text}`);
    return match[1].trim();
  };
  const wall = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)')
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
  return {
    seconds: wall,
    cpuSeconds: Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)')),
    peakRssMb: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024,
  };
}

function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One import in a fresh copy of the template: the supplier added (not timed), then the import timed
 * by /usr/bin/time, then checked: exit 0, every product created, the products and offers in the
 * database. `nodeArgs` go before bin/gateway.js (the CPU profile).
 */
async function importOnce(db, file, kind, products, { nodeArgs = [] } = {}) {
  const name = `gateway_bench_import_${randomBytes(4).toString('hex')}`;
  await onDatabase(db.serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${db.template}" STRATEGY FILE_COPY`),
  );
  const url = databaseUrl(db.serverUrl, name);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    // One file is one transaction: its closing statements on a busy machine outlast the default.
    DATABASE_STATEMENT_TIMEOUT_MS: '600000',
    DATABASE_QUERY_TIMEOUT_MS: '600000',
  };
  try {
    const added = await run([GATEWAY, 'supplier', 'add', SUPPLIER.slug, '--name', SUPPLIER.name], env);
    if (added.code !== 0) throw new Error(`supplier add exited ${added.code}: ${added.stderr}`);
    const timeFile = join(db.dir, `time-${name}.txt`);
    const before = load();
    const imported = await run(
      [...nodeArgs, GATEWAY, 'catalog', 'import', file, '--supplier', SUPPLIER.slug, '--json'],
      env,
      { time: timeFile },
    );
    const after = load();
    if (imported.code !== 0)
      throw new Error(`${kind} import exited ${imported.code}: ${imported.stderr.slice(-2000)}`);
    const report = JSON.parse(imported.stdout);
    const created = kind === 'BMEcat' ? report.products.created : report.imported;
    if (created !== products || (kind === 'BMEcat' && report.rejectedCount !== 0))
      throw new Error(
        `${kind}: ${created} products created of ${products}: ${imported.stdout.slice(0, 2000)}`,
      );
    const rows = await onDatabase(url, async (client) => {
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM product)::int AS products,
                (SELECT count(*) FROM offer o JOIN supplier s ON s.id = o.supplier_id
                  WHERE s.slug = $1 AND o.withdrawn_at IS NULL)::int AS offers`,
        [SUPPLIER.slug],
      );
      return rows[0];
    });
    if (rows.products !== products || rows.offers !== products)
      throw new Error(
        `${kind}: the database holds ${rows.products} products, ${rows.offers} offers of ${products}`,
      );
    const figures = timeFigures(timeFile);
    return {
      kind,
      products,
      fileMb: statSync(file).size / 1e6,
      ...figures,
      productsPerSecond: products / figures.seconds,
      load: [before, after],
    };
  } finally {
    await onDatabase(db.serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  }
}

/** A migrated, empty database every import copies (CREATE DATABASE ... TEMPLATE). */
async function templateDatabase(dir) {
  const fresh = await startBenchDatabase();
  const url = new URL(fresh.url);
  const template = url.pathname.slice(1);
  url.pathname = '/postgres';
  return { serverUrl: url.toString(), template, dir, drop: fresh.drop };
}

async function files(dir, products) {
  console.log(`generating ${format(products)} products ...`);
  const xml = join(dir, `catalog-${products}.xml`);
  const jsonl = join(dir, `catalog-${products}.jsonl`);
  if (!existsSync(xml)) await writeCatalog({ products, out: xml });
  if (!existsSync(jsonl)) await writeCatalog({ products, out: jsonl, format: 'jsonl' });
  return { BMEcat: xml, JSONL: jsonl };
}

const log = (run) =>
  console.log(
    `  ${run.kind} ${format(run.products)}: ${run.seconds.toFixed(1)} s, ${format(run.productsPerSecond)} products/s, ` +
      `CPU ${run.cpuSeconds.toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB (load ${run.load.map((l) => l.toFixed(1)).join(' → ')})`,
  );

async function main(args) {
  const options = parseArgs(args);
  if (!existsSync(TIME))
    throw new Error(`${TIME} is needed (the importing process's peak RSS): apt-get install time`);
  if (!existsSync(join(ROOT, 'dist/admin/cli.js'))) throw new Error('build first: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'catalog-import-bench-'));
  const db = await templateDatabase(dir);
  const started = { load: load(), at: new Date() };
  const result = { options, speed: [], memory: [], profile: null };
  try {
    // 1. Speed: the same products in both formats, order alternating per round.
    const pair = options.rounds > 0 ? await files(dir, options.products) : null;
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? ['BMEcat', 'JSONL'] : ['JSONL', 'BMEcat'];
      for (const kind of order) {
        const measured = await importOnce(db, pair[kind], kind, options.products);
        log(measured);
        result.speed.push({ ...measured, round });
      }
    }
    // 2. Memory: BMEcat's peak RSS against the file's size (the speed rows' size is reused).
    for (const products of options.memory) {
      const reused = result.speed.filter((r) => r.kind === 'BMEcat' && r.products === products);
      if (reused.length > 0) {
        result.memory.push({
          ...reused[0],
          peakRssMb: median(reused.map((r) => r.peakRssMb)),
          reused: reused.length,
        });
        continue;
      }
      console.log(`generating ${format(products)} products ...`);
      const xml = join(dir, `catalog-${products}.xml`);
      await writeCatalog({ products, out: xml });
      const measured = await importOnce(db, xml, 'BMEcat', products);
      log(measured);
      result.memory.push({ ...measured, reused: 0 });
      rmSync(xml);
    }
    // 3. Where a BMEcat import's process spends its time.
    if (options.profile > 0) result.profile = await profile(db, dir, options.profile);
  } finally {
    await db.drop().catch((error) => console.error(`could not drop the template: ${error.message}`));
    rmSync(dir, { recursive: true, force: true });
  }
  result.load = [started.load, load()];
  const out = join(__dirname, 'results', `${started.at.toISOString().slice(0, 10)}-${options.out}.md`);
  const generated = markdown(result);
  // The analysis under "## Findings" is written by a person: a rerun replaces the figures above it only.
  const kept = existsSync(out) ? readFileSync(out, 'utf8').split('\n## Findings\n')[1] : undefined;
  writeFileSync(out, kept === undefined ? generated : `${generated}\n## Findings\n${kept}`);
  console.log(`\nwritten to ${out}`);
}

/** One BMEcat import under --cpu-prof: self time grouped by where the code lives. */
async function profile(db, dir, products) {
  const xml = join(dir, `catalog-${products}.xml`);
  if (!existsSync(xml)) await writeCatalog({ products, out: xml });
  const profiles = join(dir, 'profiles');
  const measured = await importOnce(db, xml, 'BMEcat', products, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profiles}`],
  });
  log(measured);
  const file = readdirSync(profiles).find((name) => name.endsWith('.cpuprofile'));
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(join(profiles, file), 'utf8'));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (timeDeltas[i] ?? 0)));
  const groups = new Map();
  for (const [id, micros] of self) {
    const group = groupOf(byId.get(id).callFrame);
    groups.set(group, (groups.get(group) ?? 0) + micros / 1e6);
  }
  const total = [...groups.values()].reduce((a, b) => a + b, 0);
  return {
    ...measured,
    groups: [...groups.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([group, seconds]) => ({ group, seconds, share: seconds / total })),
    total,
  };
}

/** Where a sampled function lives, in words a reader of the results recognizes. */
function groupOf({ url, functionName }) {
  if (functionName === '(idle)') return 'idle: waiting (for PostgreSQL, the file)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and Node internals (compiling, microtasks)';
  const rules = [
    [/node_modules\/saxes\//, 'XML tokenizing (saxes)'],
    [/dist\/catalog\/formats\/bmecat\//, 'BMEcat reader: mapping elements to items'],
    [/dist\/catalog\/formats\/(catalog-xml|xml-element)/, 'BMEcat reader: element trees'],
    [/dist\/catalog\/formats\//, 'catalog formats: shared helpers (text, decimals, GTIN)'],
    [/dist\/common\/xml\//, 'hardened XML stream (src/common/xml)'],
    [
      /dist\/catalog\/supplier-import\/supplier-item\.mapper/,
      'validation and mapping (supplier-item.mapper)',
    ],
    [/dist\/catalog\/supplier-import\/product-match/, 'matching (product-match)'],
    [/dist\/catalog\/supplier-import\//, 'import pipeline and its SQL (supplier-import)'],
    [/dist\/catalog\//, 'catalog writer and search terms'],
    [
      /node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//,
      'PostgreSQL client (pg: query text, parameters, protocol)',
    ],
    [/node_modules\/decimal\.js\//, 'decimal.js'],
    [/node_modules\/(@prisma|prisma)\//, 'Prisma (start-up, supplier lookup)'],
    [/node_modules\//, 'other libraries (Nest start-up, ...)'],
    [/^node:|^internal\//, 'Node core (streams, buffers, crypto)'],
    [/dist\//, 'other gateway code (start-up, CLI)'],
  ];
  for (const [pattern, group] of rules) if (pattern.test(url)) return group;
  return url === '' ? 'native and built-ins (JSON, RegExp, strings)' : 'other';
}

function markdown({ options, speed, memory, profile, load: loadRange }) {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `# Supplier catalog import end to end: BMEcat 2005 against JSONL, ${date}`,
    '',
    `Command: \`npm run bench -- catalog-import --products ${options.products} --rounds ${options.rounds} ` +
      `--memory ${options.memory.join(',') || 'none'}${options.profile ? ` --profile ${options.profile}` : ''}` +
      `${options.out === 'catalog-import' ? '' : ` --out ${options.out}`}\` ` +
      `(Node ${process.version}, ${cpus().length} cores shared with other sessions, PostgreSQL on the same machine; ` +
      `load average ${loadRange.map((l) => l.toFixed(1)).join(' → ')} over the run, per import below). ` +
      'Each import is `node bin/gateway.js catalog import <file> --supplier bench-supplier --json` in a process of its ' +
      'own under `/usr/bin/time -v`, into a fresh copy of a migrated empty database; checked before it counts ' +
      '(exit 0, every product created, the products and offers in the database).',
    '',
  ];
  if (speed.length > 0) {
    lines.push(
      `## Speed: ${format(options.products)} products, ${options.rounds} round${options.rounds === 1 ? '' : 's'} (order alternating)`,
      '',
      '| Round | Format | File MB | Wall s | Products/s | CPU s (user+sys) | Peak RSS MB | Load before → after |',
      '| --: | --- | --: | --: | --: | --: | --: | --- |',
    );
    for (const r of speed)
      lines.push(
        `| ${r.round + 1} | ${r.kind} | ${format(r.fileMb)} | ${format(r.seconds, 1)} | ${format(r.productsPerSecond)} | ${format(r.cpuSeconds, 1)} | ${format(r.peakRssMb)} | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`,
      );
    const rate = (kind) => median(speed.filter((r) => r.kind === kind).map((r) => r.productsPerSecond));
    const ratio = rate('BMEcat') / rate('JSONL');
    lines.push(
      '',
      `Median products/s: BMEcat ${format(rate('BMEcat'))}, JSONL ${format(rate('JSONL'))}: ` +
        `**BMEcat at ${format(ratio * 100)}% of JSONL** (target >= 70%: ${ratio >= 0.7 ? 'met' : 'not met'}).`,
      '',
    );
  }
  if (memory.length > 0) {
    lines.push(
      '## Memory: peak RSS of the importing process (BMEcat)',
      '',
      '| Products | File MB | Wall s | Products/s | Peak RSS MB | Load before → after |',
      '| --: | --: | --: | --: | --: | --- |',
    );
    for (const r of memory)
      lines.push(
        `| ${format(r.products)} | ${format(r.fileMb)} | ${format(r.seconds, 1)} | ${format(r.productsPerSecond)} | ${format(r.peakRssMb)}${r.reused ? ` (median of the ${r.reused} speed rows)` : ''} | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`,
      );
    if (memory.length > 1) {
      const [small, large] = [memory[0], memory[memory.length - 1]];
      const factor = large.peakRssMb / small.peakRssMb;
      lines.push(
        '',
        `**${format(large.products)} products: ${factor.toFixed(2)}x the peak RSS of ${format(small.products)}** ` +
          `(${format(large.products / small.products)}x the products; target <= 1.5x: ${factor <= 1.5 ? 'met' : 'not met'}).`,
      );
    }
    lines.push('');
  }
  if (profile) {
    lines.push(
      `## Profile: one BMEcat import of ${format(profile.products)} products under --cpu-prof`,
      '',
      `Wall ${format(profile.seconds, 1)} s, CPU of the importing process ${format(profile.cpuSeconds, 1)} s ` +
        `(load ${profile.load.map((l) => l.toFixed(1)).join(' → ')}). Self time by where the code lives ` +
        `(${format(profile.total, 1)} s sampled, start-up included):`,
      '',
      '| Where | Seconds | Share |',
      '| --- | --: | --: |',
    );
    for (const g of profile.groups)
      lines.push(`| ${g.group} | ${format(g.seconds, 1)} | ${format(g.share * 100)}% |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

module.exports = { main };
