import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { describeWithParts } from './external-parts';
import { freePort } from './free-port';
import { timeUntil } from './load';

/** Debian's redis-server (.ci/run installs it when no Redis answers); drills that stop Redis need their own. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH || 'redis-server';
const available = spawnSync(REDIS_SERVER, ['--version']).status === 0;

/** describe() when a redis-server binary exists; otherwise skipped loudly (in CI: an error). */
export const describeWithRedisServer = (name: string, body: () => void) =>
  describeWithParts(
    [
      {
        name: 'redis-server',
        missing: available ? undefined : `no ${REDIS_SERVER} on PATH`,
        fix: 'apt-get install redis-server (or set REDIS_SERVER_PATH)',
      },
    ],
    `${name} [redis-server]`,
    body,
  );

/**
 * A throw-away Redis of this test's own (no persistence, loopback only), which the test may stop and
 * start again on the same port: an outage as the gateway sees it.
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const up = await timeUntil(() => pong(this.url), 5_000);
    if (up === undefined) throw new Error(`redis-server did not answer on port ${this.port}`);
  }

  /** Stops the server (SIGKILL: like a crash, nothing flushed) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

function pong(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(String(data).startsWith('+PONG')));
  });
}
