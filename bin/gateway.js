#!/usr/bin/env node
// The operator command line (`gateway`, or `npm run cli --`); see `gateway help`.
'use strict';
const { runCli } = require('../dist/admin/cli');

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
