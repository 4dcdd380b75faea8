import { UserRole } from '../../../src/generated/prisma/enums';
import { UsersService } from '../../../src/oauth/users.service';
import { createOrganization, createUser } from '../../factories/identity.factory';
import { consoleCookie } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A console session ends for good when its user is disabled or loses the role auditor: enabling the
 * user again or giving the role back does not bring the old cookie back to life (a new sign-in does).
 */
describe('compliance console: disabling or a role change ends console sessions for good', () => {
  let t: TestApp;
  let users: UsersService;
  const actor = { label: 'cli:test' };

  beforeAll(async () => {
    t = await startTestApp();
    users = t.app.get(UsersService);
  });
  afterAll(() => t?.close());

  const dashboard = async (cookie: string) => {
    const response = await fetch(`${t.baseUrl}/audit/console`, { headers: { cookie } });
    await response.arrayBuffer();
    return response.status;
  };

  async function signedInAuditor() {
    const organization = await createOrganization(t.prisma);
    const user = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
    const cookie = await consoleCookie(t, user);
    expect(await dashboard(cookie)).toBe(200);
    return { ref: { org: organization.slug, email: user.email }, user, cookie };
  }

  const endedSessions = (userId: string) =>
    t.prisma.auditConsoleSession.count({ where: { userId, endedAt: { not: null } } });

  it('disabled, then enabled again: the old cookie stays signed out', async () => {
    const { ref, user, cookie } = await signedInAuditor();
    await users.disable(ref, actor);
    // No console request in between: the session must end with the disabling itself.
    await users.enable(ref, actor);
    expect(await dashboard(cookie)).toBe(401);
    expect(await endedSessions(user.id)).toBe(1);
    // A new sign-in works.
    expect(await dashboard(await consoleCookie(t, user))).toBe(200);
  });

  it('loses the role auditor, then gets it back: the old cookie stays signed out', async () => {
    const { ref, user, cookie } = await signedInAuditor();
    await users.setRoles(ref, [UserRole.buyer], actor);
    await users.setRoles(ref, [UserRole.auditor], actor);
    expect(await dashboard(cookie)).toBe(401);
    expect(await endedSessions(user.id)).toBe(1);
  });

  it('a role change that keeps auditor leaves the console open', async () => {
    const { ref, cookie } = await signedInAuditor();
    await users.setRoles(ref, [UserRole.auditor, UserRole.admin], actor);
    expect(await dashboard(cookie)).toBe(200);
  });

  it("ends only that user's sessions", async () => {
    const one = await signedInAuditor();
    const other = await signedInAuditor();
    await users.disable(one.ref, actor);
    expect(await dashboard(one.cookie)).toBe(401);
    expect(await dashboard(other.cookie)).toBe(200);
  });
});
