#!/usr/bin/env node
// Runs one benchmark: `npm run bench -- <name>` executes bench/<name>.bench.js (after a build).
'use strict';
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const name = process.argv[2];
const available = readdirSync(__dirname)
  .filter((f) => f.endsWith('.bench.js'))
  .map((f) => f.replace('.bench.js', ''));
if (!name || !existsSync(join(__dirname, `${name}.bench.js`))) {
  console.error(`usage: npm run bench -- <name>   (available: ${available.join(', ') || 'none yet'})`);
  process.exit(2);
}
require(join(__dirname, `${name}.bench.js`))
  .main(process.argv.slice(3))
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
