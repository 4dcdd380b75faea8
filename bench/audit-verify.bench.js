// Audit chain verification speed over 1,000,000 events (BENCH_AUDIT_EVENTS), in constant memory.
// The chain is generated in this process (hashes computed in JS, rows inserted 20,000 per statement),
// then each measurement runs in a fresh child process so its peak RSS is its own:
//   baseline: read every event in the same 5,000-row batches without hashing (the database's share);
//   verify:   AuditChainService.verify, the whole check (read, canonicalize, SHA-256, links, head);
//   verify (1/10 of the chain): the same on a chain ten times shorter, to compare memory;
//   verify with the V8 heap capped at 64 MB: completes, so memory does not grow with the chain;
//   export (JSON Lines, CSV) of the whole chain into a sink that discards: events/s and peak RSS.
// Target: >= 100,000 events/s.
// Run: npm run bench -- audit-verify   (BENCH_DATABASE_URL / DATABASE_URL, else an embedded PostgreSQL)
'use strict';
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { Pool } = require('pg');
const { generateChain } = require('./support/audit-chain');
const { startBenchDatabase, report } = require('./support/bench-env');

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS || 1_000_000);

/** One measurement in a fresh process: { events, seconds, maxRssMb, intact }. */
function measureInChild(mode, databaseUrl, organizationId, nodeOptions = [], format = 'jsonl') {
  const script = `
    const { join } = require('node:path');
    const { Pool } = require('pg');
    const dist = (p) => require(join(process.cwd(), 'dist', p));
    (async () => {
      const pool = new Pool({ connectionString: process.env.URL, max: 2 });
      const org = process.env.ORG;
      const { readAuditEvents } = dist('audit/audit-event.reader');
      const { AuditChainService } = dist('audit/audit-chain.service');
      const { SystemClock } = dist('common/clock/clock');
      await pool.query('SELECT 1');
      const started = process.hrtime.bigint();
      let events = 0, intact = null;
      if (process.env.MODE === 'export') {
        // The export stream (JSON Lines) into a sink that discards, honouring backpressure.
        const { AuditExportService } = dist('audit/audit-export.service');
        const { Writable } = require('node:stream');
        const { pipeline } = require('node:stream/promises');
        const stream = new AuditExportService({ pool }).export(org, { format: process.env.FORMAT, onProgress: (n) => (events = n) });
        await pipeline(stream, new Writable({ write: (chunk, encoding, done) => setImmediate(done) }));
      } else if (process.env.MODE === 'read') {
        for await (const batch of readAuditEvents(pool, org, { after: 0, upTo: Number.MAX_SAFE_INTEGER })) events += batch.length;
      } else {
        const result = await new AuditChainService({ pool }, undefined, new SystemClock()).verify(org);
        events = result.checked; intact = result.intact;
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      await pool.end();
      process.stdout.write(JSON.stringify({ events, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, intact }));
    })().catch((e) => { console.error(e); process.exit(1); });`;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [...nodeOptions, '-e', script],
      {
        cwd: join(__dirname, '..'),
        env: { ...process.env, URL: databaseUrl, ORG: organizationId, MODE: mode, FORMAT: format },
        maxBuffer: 1 << 20,
      },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    ),
  );
}

async function main() {
  const database = await startBenchDatabase();
  const pool = new Pool({ connectionString: database.url, max: 4 });
  try {
    const org = async (slug) =>
      (
        await pool.query(
          `INSERT INTO organization (id, slug, name) VALUES (gen_random_uuid(), $1, $1) RETURNING id`,
          [slug],
        )
      ).rows[0].id;
    const big = await org('bench-big');
    const small = await org('bench-small');
    let started = Date.now();
    await generateChain(pool, big, EVENTS);
    await generateChain(pool, small, Math.max(1, Math.floor(EVENTS / 10)));
    console.log(
      `generated ${EVENTS} + ${Math.floor(EVENTS / 10)} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    started = Date.now();
    await pool.query('VACUUM ANALYZE audit_event');
    // Warm the cache once so both measurements read from memory alike.
    await measureInChild('read', database.url, big);
    const rows = [];
    for (const [name, mode, id, options = [], format = 'jsonl'] of [
      ['baseline: read only (no hashing)', 'read', big],
      ['verify', 'verify', big],
      ['verify (1/10 of the chain)', 'verify', small],
      // The proof of constant memory: the whole chain with the JavaScript heap capped at 64 MB.
      ['verify, heap capped at 64 MB', 'verify', big, ['--max-old-space-size=64']],
      ['export jsonl (stream to a discarding sink)', 'export', big, [], 'jsonl'],
      ['export csv (stream to a discarding sink)', 'export', big, [], 'csv'],
      ['export jsonl, heap capped at 64 MB', 'export', big, ['--max-old-space-size=64'], 'jsonl'],
    ]) {
      const r = await measureInChild(mode, database.url, id, options, format);
      rows.push({
        name,
        events: r.events,
        seconds: r.seconds.toFixed(2),
        'events/s': Math.round(r.events / r.seconds),
        'peak RSS MB': Math.round(r.maxRssMb),
        intact: r.intact ?? '-',
      });
    }
    report(`Audit verification over ${EVENTS} events`, rows);
  } finally {
    await pool.end();
    await database.drop();
  }
}

module.exports = { main };
