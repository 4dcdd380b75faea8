import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describeWithParts, ExternalPart } from './external-parts';

const PROBE = `
const url = new URL(process.argv[1]);
const socket = require('node:net').connect(Number(url.port || 6379), url.hostname);
socket.setTimeout(1000, () => process.exit(1));
socket.on('error', () => process.exit(1));
socket.on('connect', () => socket.write('PING\\r\\n'));
socket.on('data', (data) => process.exit(String(data).startsWith('+PONG') || String(data).startsWith('-NOAUTH') ? 0 : 1));
`;

let probed: { url: string | undefined } | undefined;

/**
 * The Redis for tests: TEST_REDIS_URL, else redis://127.0.0.1:6379 if it answers PING (probed once
 * per test file, synchronously, so suites can be skipped at definition time). Undefined: skip.
 */
export function testRedisUrl(): string | undefined {
  if (!probed) {
    const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
    const result = spawnSync(process.execPath, ['-e', PROBE, url], { timeout: 3000 });
    probed = { url: result.status === 0 ? url : undefined };
    if (!probed.url && process.env.CI) {
      // .ci/run starts a Redis when none answers; in CI a silently skipped suite would hide a failure.
      throw new Error(`No Redis answers at ${url}: .ci/run should have started one (TEST_REDIS_URL).`);
    }
  }
  return probed.url;
}

/** describe() when a Redis answers; otherwise skipped and named in the summary (in CI: an error). */
export const describeWithRedis = (name: string, body: () => void) => {
  const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const redis: ExternalPart = {
    name: 'Redis',
    missing: testRedisUrl() ? undefined : `nothing answers at ${url}`,
    fix: 'start a Redis (apt-get install redis-server) or set TEST_REDIS_URL',
  };
  describeWithParts([redis], `${name} [Redis]`, body);
};

/** A key prefix of this run's own, so parallel runs sharing one Redis never count together. */
export const testRedisPrefix = () => `mpg-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
