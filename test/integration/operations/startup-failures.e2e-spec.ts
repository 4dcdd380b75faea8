import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand, runTs } from '../../support/child-process';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const ROOT = join(__dirname, '../../..');

/** A port another program holds for the length of a test. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/*
 * Every way the gateway can fail to start says what went wrong and what to do, in one line without a
 * stack trace, and exits non-zero: each failure is caused for real in a child process.
 */
describe('start-up failures name their cause and the fix', () => {
  let database: TestDatabase;
  let dir: string;
  const held: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'gateway-startup-'));
  });
  afterAll(async () => {
    held.forEach((server) => server.close());
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const base = { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
  const expectPlainFailure = (output: string) => {
    expect(output).not.toMatch(/undefined|without a reason|\n +at /);
  };

  it("the embedded database's port held by another program", async () => {
    const { port, server } = await takenPort();
    held.push(server);
    const run = runTs(['src/main.ts'], {
      ...base,
      EMBEDDED_DATABASE_DIR: join(dir, 'port-taken', 'postgres'),
      EMBEDDED_DATABASE_PORT: String(port),
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      new RegExp(
        `Gateway failed to start: .*port ${port} \\(EMBEDDED_DATABASE_PORT\\) is in use.*EMBEDDED_DATABASE_PORT`,
      ),
    );
    expectPlainFailure(run.output());
  });

  it('the HTTP port held by another program', async () => {
    const { port, server } = await takenPort();
    held.push(server);
    const run = runTs(['src/main.ts'], { ...base, DATABASE_URL: database.url, PORT: String(port) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      new RegExp(`Gateway failed to start: .*port ${port} \\(PORT\\) is in use.*PORT`),
    );
    expectPlainFailure(run.output());
  });

  it('a DATABASE_URL nothing answers at', async () => {
    const { port, server } = await takenPort();
    await new Promise((resolve) => server.close(resolve));
    const run = runTs(['src/main.ts'], {
      ...base,
      DATABASE_URL: `postgresql://gateway:secret-pw@127.0.0.1:${port}/gateway`,
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      new RegExp(
        `Gateway failed to start: .*database at 127\\.0\\.0\\.1:${port} \\(DATABASE_URL\\).*refused`,
      ),
    );
    expect(run.output()).not.toContain('secret-pw');
    expectPlainFailure(run.output());
  });

  it("the CLI run from another directory uses the installation's data directory, never ./.data there", async () => {
    const elsewhere = mkdtempSync(join(dir, 'cwd-'));
    const { port, server } = await takenPort();
    held.push(server);
    const run = runCommand(
      process.execPath,
      [
        '-r',
        join(ROOT, 'scripts/ts-register.js'),
        '-e',
        `require(${JSON.stringify(join(ROOT, 'src/admin/cli'))})
          .runCli(['org', 'list'], { stdout: process.stdout, stderr: process.stderr, env: process.env })
          .then((code) => process.exit(code));`,
      ],
      {
        cwd: elsewhere,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          EMBEDDED_DATABASE_PORT: String(port),
        },
      },
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(join(ROOT, '.data', 'postgres'));
    expect(run.output()).toMatch(/^error: .*EMBEDDED_DATABASE_PORT/m);
    expectPlainFailure(run.output());
    expect(existsSync(join(elsewhere, '.data'))).toBe(false);
  });
});
