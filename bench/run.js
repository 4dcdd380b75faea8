#!/usr/bin/env node
// `npm run bench` (optionally `-- --products N`) runs the whole suite (bench/suite.js);
// `npm run bench -- <name>` runs one benchmark, bench/<name>.bench.js (both after a build).
'use strict';
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
const name = args[0];
const available = readdirSync(__dirname)
  .filter((f) => f.endsWith('.bench.js'))
  .map((f) => f.replace('.bench.js', ''));
let target;
if (!name || name.startsWith('--')) target = { file: join(__dirname, 'suite.js'), args };
else if (existsSync(join(__dirname, `${name}.bench.js`)))
  target = { file: join(__dirname, `${name}.bench.js`), args: args.slice(1) };
else {
  console.error(
    'usage: npm run bench [-- --products N]   (the whole suite)\n' +
      `       npm run bench -- <name>            (one of: ${available.join(', ') || 'none yet'})`,
  );
  process.exit(2);
}
require(target.file)
  .main(target.args)
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
