import { hostname, userInfo } from 'node:os';
import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { ClientsService } from '../../../src/oauth/clients.service';
import { UsersService } from '../../../src/oauth/users.service';
import { Organization } from '../../../src/generated/prisma/client';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli as runCli } from '../../support/cli';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('audit events of administration', () => {
  let t: TestApp;
  const operator = `cli:${userInfo().username}@${hostname()}`;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const cli = (...argv: string[]) => runCli(t.database.url, ...argv);

  const eventsOf = (organization: Organization) =>
    t.prisma.auditEvent.findMany({
      where: { organizationId: organization.id },
      orderBy: { sequence: 'asc' },
    });

  it('records guidance rules added and disabled through the API with the user and client as actor', async () => {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin] });
    const token = await issueTestToken(t.prisma, admin, client);
    const headers = { ...bearer(token), 'content-type': 'application/json' };

    const created = await fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        effect: 'preferred',
        matcher: 'vendor',
        value: 'Office World',
        note: 'frame deal',
      }),
    });
    expect(created.status).toBe(201);
    const rule = await bodyOf(created);
    const removed = await fetch(`${t.baseUrl}/api/v1/guidance/rules/${rule.id}`, {
      method: 'DELETE',
      headers,
    });
    expect(removed.status).toBe(200);
    // Disabling again changes nothing and records nothing.
    await fetch(`${t.baseUrl}/api/v1/guidance/rules/${rule.id}`, { method: 'DELETE', headers });

    const events = await eventsOf(organization);
    expect(events.map((e) => e.type)).toEqual(['guidance.rule_added', 'guidance.rule_disabled']);
    for (const event of events) {
      expect(event).toMatchObject({ actorUserId: admin.id, actorClientId: client.id, actorLabel: null });
    }
    const asAdded = {
      id: rule.id,
      effect: 'preferred',
      matcher: 'vendor',
      value: 'Office World',
      currency: null,
      note: 'frame deal',
      createdBy: admin.email,
      createdAt: rule.createdAt,
    };
    expect(events[0].payload).toEqual({ rule: asAdded });
    // The rule as it was before it was disabled.
    expect(events[1].payload).toEqual({ rule: asAdded });
  });

  it('records client, user and token administration from the CLI with the operator as actor', async () => {
    expect((await cli('org', 'create', 'audited', '--name', 'Audited AG')).code).toBe(0);
    const organization = await t.prisma.organization.findUniqueOrThrow({ where: { slug: 'audited' } });

    const createdClient = await cli('client', 'create', '--org', 'audited', '--name', 'ERP', '--json');
    expect(createdClient.code).toBe(0);
    const { clientId, clientSecret } = JSON.parse(createdClient.stdout);
    const ref = ['--org', 'audited', '--email', 'ann@example.com'];
    expect((await cli('user', 'add', ...ref, '--role', 'buyer')).code).toBe(0);
    expect((await cli('user', 'roles', ...ref, '--role', 'buyer', '--role', 'auditor')).code).toBe(0);
    expect((await cli('token', 'revoke-user', ...ref)).code).toBe(0);
    expect((await cli('user', 'disable', ...ref)).code).toBe(0);
    expect((await cli('client', 'revoke', clientId)).code).toBe(0);
    expect(
      (
        await cli(
          'guidance',
          'add',
          '--org',
          'audited',
          '--effect',
          'blocked',
          '--matcher',
          'brand',
          '--value',
          'X',
        )
      ).code,
    ).toBe(0);

    const events = await eventsOf(organization);
    expect(events.map((e) => [Number(e.sequence), e.type])).toEqual([
      [1, 'client.created'],
      [2, 'user.added'],
      [3, 'user.role_changed'],
      [4, 'token.revoked'],
      [5, 'user.disabled'],
      [6, 'client.revoked'],
      [7, 'guidance.rule_added'],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ actorLabel: operator, actorUserId: null, actorClientId: null });
    }
    const user = await t.prisma.user.findFirstOrThrow({ where: { email: 'ann@example.com' } });
    const stored = await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } });
    expect(events[0].payload).toEqual({
      client: { id: stored.id, clientId, name: 'ERP' },
      callbackOrigins: [],
    });
    // Never the secret, nor its hash.
    const everything = JSON.stringify(events.map((e) => e.payload));
    expect(everything).not.toContain(clientSecret);
    expect(everything).not.toContain(Buffer.from(stored.secretHash).toString('hex'));
    expect(everything).not.toContain(Buffer.from(stored.secretHash).toString('base64'));
    expect(events[1].payload).toEqual({ user: { id: user.id, email: user.email }, roles: ['buyer'] });
    expect(events[2].payload).toEqual({
      user: { id: user.id, email: user.email },
      from: ['buyer'],
      to: ['auditor', 'buyer'],
    });
    expect(events[3].payload).toEqual({ user: { id: user.id, email: user.email }, revoked: 0 });
    expect(events[4].payload).toEqual({ user: { id: user.id, email: user.email }, tokensRevoked: 0 });
    expect(events[5].payload).toEqual({ client: { id: stored.id, clientId, name: 'ERP' }, tokensRevoked: 0 });

    const verification = await t.app.get(AuditChainService).verify(organization.id);
    expect(verification).toEqual({
      intact: true,
      checked: 7,
      head: { sequence: 7, hash: expect.any(String) },
    });
  });

  it('records one event when the same client is revoked or user disabled twice at once', async () => {
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    const actor = { label: 'cli:test' };
    const clients = t.app.get(ClientsService);
    const users = t.app.get(UsersService);
    const ref = { org: organization.slug, email: user.email };
    await Promise.all([clients.revoke(clientId, actor), clients.revoke(clientId, actor)]);
    await Promise.all([users.disable(ref, actor), users.disable(ref, actor)]);
    expect((await eventsOf(organization)).map((e) => e.type)).toEqual(['client.revoked', 'user.disabled']);
  });

  it('does not issue an event for tokens issued', async () => {
    const organization = await createOrganization(t.prisma);
    const { clientId, clientSecret } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    const response = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        user_email: user.email,
      }),
    });
    expect(response.status).toBeLessThan(500);
    expect(await eventsOf(organization)).toEqual([]);
  });

  it('rolls the change back when its event cannot be written', async () => {
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization);
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin] });
    const token = await issueTestToken(t.prisma, admin, client);
    const audit = t.app.get(AuditService);
    const failing = jest.spyOn(audit, 'append').mockRejectedValue(new Error('audit trail unavailable'));
    try {
      const created = await fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ effect: 'blocked', matcher: 'brand', value: 'Acme' }),
      });
      expect(created.status).toBe(500);
      await expect(t.app.get(ClientsService).revoke(clientId, { label: 'cli:test' })).rejects.toThrow(
        'audit trail unavailable',
      );
    } finally {
      failing.mockRestore();
    }
    expect(await t.prisma.guidanceRule.count({ where: { organizationId: organization.id } })).toBe(0);
    expect((await t.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.id } })).revokedAt).toBeNull();
    expect(await eventsOf(organization)).toEqual([]);
  });
});
