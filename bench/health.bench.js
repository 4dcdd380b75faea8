// Baseline: liveness (no database) and readiness (one PostgreSQL round trip) through the full stack.
'use strict';
const { startBenchDatabase, startBenchApp, measure, report } = require('./support/bench-env');

async function main() {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url);
  try {
    const rows = [];
    rows.push(await measure('GET /healthz', { url: `${gateway.baseUrl}/healthz` }));
    rows.push(await measure('GET /readyz', { url: `${gateway.baseUrl}/readyz` }));
    report('Health endpoints (16 connections, 10 s each)', rows);
  } finally {
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
