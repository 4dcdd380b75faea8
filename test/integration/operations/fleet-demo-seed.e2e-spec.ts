import { DemoSeedService } from '../../../src/demo/demo-seed.service';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The demo seed as several replicas run it at the same moment, without the timing luck of real process
 * starts: every call counts organizations before any of them writes.
 */
describe('demo seed run concurrently (replicas starting together)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = { DEMO_CATALOG_PRODUCTS: '0' };
    a = await startTestApp({ env });
    b = await startTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('seeds once: one call creates, the others find the data, none fails', async () => {
    const seeders = [a, b, a, b].map((t) => t.app.get(DemoSeedService));
    const results = await Promise.allSettled(seeders.map((seeder) => seeder.seedIfEmpty()));

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const created = results.map(
      (result) => (result as PromiseFulfilledResult<{ created: boolean }>).value.created,
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await a.prisma.organization.count()).toBe(1);
    expect(await a.prisma.oAuthClient.count()).toBe(1);
    expect(await a.prisma.user.count()).toBe(3);
    expect(await a.prisma.guidanceRule.count()).toBe(5);
    expect(await a.prisma.auditEvent.count()).toBe(1 + 3 + 5);
  });
});
