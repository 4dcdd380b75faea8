import { cli } from '../../support/cli';
import { ManualClock } from '../../support/manual-clock';
import { requestToken } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

describe('gateway client rotate-secret', () => {
  const clock = new ManualClock(new Date());
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    await cli(t.database.url, 'org', 'create', 'rotate', '--name', 'Rotate GmbH');
    await cli(t.database.url, 'user', 'add', '--org', 'rotate', '--email', 'buyer@rotate.example');
  });
  afterAll(() => t.close());

  async function newClient(): Promise<{ clientId: string; clientSecret: string }> {
    const created = await cli(t.database.url, 'client', 'create', '--org', 'rotate', '--json');
    return JSON.parse(created.stdout);
  }
  const tokenStatus = async (clientId: string, clientSecret: string) =>
    (
      await requestToken(t.baseUrl, {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        email: 'buyer@rotate.example',
      })
    ).status;

  it('replaces the secret at once by default: the old one is refused, the new one works', async () => {
    const { clientId, clientSecret: old } = await newClient();
    const run = await cli(t.database.url, 'client', 'rotate-secret', clientId, '--json');
    expect(run.code).toBe(0);
    const rotated = JSON.parse(run.stdout);
    expect(rotated).toMatchObject({ clientId, previousSecretValidUntil: null });
    expect(rotated.clientSecret).toMatch(/^mpgs_/);
    expect(rotated.clientSecret).not.toBe(old);
    expect(await tokenStatus(clientId, old)).toBe(401);
    expect(await tokenStatus(clientId, rotated.clientSecret)).toBe(200);
  });

  it('keeps the old secret working for the grace period only, and records the rotation without any secret', async () => {
    const { clientId, clientSecret: old } = await newClient();
    const run = await cli(t.database.url, 'client', 'rotate-secret', clientId, '--grace', '1h', '--json');
    expect(run.code).toBe(0);
    const { clientSecret } = JSON.parse(run.stdout);
    expect(await tokenStatus(clientId, old)).toBe(200);
    expect(await tokenStatus(clientId, clientSecret)).toBe(200);
    clock.set(new Date(Date.now() + 3_601_000));
    expect(await tokenStatus(clientId, old)).toBe(401);
    expect(await tokenStatus(clientId, clientSecret)).toBe(200);

    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { type: 'client.secret_rotated' },
      orderBy: { occurredAt: 'desc' },
    });
    expect(event.payload).toMatchObject({ client: { clientId }, graceSeconds: 3_600 });
    expect(JSON.stringify(event.payload)).not.toContain(clientSecret);
    expect(JSON.stringify(event.payload)).not.toContain(old);
  });

  it('refuses a revoked or unknown client, and a grace period it cannot read, changing nothing', async () => {
    const { clientId } = await newClient();
    expect((await cli(t.database.url, 'client', 'rotate-secret', clientId, '--grace', 'soon')).code).toBe(2);
    expect((await cli(t.database.url, 'client', 'rotate-secret', 'mpgc_nope')).code).toBe(1);
    await cli(t.database.url, 'client', 'revoke', clientId);
    const revoked = await cli(t.database.url, 'client', 'rotate-secret', clientId);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toMatch(/revoked/);
  });
});
