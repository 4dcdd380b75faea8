import { AuditEventTypes } from '../../../src/audit/audit-event';
import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { Organization, User } from '../../../src/generated/prisma/client';
import { AccessTokensService } from '../../../src/oauth/access-tokens.service';
import { OAuthModule } from '../../../src/oauth/oauth.module';
import { UsersService } from '../../../src/oauth/users.service';
import {
  ClientWithSecret,
  createClient,
  createOrganization,
  createUser,
} from '../../factories/identity.factory';
import { ManualClock } from '../../support/manual-clock';
import { startTestServices, TestServices } from '../../support/test-services';

// What operators do to a user's access, called as the CLI and the console call it: which tokens it
// touches, what the audit chain records, and that two operators at once change things once.
describe("a user's tokens (service tier)", () => {
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  const actor = { label: 'service-test' };
  let s: TestServices;
  let tokens: AccessTokensService;
  let users: UsersService;
  let organization: Organization;
  let client: ClientWithSecret;
  let user: User;

  beforeAll(async () => {
    s = await startTestServices([OAuthModule], { clock, env: { TOKEN_TTL_SECONDS: '3600' } });
    tokens = s.get(AccessTokensService);
    users = s.get(UsersService);
    organization = await createOrganization(s.prisma);
    client = await createClient(s.prisma, organization);
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    user = await createUser(s.prisma, organization);
  });

  const ref = () => ({ org: organization.slug, email: user.email });
  const issue = () =>
    tokens.issue({ organizationId: organization.id, userId: user.id, clientId: client.client.id });
  const events = (type: string) =>
    s.prisma.auditEvent.findMany({
      where: { organizationId: organization.id, type },
      orderBy: { sequence: 'asc' },
    });
  const ofUser = async (type: string) =>
    (await events(type)).filter((event) => (event.payload as { user: { id: string } }).user.id === user.id);

  it('revoke-user revokes the live tokens only, and records the count, also when it is zero', async () => {
    await issue();
    clock.advanceSeconds(3601); // the first token has expired
    await issue();

    expect(await tokens.revokeForUser(ref(), actor)).toEqual({ email: user.email, revoked: 1 });
    const rows = await s.prisma.accessToken.findMany({
      where: { userId: user.id },
      orderBy: { issuedAt: 'asc' },
    });
    expect(rows.map((row) => row.revokedAt)).toEqual([null, clock.now()]);

    expect(await tokens.revokeForUser(ref(), actor)).toEqual({ email: user.email, revoked: 0 });
    expect((await ofUser(AuditEventTypes.tokensRevoked)).map((event) => event.payload)).toEqual([
      expect.objectContaining({ revoked: 1 }),
      expect.objectContaining({ revoked: 0 }),
    ]);
  });

  it('two operators disabling one user at once: disabled once, one event, every token revoked once', async () => {
    await Promise.all([issue(), issue(), issue()]);

    const [first, second] = await Promise.all([users.disable(ref(), actor), users.disable(ref(), actor)]);
    expect(first.disabledAt).toEqual(clock.now());
    expect(second.disabledAt).toEqual(clock.now());
    expect((await ofUser(AuditEventTypes.userDisabled)).map((event) => event.payload)).toEqual([
      expect.objectContaining({ tokensRevoked: 3 }),
    ]);
    const rows = await s.prisma.accessToken.findMany({ where: { userId: user.id } });
    expect(rows.map((row) => row.revokedAt)).toEqual([clock.now(), clock.now(), clock.now()]);
    // The chain those events went into has no gap and verifies.
    expect(await s.get(AuditChainService).verify(organization.id)).toMatchObject({ intact: true });
  });

  it('enabling the user again leaves the revoked tokens revoked', async () => {
    await issue();
    await users.disable(ref(), actor);
    clock.advanceSeconds(60);
    const enabled = await users.enable(ref(), actor);

    expect(enabled.disabledAt).toBeNull();
    const rows = await s.prisma.accessToken.findMany({ where: { userId: user.id } });
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });
});
