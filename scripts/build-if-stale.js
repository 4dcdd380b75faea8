#!/usr/bin/env node
// The development shortcuts (`npm run cli`, `npm start`) build first only when a source changed
// since the last build: a full `tsc` takes 10-20 s here, a command should not. "Changed" is any file
// under src/ (code, pages, assets, the generated Prisma client) or a tsconfig newer than the stamp
// that `npm run build` leaves in dist/ when it succeeds (its postbuild step: `--mark-built`).
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(file) : statSync(file).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!existsSync(stamp)) return true;
  const configs = ['tsconfig.json', 'tsconfig.build.json'].map(
    (name) => statSync(path.join(root, name)).mtimeMs,
  );
  return Math.max(newestChange(path.join(root, 'src')), ...configs) > statSync(stamp).mtimeMs;
}

if (process.argv.includes('--mark-built')) {
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
} else if (isStale()) {
  process.stderr.write('Sources changed since the last build: npm run build\n');
  const npm = process.env.npm_execpath;
  // Under npm, its own CLI (npm_execpath); run directly, the npm on PATH.
  if (npm) execFileSync(process.execPath, [npm, 'run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  else execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
