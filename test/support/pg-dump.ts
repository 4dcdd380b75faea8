import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { candidateDirectories, parseToolVersion } from '../../src/database/pg-client-tools';
import { ExternalPart } from './external-parts';

/** The test server's PostgreSQL major version, which the global setup hands to every worker. */
export const TEST_SERVER_MAJOR_VAR = 'GATEWAY_TEST_SERVER_MAJOR';

/**
 * pg_dump and pg_restore of the test server's version or newer, found where the gateway looks for
 * them (pg-client-tools.ts). The backup drill needs them: a fresh clone tests on the embedded
 * PostgreSQL 17, while Debian's client programs may be 15.
 */
export function pgDumpPart(): ExternalPart {
  const major = Number(process.env[TEST_SERVER_MAJOR_VAR] ?? 0);
  const found = [...new Set(candidateDirectories())]
    .map((dir) => join(dir, 'pg_dump'))
    .filter((path) => existsSync(path))
    .flatMap((path) => {
      const version = parseToolVersion(spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout ?? '');
      return version ? [{ path, ...version }] : [];
    })
    .sort((a, b) => b.major - a.major);
  const newest = found[0];
  return {
    name: `pg_dump ${major}`,
    missing: !newest
      ? 'no pg_dump on PATH or under /usr/lib/postgresql'
      : newest.major < major
        ? `only pg_dump ${newest.version} (${newest.path}), older than the test server's PostgreSQL ${major}`
        : undefined,
    fix:
      `apt-get install postgresql-client-${major} (from PostgreSQL's apt repository if need be), ` +
      `or set TEST_DATABASE_URL to a PostgreSQL ${newest?.major ?? major} server`,
  };
}
