import { AuditEventTypes } from '../../../src/audit/audit-event';
import { ApiError } from '../../../src/common/http/api-error';
import { Organization } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { OAuthModule } from '../../../src/oauth/oauth.module';
import { ClientWithSecret, createClient, createOrganization } from '../../factories/identity.factory';
import { ManualClock } from '../../support/manual-clock';
import { startTestServices, TestServices } from '../../support/test-services';

// The grace period of a secret rotation is time: the old secret works until its end and not a
// moment later. Through HTTP and the CLI a test could only wait for it; here the clock moves.
describe('client secret rotation (service tier)', () => {
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  const actor = { label: 'service-test' };
  let s: TestServices;
  let clients: ClientsService;
  let organization: Organization;
  let client: ClientWithSecret;

  beforeAll(async () => {
    s = await startTestServices([OAuthModule], { clock });
    clients = s.get(ClientsService);
    organization = await createOrganization(s.prisma);
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    client = await createClient(s.prisma, organization);
  });

  const outcome = async (secret: string) => (await clients.authenticate(client.clientId, secret)).outcome;

  it('accepts the old secret until the grace period ends, exactly, and the new one throughout', async () => {
    const rotated = await clients.rotateSecret(client.clientId, 3600, actor);
    expect(rotated.previousSecretValidUntil).toEqual(new Date('2026-03-01T10:00:00Z'));

    expect(await outcome(client.clientSecret)).toBe('authenticated');
    clock.advance(3600 * 1000 - 1);
    expect(await outcome(client.clientSecret)).toBe('authenticated');
    clock.advance(1);
    expect(await outcome(client.clientSecret)).toBe('unknown');
    expect(await outcome(rotated.clientSecret)).toBe('authenticated');
  });

  it('without a grace period the old secret stops at once', async () => {
    const rotated = await clients.rotateSecret(client.clientId, 0, actor);
    expect(rotated.previousSecretValidUntil).toBeUndefined();
    expect(await outcome(client.clientSecret)).toBe('unknown');
    expect(await outcome(rotated.clientSecret)).toBe('authenticated');
  });

  it('a second rotation within the grace period retires the first secret: only the last two work', async () => {
    const first = await clients.rotateSecret(client.clientId, 3600, actor);
    clock.advance(60_000);
    const second = await clients.rotateSecret(client.clientId, 3600, actor);

    expect(await outcome(client.clientSecret)).toBe('unknown');
    expect(await outcome(first.clientSecret)).toBe('authenticated');
    expect(await outcome(second.clientSecret)).toBe('authenticated');
  });

  it('records each rotation in the audit chain with its grace period and no secret or digest', async () => {
    const rotated = await clients.rotateSecret(client.clientId, 900, actor);
    const events = await s.prisma.auditEvent.findMany({
      where: { organizationId: organization.id, type: AuditEventTypes.clientSecretRotated },
    });
    const event = events.find(
      (candidate) =>
        (candidate.payload as { client: { clientId: string } }).client.clientId === client.clientId,
    );
    expect(event?.payload).toEqual({
      client: { id: client.client.id, clientId: client.clientId, name: null },
      graceSeconds: 900,
      previousSecretValidUntil: rotated.previousSecretValidUntil?.toISOString(),
    });
    const stored = await s.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.client.id } });
    const written = JSON.stringify(event?.payload);
    for (const secret of [client.clientSecret, rotated.clientSecret])
      expect(written).not.toContain(secret.slice('mpgs_'.length));
    expect(written).not.toContain(Buffer.from(stored.secretHash).toString('hex'));
    expect(written).not.toContain(Buffer.from(stored.secretHash).toString('base64'));
  });

  it('refuses to rotate a revoked client (409) and an unknown one (404), changing nothing', async () => {
    await clients.revoke(client.clientId, actor);
    const before = await s.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.client.id } });

    const revoked = await clients.rotateSecret(client.clientId, 60, actor).catch((error: unknown) => error);
    const unknown = await clients.rotateSecret('mpgc_unknown', 60, actor).catch((error: unknown) => error);
    expect(revoked).toBeInstanceOf(ApiError);
    expect(unknown).toBeInstanceOf(ApiError);
    expect([(revoked as ApiError).getStatus(), (revoked as ApiError).code]).toEqual([409, 'conflict']);
    expect([(unknown as ApiError).getStatus(), (unknown as ApiError).code]).toEqual([404, 'not_found']);
    expect(await s.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.client.id } })).toEqual(before);
    // The right secret of a revoked client is told apart from a wrong one only after it matched.
    expect(await outcome(client.clientSecret)).toBe('revoked');
    expect(await outcome('mpgs_wrong')).toBe('unknown');
  });
});
