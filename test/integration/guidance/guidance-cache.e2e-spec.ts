import { loadConfig } from '../../../src/config/app-config';
import { GuidanceRulesService } from '../../../src/guidance/guidance-rules.service';
import { ManualClock } from '../../support/manual-clock';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The per-process cache of an organization's rules (GUIDANCE_CACHE_TTL_MS), on the injected clock:
 * a rule written behind this process's back (as another replica would) shows once the bound has
 * passed, not before; 0 turns the cache off.
 */
describe('guidance rules cache bound', () => {
  const started = new Date('2030-01-01T00:00:00.000Z');

  async function writeRuleBehindTheAppsBack(t: TestApp, organizationId: string): Promise<void> {
    await t.prisma.guidanceRule.create({
      data: {
        organizationId,
        effect: 'preferred',
        matcher: 'vendor',
        value: 'Office World',
        createdBy: 'replica-b',
      },
    });
  }

  describe('with GUIDANCE_CACHE_TTL_MS=2000', () => {
    const clock = new ManualClock(started);
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ clock, env: { GUIDANCE_CACHE_TTL_MS: '2000' } });
    });
    afterAll(() => t.close());

    it('serves the cached rules until the bound has passed, then reloads them', async () => {
      const organization = await t.prisma.organization.create({ data: { slug: 'cache-a', name: 'A' } });
      const rules = t.app.get(GuidanceRulesService);
      expect(await rules.activeRules(organization.id)).toEqual([]);
      await writeRuleBehindTheAppsBack(t, organization.id);

      clock.advance(1_999);
      expect(await rules.activeRules(organization.id)).toEqual([]);
      clock.advance(1);
      expect(await rules.activeRules(organization.id)).toEqual([
        expect.objectContaining({ effect: 'preferred', matcher: 'vendor', value: 'Office World' }),
      ]);
    });
  });

  describe('with GUIDANCE_CACHE_TTL_MS=0', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ clock: new ManualClock(started), env: { GUIDANCE_CACHE_TTL_MS: '0' } });
    });
    afterAll(() => t.close());

    it('reads the rules on every call (no cache), even with the clock standing still', async () => {
      const organization = await t.prisma.organization.create({ data: { slug: 'cache-b', name: 'B' } });
      const rules = t.app.get(GuidanceRulesService);
      expect(await rules.activeRules(organization.id)).toEqual([]);
      await writeRuleBehindTheAppsBack(t, organization.id);
      expect(await rules.activeRules(organization.id)).toHaveLength(1);
    });
  });

  it('refuses a negative or unbounded GUIDANCE_CACHE_TTL_MS at start', () => {
    for (const value of ['-1', '600000', 'soon']) {
      expect(() => loadConfig({ NODE_ENV: 'test', GUIDANCE_CACHE_TTL_MS: value })).toThrow(
        /GUIDANCE_CACHE_TTL_MS/,
      );
    }
  });
});
