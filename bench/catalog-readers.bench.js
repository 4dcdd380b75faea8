// `npm run bench -- catalog-readers [--products 100000,1000000] [--rounds 3]`: how fast the BMEcat
// reader turns a supplier's file into supplier items (products/s, MB/s) and how much memory it needs
// (peak resident set of its process), at each catalog size, beside two baselines in the same run on
// the same machine: saxes alone tokenizing the same file (the floor any streaming XML reader stands
// on), and JSON.parse of the same products as JSONL lines (the gateway's own import format, split by
// the import's own line splitter). Files come from bench/support/bmecat-generator.js (about 5.4 KB
// of BMEcat per product: two languages, 20 features, three price tiers). Each measurement runs in a
// process of its own, so that its peak RSS is its own; steps are interleaved per round and each
// row reports its median round. Nothing touches a database: the reader alone is measured (the
// end-to-end import has its own bench).
'use strict';
/* global __filename */
const { spawn } = require('node:child_process');
const { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { writeCatalog } = require('./support/bmecat-generator');

const dist = (path) => require(join(__dirname, '../dist', path));

const STEPS = {
  'baseline: saxes tokenizing the BMEcat file': { file: 'xml', run: saxesOnly },
  'BMEcat reader (supplier items)': { file: 'xml', run: bmecatReader },
  'baseline: JSON.parse of the same products as JSONL': { file: 'jsonl', run: jsonLines },
};

/** saxes with the options and the handlers the reader's XML stream uses, events counted and nothing built. */
async function saxesOnly(file) {
  const { SaxesParser } = require('saxes');
  const parser = new SaxesParser({ xmlns: false, position: true });
  let products = 0;
  let events = 0;
  parser.on('doctype', () => events++);
  parser.on('opentag', () => events++);
  parser.on('text', () => events++);
  parser.on('cdata', () => events++);
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('closetag', (tag) => {
    events++;
    if (tag.name === 'PRODUCT') products++;
  });
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }))
    parser.write(chunk);
  parser.close();
  return { products, events };
}

/** The reader as an import uses it: bytes in, events out; every item counted, nothing else done. */
async function bmecatReader(file) {
  const { BmecatReader } = dist('catalog/formats/bmecat/bmecat.reader');
  let products = 0;
  let other = 0;
  for await (const event of new BmecatReader().read(createReadStream(file, { highWaterMark: 1 << 20 }))) {
    if (event.type === 'item') products++;
    else if (event.type !== 'header') other++;
  }
  if (other > 0) throw new Error(`the generated catalog gave ${other} warnings or refusals`);
  return { products };
}

async function jsonLines(file) {
  const { textLines } = dist('common/text/text-lines');
  let products = 0;
  for await (const line of textLines(
    createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }),
    1_000_000,
  )) {
    if (line !== '') {
      JSON.parse(line);
      products++;
    }
  }
  return { products };
}

/** One measurement in a fresh process: its seconds and its peak resident set. */
function measureInChild(step, file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [__filename, '--child', step, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (data) => (out += data));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${step} exited ${code}`)),
    );
  });
}

async function child(step, file) {
  const started = process.hrtime.bigint();
  const counts = await STEPS[step].run(file);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(
    JSON.stringify({ ...counts, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
}

function parseArgs(args) {
  const options = { products: [100_000, 1_000_000], rounds: 3 };
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
  const dir = mkdtempSync(join(tmpdir(), 'catalog-readers-bench-'));
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
      // A 1,000,000-product file is 5.4 GB: one round each, still interleaved with its baselines.
      const rounds = products > 200_000 ? 1 : options.rounds;
      for (let round = 0; round < rounds; round++)
        for (const step of Object.keys(STEPS)) {
          const run = await measureInChild(step, files[STEPS[step].file]);
          if (run.products !== products)
            throw new Error(`${step}: ${run.products} products, expected ${products}`);
          runs[step].push(run);
          console.log(`  ${step}: ${run.seconds.toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB`);
        }
      const rows = Object.entries(runs).map(([step, list]) => {
        const megabytes = statSync(files[STEPS[step].file]).size / 1e6;
        const seconds = median(list.map((r) => r.seconds));
        return {
          step,
          megabytes,
          seconds,
          productsPerSecond: products / seconds,
          megabytesPerSecond: megabytes / seconds,
          peakRssMb: median(list.map((r) => r.peakRssMb)),
        };
      });
      console.table(rows);
      sections.push({ products, rows, rounds, load: [load, loadavg()[0]] });
      rmSync(files.xml);
      rmSync(files.jsonl);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const file = join(__dirname, 'results', `${new Date().toISOString().slice(0, 10)}-catalog-readers.md`);
  writeFileSync(file, markdown(sections, options));
  console.log(`\nwritten to ${file}`);
}

function markdown(sections, options) {
  const lines = [
    `# Catalog readers: BMEcat reader throughput and memory, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Command: \`npm run bench -- catalog-readers --products ${options.products.join(',')} --rounds ${options.rounds}\` ` +
      `(Node ${process.version}, ${require('node:os').cpus().length} cores shared with other sessions; the load average ` +
      'before and after each size is given). Each row is the median of its rounds, each round a fresh process; ' +
      'sizes above 200,000 products run one round.',
    '',
  ];
  for (const { products, rows, rounds, load } of sections) {
    lines.push(
      `## ${format(products)} products, ${rounds} round${rounds === 1 ? '' : 's'} (load ${load.map((l) => l.toFixed(1)).join(' → ')})`,
      '',
    );
    lines.push(
      '| Step | File MB | Seconds | Products/s | MB/s | Peak RSS MB |',
      '| --- | --: | --: | --: | --: | --: |',
    );
    for (const row of rows)
      lines.push(
        `| ${row.step} | ${format(row.megabytes)} | ${format(row.seconds, 1)} | ${format(row.productsPerSecond)} | ${format(row.megabytesPerSecond, 1)} | ${format(row.peakRssMb)} |`,
      );
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

if (require.main === module && process.argv[2] === '--child') {
  child(process.argv[3], process.argv[4]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { main };
