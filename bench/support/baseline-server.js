// The baseline the gateway is compared with: what a team would write by hand instead, plain Fastify
// and a `pg` pool of the same size, no framework, no auth. GET /static answers a constant JSON body;
// GET /select1 runs `SELECT 1` on PostgreSQL. Started like gateway-process.js (IPC channel, exits
// when it closes).
'use strict';
/* global setTimeout */
const Fastify = require('fastify');
const { Pool } = require('pg');

async function main() {
  const pool = new Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_MAX || 10),
  });
  const app = Fastify({ logger: false });
  app.get('/static', async () => ({ ok: true }));
  app.get('/select1', async () => {
    const { rows } = await pool.query({ name: 'select-1', text: 'SELECT 1 AS one' });
    return { ok: rows[0].one === 1 };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    Promise.allSettled([app.close(), pool.end()]).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.send({ port: app.server.address().port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
