import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayEnv, GatewayProcess, startGateway, stopAll } from '../../support/gateway-process';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const README = readFileSync(join(__dirname, '../../../README.md'), 'utf8');

/** The shell block of the README's "A first session with curl", exactly as a reader copies it. */
function firstSessionBlock(): string {
  const section = README.split(/^## /m).find((part) => part.startsWith('A first session with curl'));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README.md has no shell block under "A first session with curl"');
  return block;
}

describe('the README first session', () => {
  let database: TestDatabase;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The session's product (demo-1-18m, number 1606 of the deterministic demo catalog) is in the
    // first 1,700; the catalog is the same, product by product, at any size.
    gateway = await startGateway(
      gatewayEnv(database.url, { SEED_DEMO: 'true', DEMO_CATALOG_PRODUCTS: '1700' }),
    );
  }, 180_000);
  afterAll(async () => {
    await stopAll([gateway]);
    await database.drop();
  });

  it('the first start prints the export line the session starts from', () => {
    expect(gateway.run.output()).toMatch(/^ {2}export CLIENT_ID=mpgc_\S+ CLIENT_SECRET=mpgs_\S+$/m);
  });

  it('runs as pasted: a token, a search, a product with a preferred and a blocked offer, rules, a punchout', () => {
    const exportLine = gateway.run.output().match(/^ {2}(export CLIENT_ID=\S+ CLIENT_SECRET=\S+)$/m)?.[1];
    const block = firstSessionBlock();
    expect(block).toMatch(/^BASE=http:\/\/localhost:3000$/m);
    // Only the address differs from what a reader runs (the test gateway listens on a free port).
    const script = `set -eu\n${exportLine}\n${block.replace(/^BASE=.*$/m, `BASE=${gateway.baseUrl}`)}`;
    // stdin is not a socket, or bash would read the machine's ~/.bashrc as for a remote shell.
    const run = spawnSync('bash', ['-c', script], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
    const { stdout, stderr } = run;
    expect(run.status).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    const [search, preferred, blocked, rules, added, punchout] = lines;
    expect(JSON.parse(search).data.length).toBe(3);
    // The README shows these two lines as the product's answer: they must be what it prints.
    expect(block).toContain(`# ${preferred}\n# ${blocked}\n`);
    expect(preferred).toMatch(/ preferred$/);
    expect(blocked).toMatch(/ blocked$/);
    expect(JSON.parse(rules).length).toBeGreaterThan(0);
    expect(JSON.parse(added)).toMatchObject({ effect: 'preferred', matcher: 'brand', value: 'Microsoft' });
    expect(JSON.parse(punchout).redirectUrl).toMatch(/^http:\/\/gateway\.test\/punchout\/start\/pst_/);
  }, 90_000);
});
