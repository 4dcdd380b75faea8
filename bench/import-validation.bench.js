// `npm run bench -- import-validation [records]`: how fast catalog import records are validated by
// the hand-written checker and by the same rules as a zod schema (the schema library of the API's
// inputs, bench/support/product-record-schema.js), beside a plain baseline in the same run
// (JSON.parse of the same lines, nothing else), and the whole `catalog import` of the same file into
// a fresh database (validation + writing), as records/s.
'use strict';
require('reflect-metadata'); // the DTOs' decorators, as src/main.ts and bin/gateway.js load it
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { canonicalize } = require('json-canonicalize');
const { startBenchDatabase, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));

function records(count) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    lines.push(
      JSON.stringify({
        productCode: `BENCH-${i}`,
        name: `Stapler model ${i} with a reasonably long product name`,
        brand: 'Acme',
        category: 'desk-accessories',
        description: 'A stapler for up to 25 sheets, with a staple remover in the base.',
        features: ['25 sheets', 'metal', 'staple remover'],
        starRating: 4.5,
        reviewCount: i % 500,
        taxonomies: [{ type: 'unspsc', code: '44121615' }],
        offers: [
          {
            vendor: 'Office World',
            price: '12.50',
            currency: 'EUR',
            availability: 'in_stock',
            deliveryDays: 2,
          },
          {
            vendor: 'Paper Plus',
            price: '11.90',
            currency: 'EUR',
            condition: 'new',
            quantityTiers: [{ minQuantity: 10, price: 10.5 }],
          },
        ],
      }),
    );
  }
  return lines;
}

/** Runs `work` on every line, `rounds` times; records/s and per-record p50/p99 in microseconds. */
function time(name, lines, work, rounds = 3) {
  const perRecord = [];
  let total = 0;
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (const line of lines) {
      const t0 = process.hrtime.bigint();
      work(line);
      perRecord.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
    total += Number(process.hrtime.bigint() - started) / 1e9;
  }
  perRecord.sort((a, b) => a - b);
  const at = (q) => perRecord[Math.min(perRecord.length - 1, Math.floor(q * perRecord.length))];
  return {
    step: name,
    'records/s': Math.round((lines.length * rounds) / total),
    'p50 µs': at(0.5).toFixed(1),
    'p99 µs': at(0.99).toFixed(1),
  };
}

async function main(args) {
  const count = Number(args[0] ?? 20_000);
  const lines = records(count);
  const { validateProductRecord } = dist('catalog/import/product-record.validator');
  const { schemaValidator } = require('./support/product-record-schema');
  const known = new Set(['desk-accessories']);
  const validateWithSchema = schemaValidator(known);
  // Warm-up, so every row measures steady state; and both must read every record alike.
  for (const line of lines.slice(0, 2_000)) {
    const hand = validateProductRecord(JSON.parse(line), known);
    const schema = validateWithSchema(JSON.parse(line));
    if (canonicalize(hand) !== canonicalize(schema)) {
      throw new Error(
        `the two validators disagree on ${line}:\n${JSON.stringify(hand)}\n${JSON.stringify(schema)}`,
      );
    }
  }
  const rows = [
    time('baseline: JSON.parse only', lines, (line) => JSON.parse(line)),
    time('JSON.parse + validateProductRecord (hand-written)', lines, (line) => {
      if (!validateProductRecord(JSON.parse(line), known).ok) throw new Error(`invalid: ${line}`);
    }),
    time('JSON.parse + the zod schema', lines, (line) => {
      if (!validateWithSchema(JSON.parse(line)).ok) throw new Error(`invalid: ${line}`);
    }),
  ];
  report(`Import record validation, ${count} records x 3 rounds`, rows);

  const database = await startBenchDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  try {
    const file = join(dir, 'bench.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { runCli } = dist('admin/cli');
    const sink = { write: () => true };
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
    const started = process.hrtime.bigint();
    const code = await runCli(['catalog', 'import', file], { stdout: sink, stderr: sink, env });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (code !== 0) throw new Error(`catalog import exited ${code}`);
    report(`catalog import of ${count} products (2 offers each) into a fresh database`, [
      {
        step: 'catalog import (CLI, in-process)',
        seconds: seconds.toFixed(1),
        'records/s': Math.round(count / seconds),
      },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

module.exports = { main };
