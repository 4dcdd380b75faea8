#!/usr/bin/env node
// Generates the Prisma client (src/generated/prisma) on install, offline.
// Prisma's CLI insists on a schema-engine binary before it runs any command, although generation
// itself is WebAssembly; pointing it at any existing file satisfies that check
// (docs/development.md, "Migrations").
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ||= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const prismaCli = require.resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [prismaCli, 'generate'], {
  cwd: path.resolve(__dirname, '..'),
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
