#!/usr/bin/env node
// The operator command line (`gateway`, or `npm run cli --`); see `gateway help`.
'use strict';
// Node 22.1+ keeps compiled code of the modules it loads on disk: later commands start faster.
require('node:module').enableCompileCache?.();
// Prisma's query compiler is WebAssembly, which V8 compiles twice: at once (Liftoff), then optimized
// (TurboFan) on background threads that the process waits for at exit. A command ends long before the
// optimized code could pay off: Liftoff only takes 0.3 to 1 s off each command (bench/cli.bench.js).
require('node:v8').setFlagsFromString('--liftoff-only');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

if (!existsSync(join(__dirname, '../dist/admin/cli.js'))) {
  process.stderr.write('The gateway is not built yet: run `npm run build` (or use `npm run cli -- ...`).\n');
  process.exit(1);
}
const { runCli } = require('../dist/admin/cli');

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
