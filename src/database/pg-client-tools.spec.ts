import { chooseTool, parseToolVersion, PgClientToolMissingError } from './pg-client-tools';
import { libpqEnvironment } from './database-backup';

describe('PostgreSQL client programs', () => {
  it('reads the major version from --version output of Debian, upstream and beta builds', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({
      major: 15,
      version: '15.20',
    });
    expect(parseToolVersion('pg_restore (PostgreSQL) 17.2\n')).toEqual({ major: 17, version: '17.2' });
    expect(parseToolVersion('pg_dump (PostgreSQL) 18beta1\n')).toEqual({ major: 18, version: '18' });
    expect(parseToolVersion('something else 1.0')).toBeUndefined();
  });

  const tool = (major: number) => ({
    path: `/usr/lib/postgresql/${major}/bin/pg_dump`,
    major,
    version: `${major}.1`,
  });

  it('takes the newest program when it is at least the server version', () => {
    expect(chooseTool('pg_dump', [tool(17), tool(15)], 15)).toEqual(tool(17));
    expect(chooseTool('pg_dump', [tool(15)], 15)).toEqual(tool(15));
  });

  it('names the package to install when the programs are missing or older than the server', () => {
    expect(() => chooseTool('pg_dump', [tool(15)], 17)).toThrow(PgClientToolMissingError);
    expect(() => chooseTool('pg_dump', [tool(15)], 17)).toThrow(
      /found only pg_dump 15\.1 \(\/usr\/lib\/postgresql\/15\/bin\/pg_dump\), older than the server.*postgresql-client-17/,
    );
    expect(() => chooseTool('pg_restore', [], 16)).toThrow(/no pg_restore was found.*postgresql-client-16/);
  });

  it('hands the connection to libpq through its environment, the password out of the arguments', () => {
    const env = libpqEnvironment(
      'postgresql://gate%40way:p%2Fss@db.example:6543/gate_db?schema=public&sslmode=verify-full',
      { PATH: '/bin', PGSERVICE: 'other', PGPASSWORD: 'stale' },
    );
    expect(env).toEqual({
      PATH: '/bin',
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGUSER: 'gate@way',
      PGPASSWORD: 'p/ss',
      PGDATABASE: 'gate_db',
      PGSSLMODE: 'verify-full',
      PGCONNECT_TIMEOUT: '10',
    });
  });
});
