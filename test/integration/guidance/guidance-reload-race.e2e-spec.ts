import { GuidanceRulesService } from '../../../src/guidance/guidance-rules.service';
import { addRules, organizationWithTokens } from '../../factories/guidance.factory';
import { ManualClock } from '../../support/manual-clock';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * guidance-rules.service.ts: a reload that read the rules before a change made
 * through this process must not put the old rules back; unchanged reloads keep the list's identity.
 * The real query runs; only its answer is held back until the test lets it through.
 */
describe('guidance rule reloads around a change', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { GUIDANCE_CACHE_TTL_MS: '5000' } });
  });
  afterAll(() => t.close());

  /**
   * The next rules query runs for real, but its answer is held back until `release`; `hasRead`
   * resolves once it has read. Later queries are not held.
   */
  function holdNextRulesQuery(): { hasRead: Promise<void>; release: () => void } {
    const delegate = t.prisma.guidanceRule;
    const findMany = delegate.findMany.bind(delegate);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read: () => void = () => undefined;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    const spy = jest.spyOn(delegate, 'findMany').mockImplementationOnce((async (args: never) => {
      const rows = await findMany(args);
      spy.mockRestore();
      read();
      await gate;
      return rows;
    }) as never);
    return { hasRead, release };
  }

  it('a reload that read before a change does not undo it', async () => {
    const rules = t.app.get(GuidanceRulesService);
    const org = await organizationWithTokens(t.prisma);
    expect(await rules.activeRules(org.organization.id)).toEqual([]);
    clock.advance(5_000); // expired: the next call reloads
    const { hasRead, release } = holdNextRulesQuery();
    const early = rules.activeRules(org.organization.id);
    await hasRead; // it read the rules as they were (none)
    await addRules(t.baseUrl, org.admin, [{ effect: 'blocked', matcher: 'vendor', value: 'X' }]);
    release();
    expect(await early).toEqual([]); // began before the change: may answer the old rules
    const after = await rules.activeRules(org.organization.id);
    expect(after.map((r) => r.value)).toEqual(['X']);
    // and they stay: the late reload did not put [] back into the cache
    expect((await rules.activeRules(org.organization.id)).map((r) => r.value)).toEqual(['X']);
  });

  it('an unchanged reload returns the very same list; a changed one a new list', async () => {
    const rules = t.app.get(GuidanceRulesService);
    const org = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, org.admin, [{ effect: 'preferred', matcher: 'vendor', value: 'Y' }]);
    const first = await rules.activeRules(org.organization.id);
    clock.advance(5_000);
    const [a, b] = await Promise.all([
      rules.activeRules(org.organization.id),
      rules.activeRules(org.organization.id),
    ]);
    expect(a).toBe(first);
    expect(b).toBe(first);
    await t.prisma.guidanceRule.updateMany({
      where: { organizationId: org.organization.id },
      data: { disabledAt: new Date() },
    });
    clock.advance(5_000);
    const changed = await rules.activeRules(org.organization.id);
    expect(changed).not.toBe(first);
    expect(changed).toEqual([]);
  });

  it("keeps a reload that spanned another organization's change", async () => {
    const rules = t.app.get(GuidanceRulesService);
    const org = await organizationWithTokens(t.prisma);
    const other = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, org.admin, [{ effect: 'preferred', matcher: 'vendor', value: 'Z' }]);
    clock.advance(5_000);
    const { hasRead, release } = holdNextRulesQuery();
    const reloading = rules.activeRules(org.organization.id);
    await hasRead;
    await addRules(t.baseUrl, other.admin, [{ effect: 'blocked', matcher: 'vendor', value: 'W' }]);
    release();
    const reloaded = await reloading;
    // Kept: the next request (within the cache period) gets the same list without a query.
    const queries = jest.spyOn(t.prisma.guidanceRule, 'findMany');
    try {
      expect(await rules.activeRules(org.organization.id)).toBe(reloaded);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });
});
