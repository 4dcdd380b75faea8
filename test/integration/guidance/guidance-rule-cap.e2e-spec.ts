import { MAX_ACTIVE_RULES } from '../../../src/guidance/guidance-rules.service';
import { organizationWithTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('guidance rules: the active-rule cap under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('ends 40 parallel creations from 490 active rules at exactly 500, refusing the rest with 409', async () => {
    const { organization, admin } = await organizationWithTokens(t.prisma);
    await t.prisma.guidanceRule.createMany({
      data: Array.from({ length: MAX_ACTIVE_RULES - 10 }, (_, i) => ({
        organizationId: organization.id,
        effect: 'preferred' as const,
        matcher: 'vendor' as const,
        value: `vendor-${i}`,
        createdBy: 'test',
      })),
    });

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
          method: 'POST',
          headers: { ...bearer(admin), 'content-type': 'application/json' },
          body: JSON.stringify({ effect: 'blocked', matcher: 'vendor', value: `parallel-${i}` }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    const refused = responses.find((r) => r.status === 409)!;
    expect(await bodyOf(refused)).toEqual({
      error: 'conflict',
      error_description: expect.stringContaining('500'),
    });
    expect(
      await t.prisma.guidanceRule.count({ where: { organizationId: organization.id, disabledAt: null } }),
    ).toBe(MAX_ACTIVE_RULES);
  });
});
