import { createHash } from 'node:crypto';
import { createCatalog } from '../../factories/catalog.factory';
import { PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { requestToken } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';
import { ClientsService } from '../../../src/oauth/clients.service';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('punchout credentials: client punchout-secret and client origins', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp();
    clients = t.app.get(ClientsService);
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    await cli(t.database.url, 'org', 'create', 'sap', '--name', 'SAP Buyer AG');
    await cli(t.database.url, 'user', 'add', '--org', 'sap', '--email', 'buyer@sap.example');
  });
  afterAll(() => t.close());

  async function newClient(...origins: string[]): Promise<{ clientId: string; clientSecret: string }> {
    const created = await cli(
      t.database.url,
      'client',
      'create',
      '--org',
      'sap',
      '--json',
      ...origins.flatMap((origin) => ['--callback-origin', origin]),
    );
    return JSON.parse(created.stdout);
  }
  const lastEvent = (type: string) =>
    t.prisma.auditEvent.findFirstOrThrow({ where: { type }, orderBy: { sequence: 'desc' } });

  describe('client punchout-secret', () => {
    it('prints a 256-bit secret once (--json: clientId and punchoutSecret), stores only its SHA-256 and records the event without it', async () => {
      const { clientId } = await newClient();
      const run = await cli(t.database.url, 'client', 'punchout-secret', clientId, '--json');
      expect(run.code).toBe(0);
      const printed = JSON.parse(run.stdout);
      expect(Object.keys(printed).sort()).toEqual(['clientId', 'punchoutSecret']);
      expect(printed.clientId).toBe(clientId);
      expect(printed.punchoutSecret).toMatch(/^mpgp_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(printed.punchoutSecret.slice(5), 'base64url')).toHaveLength(32);

      const row = await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } });
      expect(Buffer.from(row.punchoutSecretHash ?? [])).toEqual(sha256(printed.punchoutSecret));
      expect(JSON.stringify(row)).not.toContain(printed.punchoutSecret);

      const event = await lastEvent('client.punchout_secret_set');
      expect(event.actorLabel).toMatch(/^cli:/);
      expect(event.payload).toMatchObject({ client: { id: row.id, clientId }, replaced: false });
      expect(JSON.stringify(event.payload)).not.toContain(printed.punchoutSecret.slice(5));
      expect(JSON.stringify(event.payload)).not.toContain(
        Buffer.from(row.punchoutSecretHash ?? []).toString('hex'),
      );

      const human = await cli(t.database.url, 'client', 'punchout-secret', clientId);
      expect(human.stdout).toMatch(/^punchout_secret: mpgp_/m);
      expect(human.stdout).toMatch(/previous punchout secret no longer works/);
    });

    it("prints a line to paste into the shell, as the first start does, so the docs' $PUNCHOUT_SECRET is set", async () => {
      const { clientId } = await newClient();
      const human = await cli(t.database.url, 'client', 'punchout-secret', clientId);
      const [, secret] = /^ {2}export PUNCHOUT_SECRET=(mpgp_[A-Za-z0-9_-]{43})$/m.exec(human.stdout) ?? [];
      expect((await clients.authenticatePunchout(clientId, secret)).outcome).toBe('authenticated');
    });

    it('replaces the old secret at once: the old one is refused, the new one accepted', async () => {
      const { clientId } = await newClient();
      const first = JSON.parse(
        (await cli(t.database.url, 'client', 'punchout-secret', clientId, '--json')).stdout,
      );
      expect((await clients.authenticatePunchout(clientId, first.punchoutSecret)).outcome).toBe(
        'authenticated',
      );
      const second = JSON.parse(
        (await cli(t.database.url, 'client', 'punchout-secret', clientId, '--json')).stdout,
      );
      expect(second.punchoutSecret).not.toBe(first.punchoutSecret);
      expect((await clients.authenticatePunchout(clientId, first.punchoutSecret)).outcome).toBe('unknown');
      expect((await clients.authenticatePunchout(clientId, second.punchoutSecret)).outcome).toBe(
        'authenticated',
      );
      expect((await lastEvent('client.punchout_secret_set')).payload).toMatchObject({ replaced: true });
    });

    it('never obtains an API token, and the API secret is not a punchout secret', async () => {
      const { clientId, clientSecret } = await newClient();
      const { punchoutSecret } = JSON.parse(
        (await cli(t.database.url, 'client', 'punchout-secret', clientId, '--json')).stdout,
      );
      const token = (secret: string) =>
        requestToken(t.baseUrl, {
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: secret,
          email: 'buyer@sap.example',
        });
      expect((await token(punchoutSecret)).status).toBe(401);
      expect((await token(clientSecret)).status).toBe(200);
      expect((await clients.authenticatePunchout(clientId, clientSecret)).outcome).toBe('unknown');
      expect((await clients.authenticatePunchout(clientId, '')).outcome).toBe('unknown');
    });

    it('a client without a punchout secret opens nothing; a revoked client is told apart only after its secret matched', async () => {
      const { clientId } = await newClient();
      expect((await clients.authenticatePunchout(clientId, 'mpgp_x')).outcome).toBe('unknown');
      const { punchoutSecret } = JSON.parse(
        (await cli(t.database.url, 'client', 'punchout-secret', clientId, '--json')).stdout,
      );
      await cli(t.database.url, 'client', 'revoke', clientId);
      expect((await clients.authenticatePunchout(clientId, punchoutSecret)).outcome).toBe('revoked');
      expect((await clients.authenticatePunchout(clientId, `${punchoutSecret}x`)).outcome).toBe('unknown');
      expect((await clients.authenticatePunchout('mpgc_nope', punchoutSecret)).outcome).toBe('unknown');
    });

    it('refuses an unknown or revoked client (exit 1) and extra arguments (exit 2), changing nothing', async () => {
      const before = await t.prisma.auditEvent.count();
      expect((await cli(t.database.url, 'client', 'punchout-secret', 'mpgc_nope')).code).toBe(1);
      const { clientId } = await newClient();
      await cli(t.database.url, 'client', 'revoke', clientId);
      const revoked = await cli(t.database.url, 'client', 'punchout-secret', clientId);
      expect(revoked.code).toBe(1);
      expect(revoked.stderr).toMatch(/revoked/);
      expect((await cli(t.database.url, 'client', 'punchout-secret')).code).toBe(2);
      const row = await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } });
      expect(row.punchoutSecretHash).toBeNull();
      // create and revoke recorded theirs; the refused commands none.
      expect(await t.prisma.auditEvent.count()).toBe(before + 2);
    });
  });

  describe('client origins', () => {
    const originsOf = async (clientId: string, ...args: string[]) => {
      const run = await cli(t.database.url, 'client', 'origins', clientId, ...args, '--json');
      return { code: run.code, stderr: run.stderr, body: JSON.parse(run.stdout) };
    };

    it('lists, adds (normalized, once) and removes origins, recording each change with before and after', async () => {
      const { clientId } = await newClient('https://srm.example.com');
      expect((await originsOf(clientId)).body).toEqual({
        clientId,
        callbackOrigins: ['https://srm.example.com'],
      });
      expect((await originsOf(clientId, '--list')).body.callbackOrigins).toEqual(['https://srm.example.com']);

      const added = await originsOf(
        clientId,
        '--add',
        'HTTPS://S4.Example.COM:443',
        '--add',
        'http://LOCALHOST:8080',
      );
      expect(added.code).toBe(0);
      expect(added.body.callbackOrigins).toEqual([
        'https://srm.example.com',
        'https://s4.example.com',
        'http://localhost:8080',
      ]);
      const event = await lastEvent('client.origins_changed');
      expect(event.actorLabel).toMatch(/^cli:/);
      expect(event.payload).toMatchObject({
        client: { clientId },
        added: ['https://s4.example.com', 'http://localhost:8080'],
        removed: [],
        from: ['https://srm.example.com'],
        to: ['https://srm.example.com', 'https://s4.example.com', 'http://localhost:8080'],
      });

      const count = await t.prisma.auditEvent.count({ where: { type: 'client.origins_changed' } });
      expect((await originsOf(clientId, '--add', 'https://s4.example.com')).code).toBe(0);
      expect(await t.prisma.auditEvent.count({ where: { type: 'client.origins_changed' } })).toBe(count);

      const removed = await originsOf(
        clientId,
        '--remove',
        'https://srm.example.com',
        '--remove',
        'http://localhost:8080',
      );
      expect(removed.body.callbackOrigins).toEqual(['https://s4.example.com']);
      expect((await lastEvent('client.origins_changed')).payload).toMatchObject({
        removed: ['https://srm.example.com', 'http://localhost:8080'],
        to: ['https://s4.example.com'],
      });
      const human = await cli(t.database.url, 'client', 'origins', clientId);
      expect(human.stdout.trim()).toBe('https://s4.example.com');
    });

    it('applies to the punchout callbackUrl at once: a removed origin is refused, an added one accepted', async () => {
      const { clientId } = await newClient('https://srm.example.com');
      const row = await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } });
      const user = await t.prisma.user.findFirstOrThrow({ where: { email: 'buyer@sap.example' } });
      const token = await issueTestToken(t.prisma, user, row);
      const start = (hook: string) => startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: hook });
      expect((await start('https://s4.example.com/hook')).status).toBe(400);
      await originsOf(clientId, '--add', 'https://s4.example.com');
      expect((await start('https://s4.example.com/hook')).status).toBe(201);
      await originsOf(clientId, '--remove', 'https://srm.example.com');
      expect((await start('https://srm.example.com/hook')).status).toBe(400);
      await originsOf(clientId, '--remove', 'https://s4.example.com');
      // No origins left: any origin, as for a client created without any.
      expect((await start('https://elsewhere.example/hook')).status).toBe(201);
    });

    it.each([
      [['--add', 'srm.example.com'], /--add must be scheme:\/\/host\[:port\]/],
      [['--add', 'https://srm.example.com/path'], /--add must be scheme/],
      [['--add', 'ftp://srm.example.com'], /--add must be scheme/],
      [['--remove', 'https://a.example?x=1'], /--remove must be scheme/],
      [['--add', 'https://a.example', '--list'], /--list only prints/],
    ])('refuses %j with exit 2 and changes nothing', async (args, message) => {
      const { clientId } = await newClient('https://srm.example.com');
      const before = await t.prisma.auditEvent.count();
      const run = await cli(t.database.url, 'client', 'origins', clientId, ...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(await t.prisma.auditEvent.count()).toBe(before);
      expect((await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } })).callbackOrigins).toEqual(
        ['https://srm.example.com'],
      );
    });

    it('refuses an origin both added and removed, an unknown client and a revoked one', async () => {
      const { clientId } = await newClient();
      const both = await cli(
        t.database.url,
        'client',
        'origins',
        clientId,
        '--add',
        'https://a.example',
        '--remove',
        'https://A.example',
      );
      expect(both.code).toBe(1);
      expect(both.stderr).toMatch(/both added and removed/);
      expect((await cli(t.database.url, 'client', 'origins', 'mpgc_nope')).code).toBe(1);
      await cli(t.database.url, 'client', 'revoke', clientId);
      expect(
        (await cli(t.database.url, 'client', 'origins', clientId, '--add', 'https://a.example')).code,
      ).toBe(1);
    });
  });
});
