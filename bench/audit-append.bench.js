// Audit append throughput: 16 concurrent writers appending to ONE organization's chain (serialized by
// the head's row lock), against two baselines in the same run: the same transactions without the
// append (BEGIN; SELECT 1; COMMIT), and 16 writers each appending to its own organization (no
// contention on a head). Reports events/s and p50/p99 per append.
// Run: npm run bench -- audit-append   (BENCH_DATABASE_URL / DATABASE_URL, else an embedded PostgreSQL)
'use strict';
const { join } = require('node:path');
const { Pool } = require('pg');
const { startBenchDatabase, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const DURATION_MS = Number(process.env.BENCH_DURATION_SECONDS || 10) * 1000;
const WRITERS = 16;

async function run(name, pool, work) {
  const latencies = [];
  const deadline = Date.now() + DURATION_MS;
  const started = process.hrtime.bigint();
  const { inPoolTransaction } = dist('database/pool-transaction');
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      while (Date.now() < deadline) {
        const t0 = process.hrtime.bigint();
        await inPoolTransaction(pool, (client) => work(client, writer));
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  return {
    name,
    'tx/s': Math.round(latencies.length / seconds),
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    transactions: latencies.length,
  };
}

async function main() {
  const database = await startBenchDatabase();
  const pool = new Pool({ connectionString: database.url, max: WRITERS });
  try {
    const { AuditService } = dist('audit/audit.service');
    const { SystemClock } = dist('common/clock/clock');
    const audit = new AuditService(new SystemClock());
    const organizations = [];
    for (let i = 0; i < WRITERS; i += 1) {
      const { rows } = await pool.query(
        `INSERT INTO organization (id, slug, name) VALUES (gen_random_uuid(), $1, $1) RETURNING id`,
        [`bench-${i}`],
      );
      organizations.push(rows[0].id);
    }
    const event = (organizationId, writer) => ({
      organizationId,
      type: 'guidance.rule_added',
      actor: { label: `bench:${writer}` },
      payload: {
        rule: { id: '00000000-0000-4000-8000-000000000000', effect: 'blocked', matcher: 'brand', value: 'X' },
      },
    });
    const rows = [];
    rows.push(await run('baseline: BEGIN; SELECT 1; COMMIT', pool, (client) => client.query('SELECT 1')));
    rows.push(
      await run('append, 16 writers, one organization', pool, (client, writer) =>
        audit.append(client, event(organizations[0], writer)),
      ),
    );
    rows.push(
      await run('append, 16 writers, 16 organizations', pool, (client, writer) =>
        audit.append(client, event(organizations[writer], writer)),
      ),
    );
    report(`Audit append (${WRITERS} concurrent writers, ${DURATION_MS / 1000} s each)`, rows);
    const { AuditChainService } = dist('audit/audit-chain.service');
    const chain = new AuditChainService({ pool }, undefined, new SystemClock());
    const verification = await chain.verify(organizations[0]);
    console.log(
      `chain of the contended organization: intact=${verification.intact}, ${verification.checked} events`,
    );
  } finally {
    await pool.end();
    await database.drop();
  }
}

module.exports = { main };
