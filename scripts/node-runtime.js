#!/usr/bin/env node
// The supported Node runtime (the version in .nvmrc), for CI on machines with an older node and for
// the release bundle: the official binaries from the npm registry's `node-<platform>-<arch>` package
// (the one the `node` package installs; it has no install script), fetched with `npm pack` (which
// checks the registry's integrity hash) and unpacked once under a cache directory.
// Prints the runtime's directory (its `bin/node` is the executable). Runs on any Node >= 18, before
// `npm ci`, with nothing but node, npm and tar.
//   node scripts/node-runtime.js [--platform linux --arch x64]
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } = require('node:fs');
const { homedir, tmpdir } = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');

const root = path.resolve(__dirname, '..');

/** The pinned runtime version (.nvmrc is also what nvm and fnm read). */
function nodeVersion() {
  const version = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`.nvmrc: expected an exact version, found "${version}"`);
  return version;
}

function cacheDir() {
  if (process.env.GATEWAY_CACHE_DIR) return process.env.GATEWAY_CACHE_DIR;
  return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'marketplace-gateway');
}

/** The directory of Node `version` for platform/arch, fetched and unpacked if it is not cached yet. */
function ensureNodeRuntime({
  version = nodeVersion(),
  platform = process.platform,
  arch = process.arch,
} = {}) {
  const dir = path.join(cacheDir(), `node-v${version}-${platform}-${arch}`);
  if (existsSync(path.join(dir, 'bin', 'node'))) return dir;
  const spec = `node-${platform}-${arch}@${version}`;
  process.stderr.write(`Fetching Node ${version} (${spec}) from the npm registry into ${dir}\n`);
  mkdirSync(cacheDir(), { recursive: true });
  const download = mkdtempSync(path.join(tmpdir(), 'gateway-node-'));
  const partial = `${dir}.partial-${process.pid}`;
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', spec, '--pack-destination', download, '--json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    mkdirSync(partial, { recursive: true });
    execFileSync('tar', ['xzf', path.join(download, packed.filename), '-C', partial, '--strip-components=1']);
    if (!existsSync(path.join(partial, 'bin', 'node'))) throw new Error(`${spec} holds no bin/node`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir); // whole or not at all: an interrupted fetch leaves no half runtime behind
  } finally {
    rmSync(download, { recursive: true, force: true });
    rmSync(partial, { recursive: true, force: true });
  }
  return dir;
}

module.exports = { ensureNodeRuntime, nodeVersion };

if (require.main === module) {
  const { values } = parseArgs({ options: { platform: { type: 'string' }, arch: { type: 'string' } } });
  process.stdout.write(`${ensureNodeRuntime({ platform: values.platform, arch: values.arch })}\n`);
}
