import { ManualClock } from '../../support/manual-clock';
import { generateSecret, sha256 } from '../../../src/common/crypto/secrets';
import { AccessTokensService } from '../../../src/oauth/access-tokens.service';
import { TokenPurgeScheduler } from '../../../src/oauth/token-purge.scheduler';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { startTestApp, TestApp } from '../../support/test-app';

const DAY = 86_400_000;

describe('expired token purge (TOKEN_RETENTION_DAYS=30)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2030-06-30T00:00:00.000Z'));

  beforeAll(async () => {
    t = await startTestApp({ clock, env: { TOKEN_RETENTION_DAYS: '30' } });
  });
  afterAll(() => t.close());

  async function tokensExpiringAt(...expiries: Date[]): Promise<string[]> {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    const ids: string[] = [];
    for (const expiresAt of expiries) {
      const row = await t.prisma.accessToken.create({
        data: {
          tokenHash: sha256(generateSecret('mpgt_')),
          organizationId: organization.id,
          userId: user.id,
          clientId: client.id,
          issuedAt: new Date(expiresAt.getTime() - 300_000),
          expiresAt,
        },
      });
      ids.push(row.id);
    }
    return ids;
  }
  const remaining = async (ids: string[]) =>
    (await t.prisma.accessToken.findMany({ where: { id: { in: ids } }, select: { id: true } })).map(
      (r) => r.id,
    );

  it('deletes tokens expired longer than the retention and keeps the rest as the record', async () => {
    const now = clock.now().getTime();
    const [old, older, justInside, recent, live] = await tokensExpiringAt(
      new Date(now - 30 * DAY - 1),
      new Date(now - 400 * DAY),
      new Date(now - 30 * DAY),
      new Date(now - DAY),
      new Date(now + 300_000),
    );
    const deleted = await t.app.get(AccessTokensService).purgeExpired();
    expect(deleted).toBe(2);
    expect((await remaining([old, older, justInside, recent, live])).sort()).toEqual(
      [justInside, recent, live].sort(),
    );
  });

  it('purges what aged past the retention as the clock moves on, from the scheduled job', async () => {
    const now = clock.now().getTime();
    const [recent] = await tokensExpiringAt(new Date(now - DAY));
    await t.app.get(TokenPurgeScheduler).runOnce();
    expect(await remaining([recent])).toEqual([recent]);
    clock.advance(30 * DAY);
    await t.app.get(TokenPurgeScheduler).runOnce();
    expect(await remaining([recent])).toEqual([]);
  });
});
