// The gateway as the benchmark runs it: its own process (the load generator and the parent never
// share its event loop, and its peak RSS is its own), built from dist/ exactly as main.js builds it,
// plus bench-only no-op routes: GET /__bench/guarded (the global bearer guard, nothing else),
// GET /__bench/open (@Public()) and GET /__bench/plain (a Fastify route beside Nest). Started by bench/support/processes.js with an IPC channel: it
// reports its port over it and exits when the channel closes, so it never outlives the benchmark.
'use strict';
/* global setTimeout */
const { join } = require('node:path');
const { benchModule } = require('./bench-fixtures');

const dist = (path) => require(join(__dirname, '../../dist', path));

async function main() {
  const { loadConfig } = dist('config/app-config');
  const { createApp } = dist('bootstrap/create-app');
  const app = await createApp(loadConfig(process.env), { extraModules: [benchModule()] });
  // A plain Fastify route on the gateway's own instance, outside Nest (its hooks run, no guard, no
  // pipes): what the first measurement called "plain Fastify".
  app
    .getHttpAdapter()
    .getInstance()
    .get('/__bench/plain', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    app.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.send({ port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
